// `varbench report`: declared here, run by report.ts.
import type { Command } from "commander";
import { designsOption, metricOption, workloadOption, workspaceDir } from "../options.js";
import { wholeNumber } from "../optionParsers.js";

export function declareReport(program: Command): void {
  program
    .command("report")
    .description(
      "a campaign's report: its measure per design × workload and, for two designs, which is faster (per workload) and every analysis the profiler allows",
    )
    .argument("<campaign>", "campaign id", wholeNumber)
    .addOption(designsOption("the two designs to compare (default: the campaign's two, if it has two)"))
    .addOption(workloadOption("one workload's runs only (trends still take every workload)"))
    .addOption(metricOption("the measure compared", "the one the campaign's profiler gives"))
    .option("--format <format>", "html, markdown (md), pdf, csv (a zip of one file per table) or json", "html")
    .requiredOption("-o, --output <file>", 'where to write it ("-" for standard output, text formats only)')
    .action(async (id: number, o) => (await import("./report.js")).report(workspaceDir(program), id, o));
}
