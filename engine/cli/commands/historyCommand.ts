// `varbench history`: declared here, run by history.ts.
import type { Command } from "commander";
import { DEFAULT_FDR, DEFAULT_MIN_SEGMENT } from "../../history/parameters.js";
import { csvOption, designOption, jsonOption, metricOption, workloadOption, workspaceDir } from "../options.js";
import { decimal, percent, wholeNumber } from "../optionParsers.js";

export function declareHistory(program: Command): void {
  program
    .command("history")
    .description(
      "each design × workload × measure over the versions the project's campaigns measured (campaign run --program-version), with its change points: E-Divisive means with a seeded permutation test, false discoveries controlled across series; runs compared only within one environment (machine, kernel, profiler version)",
    )
    .argument("<project>", "project name")
    .addOption(designOption("only this design's series"))
    .addOption(workloadOption("only this workload's series"))
    .addOption(metricOption("the measure", "each campaign's profiler's own: wall time under time, and so on"))
    .option(
      "--min-magnitude <percent>",
      "leave out change points smaller than this, after/before (e.g. 1 or 1%; default 0: every significant one)",
      percent,
    )
    .option(
      "--fail-on-regression <percent>",
      "exit with status 2 when a series' newest change point is a regression of at least this (e.g. 2 or 2%)",
      percent,
    )
    .option("--fdr <q>", `false-discovery rate controlled across the series (default ${DEFAULT_FDR})`, decimal)
    .option(
      "--min-segment <n>",
      `fewest versions on each side of a change point (default ${DEFAULT_MIN_SEGMENT})`,
      wholeNumber,
    )
    .addOption(jsonOption())
    .addOption(csvOption())
    .action(async (project: string, o) => (await import("./history.js")).history(workspaceDir(program), project, o));
}
