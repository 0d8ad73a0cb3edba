// Two designs compared by matched execution patterns (paper 004 §5.1–5.2,
// §5.5): both designs' runs clustered together, then the strategies, the
// per-pattern table, the baselines and the verdict in plain words.
import * as z from "zod";
import { targetSchema } from "../campaign/targetSchema.js";
import { DEFAULT_CONFIDENCE, DEFAULT_PRECISION } from "../patterns/parameters.js";
import { defineAnalysis } from "./descriptor.js";
import { COMPARISON_EXPORTERS } from "../report/exporters.js";
import { patternArgs, patternFlags } from "./patternArgs.js";

const accepts = ["design", "campaign"] as const;

export const designComparisonArgs = () =>
  z.strictObject({
    a: targetSchema,
    b: targetSchema,
    confidence: z
      .number()
      .min(0.8, "a confidence of at least 0.8")
      .max(0.999, "a confidence of at most 0.999")
      .default(DEFAULT_CONFIDENCE),
    precision: z.number().positive().max(1).default(DEFAULT_PRECISION),
    ...patternArgs(),
  });

export const designComparison = defineAnalysis({
  kind: "designComparison",
  title: "design comparison by execution patterns",
  version: 4,
  args: designComparisonArgs,
  targets: { a: accepts, b: accepts },
  cache: true,
  reads: ["timelines"],
  exporters: COMPARISON_EXPORTERS,
  flags: { ...patternFlags, confidence: "--confidence", precision: "--precision" },
  steps: () => import("./steps/designComparison.js").then((m) => m.steps),
});
