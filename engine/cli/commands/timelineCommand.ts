// `varbench timeline`: declared here, run by timeline.ts.
import type { Command } from "commander";
import { jsonOption, TARGET, workspaceDir } from "../options.js";
import { decimal, wholeNumber } from "../optionParsers.js";

export function declareTimeline(program: Command): void {
  program
    .command("timeline")
    .description(
      "a run's or trace's calls over time, per thread: the calls at least one column wide as slices, the narrower ones merged per depth and column (count, total time), scheduler waits marked",
    )
    .argument("<target>", TARGET)
    .option(
      "--from <ns>",
      "the window's start, ns on the trace's clock (the JSON's spanStartNs); default: the trace's start",
      decimal,
    )
    .option("--to <ns>", "the window's end, ns on the trace's clock; default: the trace's end", decimal)
    .option(
      "--width <columns>",
      "columns across the window: calls narrower than one are merged (default 1000)",
      wholeNumber,
    )
    .option(
      "--on-cpu",
      "uftrace with scheduler events: leave the time each thread spent switched out out of its clock (threads' times no longer line up)",
    )
    .addOption(jsonOption("print the window's JSON (slices, summaries, functions)"))
    .action(async (target: string, o) => (await import("./timeline.js")).timeline(workspaceDir(program), target, o));
}
