// Execution patterns of a campaign's or a design's runs (paper 004 §3): runs
// clustered by their aligned per-thread vectors, per pattern its runs, a
// representative, the metric's mean and CoV, and the discovery curve.
import * as z from "zod";
import { targetSchema } from "../campaign/targetSchema.js";
import type { ExecutionPatternsResult } from "../patterns/result.js";
import { defineAnalysis } from "./descriptor.js";
import { clusterRuns, patternArgs, patternRuns } from "./patternRuns.js";

export const executionPatterns = defineAnalysis({
  kind: "executionPatterns",
  title: "execution pattern analysis",
  version: 3,
  args: z.strictObject({ target: targetSchema, ...patternArgs }),
  targets: { target: ["campaign", "design"] },
  cache: true,
  load: async (sources, { target }, args) => ({ label: target!.label, ...(await patternRuns(sources, target!, args, (r) => r.design ?? "—")) }),
  compute: (input, args, progress): ExecutionPatternsResult => clusterRuns(input, args, progress).result,
});
