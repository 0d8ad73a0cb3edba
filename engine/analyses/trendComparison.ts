// Two designs' empirical complexity compared (issue 13, after paper 002
// §2.3.2): each design's runs give costs per location and a feature per run;
// engine/trend/designTrends.ts fits both and compares exponents and crossings.
import * as z from "zod";
import { targetSchema } from "../campaign/targetSchema.js";
import { BOOTSTRAP_RESAMPLES } from "../trend/bootstrap.js";
import { TREND_SOURCES } from "../trend/costTables.js";
import { defineAnalysis } from "./descriptor.js";
import { TREND_COMPARISON_EXPORTERS } from "../report/exporters.js";

const accepts = ["design", "campaign"] as const;

export const trendComparisonArgs = () =>
  z.strictObject({
    a: targetSchema,
    b: targetSchema,
    source: z.enum(["auto", ...TREND_SOURCES]).default("auto"),
    /** The feature both designs are fitted to (default: the shared feature whose values span the widest ratio). */
    feature: z.string().min(1).optional(),
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .default(1),
    resamples: z.number().int().min(100).max(100_000).default(BOOTSTRAP_RESAMPLES),
  });

export const trendComparison = defineAnalysis({
  kind: "trendComparison",
  title: "comparison of two designs' empirical complexity",
  version: 7,
  args: trendComparisonArgs,
  targets: { a: accepts, b: accepts },
  cache: true,
  reads: ["locationCosts"],
  exporters: TREND_COMPARISON_EXPORTERS,
  flags: { source: "--source", feature: "--feature", seed: "--seed" },
  steps: () => import("./steps/trendComparison.js").then((m) => m.steps),
});
