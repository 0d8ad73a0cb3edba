// `varbench compare`: declared here, run by compare.ts.
import type { Command } from "commander";
import { DEFAULT_CONFIDENCE, DEFAULT_PRECISION } from "../../patterns/parameters.js";
import { CAMPAIGN_TARGET, designsOption, workloadOption, workspaceDir } from "../options.js";
import { choice, confidenceLevel, CONFIDENCE_BOUNDS, decimal, percent } from "../optionParsers.js";
import { patternOptions } from "./executionPatternsCommand.js";
import { STRATEGIES } from "./strategies.js";

export function declareCompare(program: Command): void {
  const [low, high] = CONFIDENCE_BOUNDS;
  patternOptions(
    program
      .command("compare")
      .description(
        "which of two designs of a campaign is faster, per workload, in the campaign's measure (a ratio with its interval), then compared pattern by pattern where the runs have per-thread timelines (paper 004 §5)",
      )
      .argument("<campaign>", CAMPAIGN_TARGET)
      .addOption(designsOption("the two designs, A (the reference) and B").makeOptionMandatory())
      .addOption(workloadOption("only this workload's runs (default: every workload, each compared on its own)"))
      .option("--no-patterns", "leave out the comparison by execution patterns")
      .option(
        "--confidence <p>",
        `confidence of every interval and test, the verdict's too, ${low}–${high} (default ${DEFAULT_CONFIDENCE})`,
        confidenceLevel,
      )
      .option(
        "--precision <x>",
        `precision for the runs needed, as a share of the mean (default ${DEFAULT_PRECISION})`,
        decimal,
      )
      .option(
        "--strategy <name>",
        "what --fail-if-worse judges by: verdict (the overall ratio, or the one workload's), m-run, c-pattern, a-pattern, means",
        choice(STRATEGIES),
        "verdict",
      )
      .option(
        "--fail-if-worse <percent>",
        "exit with status 2 when A is shown faster and B's measure is above A's by more than this (e.g. 2 or 2%) under --strategy",
        percent,
      ),
  ).action(async (campaign: string, o) => (await import("./compare.js")).compare(workspaceDir(program), campaign, o));
}
