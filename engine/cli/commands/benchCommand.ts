// `varbench bench 'cmd A' 'cmd B'`: declared here, run by bench.ts.
import { Option, type Command } from "commander";
import { PROFILER_NAMES } from "../../campaign/profilerNames.js";
import { jsonOption, seedOption } from "../options.js";
import { choice, percent, wholeNumber } from "../optionParsers.js";

const collect = (v: string, all: string[] = []) => [...all, v];

export function declareBench(program: Command): void {
  program
    .command("bench")
    .description(
      "time commands against each other as hyperfine does, kept as a campaign of the workspace (every analysis and the report apply): B ran N times faster than A, per parameter value",
    )
    .argument(
      "<commands...>",
      "the commands to time, each one argument (quote it); {name} stands for a parameter's value",
    )
    .addOption(
      new Option("-r, --runs <n>", "measured runs of each command (and parameter value)")
        .argParser(wholeNumber)
        .default(10),
    )
    .addOption(
      new Option("--warmup <n>", "runs of each first, left out of the statistics (caches filled)")
        .argParser(wholeNumber)
        .default(0),
    )
    .option(
      "-L, --parameter-list <name=values>",
      "a parameter and its values, e.g. -L n 1000,2000 or -L n=1000,2000; numbers are workloads (one row each), words are variants of each command; repeatable",
      collect,
    )
    .option(
      "-n, --command-name <name>",
      "the name of a command, in the order of the commands (default: made from the command); repeatable",
      collect,
    )
    .addOption(
      new Option(
        "--profiler <name>",
        "what watches each run: time (wall, CPU, memory), or a profiler whose own measure is then compared (uftrace: a -pg build)",
      )
        .argParser(choice(PROFILER_NAMES))
        .default("time"),
    )
    .option(
      "--profiler-option <opt>",
      "an option handed to the profiler, e.g. --profiler-option=-t --profiler-option=1us; repeatable",
      collect,
    )
    .option(
      "-N, --shell-none",
      "start each command as is, split into words, without sh -c (the default under uftrace, callgrind and gcov)",
    )
    .option("--timeout <t>", "each run's limit, e.g. 30s or 2m (default 600s)")
    .option("--project <name>", "the project the campaign is kept under", "bench")
    .option("--name <name>", "the campaign's name (default bench-<n>)")
    .addOption(seedOption("seed of the run order (default random; recorded)"))
    .option("--export-json <file>", "also write the results in hyperfine's JSON format")
    .option(
      "--fail-if-worse <percent>",
      "exit with status 2 when the first command is shown faster than another by more than this (e.g. 2 or 2%)",
      percent,
    )
    .addOption(jsonOption("print the verdicts as JSON"))
    .action(async (commands: string[], o) => (await import("./bench.js")).bench(program, commands, o));
}

/** hyperfine writes `-L n 1000,2000` (two words): said as `-L n=1000,2000` before Commander reads it. */
export function joinParameterLists(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const next = argv[i + 1];
    if (
      (a === "-L" || a === "--parameter-list") &&
      next !== undefined &&
      !next.includes("=") &&
      argv[i + 2] !== undefined &&
      !argv[i + 2]!.startsWith("-")
    ) {
      out.push(a, `${next}=${argv[i + 2]}`);
      i += 2;
    } else out.push(a);
  }
  return out;
}
