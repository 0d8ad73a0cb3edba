// `varbench sandwich`: declared here, run by sandwich.ts.
import type { Command } from "commander";
import { csvOption, jsonOption, TARGET, threadOption, workspaceDir } from "../options.js";

export function declareSandwich(program: Command): void {
  program
    .command("sandwich")
    .description(
      "a function's callers and callees with their times (speedscope's sandwich view), all its contexts merged, in a run, a design's runs pooled, or a trace",
    )
    .argument("<target>", TARGET)
    .argument("<function>", "the function's name as the trace records it (a name not found: the nearest are listed)")
    .addOption(threadOption('one thread of a run or trace ("tid" or "pid/tid")'))
    .option("--on-cpu", "uftrace: leave the time threads spent switched out out of every call")
    .addOption(jsonOption("print the sandwich's JSON"))
    .addOption(csvOption())
    .action(async (target: string, fn: string, o) =>
      (await import("./sandwich.js")).sandwich(workspaceDir(program), target, fn, o),
    );
}
