// `varbench run-one`: the entry point of a Slurm array task (executor slurm),
// not a user's command, so not listed; run by runner/slurm/runOne.ts.
import type { Command } from "commander";
import { wholeNumber } from "../optionParsers.js";

export function declareRunOne(program: Command): void {
  program
    .command("run-one", { hidden: true })
    .description(
      "run one planned run of a Slurm campaign from its task file in the shared folder, and write its result there",
    )
    .argument("<shared>", "the executor's shared folder")
    .argument("<run>", "the run's id", wholeNumber)
    .action(async (shared: string, runId: number) => {
      const { runOne } = await import("../../runner/slurm/runOne.js");
      const r = await runOne(shared, runId);
      process.stderr.write(
        `run ${runId} on ${r.node}: ${r.outcome.status}${r.outcome.message ? ` (${r.outcome.message})` : ""}\n`,
      );
    });
}
