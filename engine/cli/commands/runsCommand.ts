// `varbench runs …`: declared here, run by runs.ts.
import type { Command } from "commander";
import { csvOption, jsonOption, workspaceDir } from "../options.js";
import { wholeNumber } from "../optionParsers.js";

export function declareRuns(program: Command): void {
  const runs = program.command("runs").description("the runs of the workspace");
  runs
    .command("list", { isDefault: true })
    .description("list the runs: status, wall time, peak memory; a plain timing run of a pair is marked plain")
    .option("--campaign <id>", "only this campaign's runs", wholeNumber)
    .addOption(jsonOption())
    .addOption(csvOption())
    .action(async (o: { campaign?: number; json: boolean; csv: boolean }) =>
      (await import("./runs.js")).list(workspaceDir(program), o),
    );
  runs
    .command("show")
    .argument("<id>", "run id", wholeNumber)
    .description("one run's details as JSON")
    .action(async (id: number) => (await import("./runs.js")).show(workspaceDir(program), id));
}
