// Empirical computational complexity of a campaign's or a design's runs
// (paper 002 ch. 2, BB-TrendProf): locations' costs from gcov, callgrind or
// uftrace, clustered and fitted to the workloads' features. One design at a
// time (issue 27 item 4): two designs' runs in one fit would model neither.
import * as z from "zod";
import { targetSchema } from "../campaign/targetSchema.js";
import { BOOTSTRAP_RESAMPLES } from "../trend/bootstrap.js";
import { TREND_SOURCES } from "../trend/costTables.js";
import { defineAnalysis } from "./descriptor.js";
import { TRENDS_EXPORTERS } from "../report/exporters.js";

export const trendsArgs = () =>
  z.strictObject({
    target: targetSchema,
    /** Where the costs come from; auto: uftrace traces, else gcov, else callgrind, whichever the runs have. */
    source: z.enum(["auto", ...TREND_SOURCES]).default("auto"),
    /** Only this workload feature (default: every feature all runs have). */
    feature: z.string().min(1).optional(),
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .default(1),
    resamples: z.number().int().min(100).max(100_000).default(BOOTSTRAP_RESAMPLES),
  });

export const trends = defineAnalysis({
  kind: "trends",
  title: "empirical complexity analysis",
  version: 6,
  args: trendsArgs,
  targets: { target: ["campaign", "design"] },
  cache: true,
  reads: ["locationCosts"],
  exporters: TRENDS_EXPORTERS,
  flags: { source: "--source", feature: "--feature", seed: "--seed" },
  steps: () => import("./steps/trends.js").then((m) => m.steps),
});
