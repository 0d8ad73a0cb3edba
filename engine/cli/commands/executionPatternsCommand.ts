// `varbench execution-patterns` (paper 004): declared here with the options it
// shares with `varbench compare`, run by executionPatterns.ts.
import type { Command } from "commander";
import { ALIGNED_INTERVALS, DEFAULT_SEED, MAX_PATTERNS } from "../../patterns/parameters.js";
import {
  CAMPAIGN_TARGET,
  csvOption,
  designOption,
  designsOption,
  jsonOption,
  metricOption,
  seedOption,
  workloadOption,
  workspaceDir,
} from "../options.js";
import { choice, wholeNumber } from "../optionParsers.js";

/** Options of every command that groups runs into execution patterns; defaults are the analysis' own. */
export const patternOptions = (c: Command) =>
  c
    .addOption(
      metricOption(
        "the measure",
        "the one the campaign's profiler gives, e.g. trace-cpu under uftrace, ir under callgrind",
      ),
    )
    .option(
      "--source <name>",
      "per-thread timelines from the runs' uftrace traces or their /proc samples: auto, uftrace, sampler (default auto: traces where the runs have them)",
      choice(["auto", "uftrace", "sampler"] as const),
    )
    .option(
      "--intervals <n>",
      `equal fractions of each run's length, 2–200 (paper 004 §3.2.1; default ${ALIGNED_INTERVALS})`,
      wholeNumber,
    )
    .option("--kmax <n>", `at most this many patterns, 1–100 (default ${MAX_PATTERNS})`, wholeNumber)
    .addOption(seedOption(`seed of the random projection (paper 004 §4.1.2; default ${DEFAULT_SEED})`))
    .option(
      "--no-align-threads",
      "leave threads in the order of their ids instead of aligning them by kind (paper 004 §3.2.2)",
    )
    .addOption(jsonOption())
    .addOption(csvOption());

export function declareExecutionPatterns(program: Command): void {
  patternOptions(
    program
      .command("execution-patterns")
      .description(
        "runs of a campaign grouped into execution patterns by their aligned per-thread timelines (paper 004)",
      )
      .argument("<campaign>", CAMPAIGN_TARGET)
      .addOption(designOption())
      .addOption(
        designsOption(
          "two designs compared pattern by pattern (paper 004 §5: M-Run, C-Pattern, A-Pattern beside the baselines); with --workload, within it",
        ),
      )
      .addOption(workloadOption("only the runs of this workload (of every design, or of --design's)"))
      .option(
        "--check <target>",
        "place these runs (a campaign id, design:<campaign>:<design>, or run:<id>) among the patterns and compare their metric with the record (paper 004 §5.3)",
      ),
  ).action(async (target: string, o) =>
    (await import("./executionPatterns.js")).executionPatterns(workspaceDir(program), target, o),
  );
}
