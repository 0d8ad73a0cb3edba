// `varbench phases` (paper 003): declared here, run by phases.ts.
import type { Command } from "commander";
import { CAMPAIGN_TARGET, designOption, jsonOption, workspaceDir } from "../options.js";
import { choice } from "../optionParsers.js";

export function declarePhases(program: Command): void {
  program
    .command("phases")
    .description(
      "phase markers by active profiling (paper 003) from a campaign's regular and irregular runs; `phases segment <run>` cuts a run into those phases",
    )
    .argument("<campaign>", `${CAMPAIGN_TARGET}; or the word segment, then a run`)
    .argument("[run]", "with segment: the run to cut into phases")
    .addOption(designOption())
    .option("--markers <campaign>", "with segment: the campaign whose runs give the markers (default: the run's own)")
    .option(
      "--logical-time <what>",
      "what distances and gaps are measured in: time (default) or calls",
      choice(["time", "calls"] as const),
    )
    .option(
      "--granularity <what>",
      "candidate markers are functions (default) or call chains (a function in its calling context)",
      choice(["function", "chain"] as const),
    )
    .addOption(jsonOption())
    .action(async (first: string, run: string | undefined, o) =>
      (await import("./phases.js")).phases(workspaceDir(program), first, run, o),
    );
}
