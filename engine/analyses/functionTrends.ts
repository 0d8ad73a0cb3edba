// CF-TrendProf (paper 002 ch. 3) over a campaign's or a design's traced runs:
// one pass over each run's trace gathers the per-invocation and per-workload
// variables (engine/trend/cf/invocationFrames.ts), then every variable gets
// its direct and derived models and the best by the score of §3.4.3. One
// design at a time (issue 27 item 4); models of time that timing noise swamps
// are marked and said (timingNoise.ts).
import * as z from "zod";
import { targetSchema } from "../campaign/targetSchema.js";
import { CF_COSTS } from "../trend/cf/invocationFrames.js";
import { defineAnalysis } from "./descriptor.js";
import { FUNCTION_TRENDS_EXPORTERS } from "../report/exporters.js";

export const functionTrendsArgs = () =>
  z.strictObject({
    target: targetSchema,
    /** What a call costs: its on-CPU time, or 1 per call (a function's transitive-cost is then the calls under it). */
    cost: z.enum(CF_COSTS).default("time"),
    /** Only this workload feature (default: every feature all runs have). */
    feature: z.string().min(1).optional(),
  });

export const functionTrends = defineAnalysis({
  kind: "functionTrends",
  title: "per-function empirical complexity analysis",
  version: 3,
  args: functionTrendsArgs,
  targets: { target: ["campaign", "design"] },
  cache: true,
  reads: ["callingContexts"],
  exporters: FUNCTION_TRENDS_EXPORTERS,
  flags: { feature: "--feature" },
  steps: () => import("./steps/functionTrends.js").then((m) => m.steps),
});
