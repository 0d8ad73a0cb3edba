// `varbench import`: declared here, run by importTrace.ts.
import type { Command } from "commander";
import { maxChildrenOption, workloadOption, workspaceDir } from "../options.js";

export function declareImport(program: Command): void {
  program
    .command("import")
    .description(
      "import a trace (uftrace directory, Chrome JSON, varbench-events text) as a run, or benchmark results (hyperfine --export-json, Google Benchmark or pyperf JSON) as a campaign of designs × workloads",
    )
    .argument("<file>", "trace file or uftrace data directory, or a results JSON file (found out by its content)")
    .requiredOption("--project <name>", "project the run or campaign belongs to")
    .addOption(
      workloadOption(
        "workload of the run; for results, the workload of results that name none (default: the file's name)",
      ),
    )
    .option(
      "--design <name>",
      "design of the run; for results, one design for the whole file (the tool's names become the workloads)",
    )
    .addOption(maxChildrenOption("traces: keep child covariance for contexts with at most n children"))
    .option("--campaign-name <name>", "results: name of the campaign (default: <tool>-<file name>)")
    .option(
      "--program-version <label>",
      "results: the version of the program they measured, for varbench history (a git revision where the file lies is ordered by commit order)",
    )
    .action(async (file: string, o) => (await import("./importTrace.js")).importTrace(workspaceDir(program), file, o));
}
