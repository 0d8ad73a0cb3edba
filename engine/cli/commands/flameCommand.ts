// `varbench flame`: declared here, run by flame.ts.
import type { Command } from "commander";
import { jsonOption, TARGET, threadOption, workspaceDir } from "../options.js";

export function declareFlame(program: Command): void {
  program
    .command("flame")
    .description(
      "a flame graph as collapsed stacks (flamegraph.pl, speedscope): self time in ns per run of each call chain of a run, a design's runs pooled, or a trace",
    )
    .argument("<target>", TARGET)
    .addOption(threadOption('one thread of a run or trace ("tid" or "pid/tid")'))
    .option(
      "--vs <target>",
      "a second run or design: two columns, A's and B's (difffolded.pl, for flamegraph.pl's differential graphs)",
    )
    .option("--on-cpu", "uftrace: leave the time threads spent switched out out of every call")
    .addOption(jsonOption("print the flame graph's JSON"))
    .action(async (target: string, o) => (await import("./flame.js")).flame(workspaceDir(program), target, o));
}
