// `varbench trends` (paper 002): declared here, run by trends.ts.
import type { Command } from "commander";
import {
  CAMPAIGN_TARGET,
  csvOption,
  designOption,
  designsOption,
  jsonOption,
  seedOption,
  workspaceDir,
} from "../options.js";
import { choice } from "../optionParsers.js";

export function declareTrends(program: Command): void {
  program
    .command("trends")
    .description(
      "how each cluster of code's cost grows with the workloads' features: powerlaw and linear fits with bootstrap intervals (paper 002, BB-TrendProf)",
    )
    .argument("<campaign>", CAMPAIGN_TARGET)
    .option("--feature <name>", "only this workload feature (default: every feature all runs have)")
    .option(
      "--source <name>",
      "costs from gcov line counts, callgrind functions or uftrace functions: auto, gcov, callgrind, uftrace (default auto)",
      choice(["auto", "gcov", "callgrind", "uftrace"] as const),
    )
    .addOption(designOption())
    .addOption(
      designsOption(
        "compare two designs location by location: both fits, the difference of exponents with its interval, where they cross",
      ),
    )
    .option(
      "--functions",
      "per function from uftrace traces (paper 002 ch. 3, CF-TrendProf): self, transitive and total costs per invocation and per workload, best of direct and derived models",
      false,
    )
    .option(
      "--cost <what>",
      "with --functions, what a call costs: time (on-CPU ns, default) or calls",
      choice(["time", "calls"] as const),
    )
    .addOption(seedOption("seed of the bootstrap (default 1)"))
    .addOption(jsonOption())
    .addOption(csvOption())
    .action(async (campaign: string, o) => (await import("./trends.js")).trends(workspaceDir(program), campaign, o));
}
