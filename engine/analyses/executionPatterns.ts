// Execution patterns of a campaign's or a design's runs (paper 004 §3): runs
// clustered by their aligned per-thread vectors, per pattern its runs, a
// representative, the metric's mean and CoV, and the discovery curve.
import * as z from "zod";
import { targetSchema } from "../campaign/targetSchema.js";
import { defineAnalysis } from "./descriptor.js";
import { PATTERNS_EXPORTERS } from "../report/exporters.js";
import { patternArgs, patternFlags } from "./patternArgs.js";

export const executionPatternsArgs = () =>
  z.strictObject({
    target: targetSchema,
    ...patternArgs(),
    /** Only this workload's runs (a campaign's every design on one input); null: every run of the target. */
    workload: z.string().min(1).nullable().default(null),
  });

export const executionPatterns = defineAnalysis({
  kind: "executionPatterns",
  title: "execution pattern analysis",
  version: 4,
  args: executionPatternsArgs,
  targets: { target: ["campaign", "design"] },
  cache: true,
  reads: ["timelines"],
  exporters: PATTERNS_EXPORTERS,
  flags: patternFlags,
  steps: () => import("./steps/executionPatterns.js").then((m) => m.steps),
});
