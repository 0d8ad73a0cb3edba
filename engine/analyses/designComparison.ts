// Two designs compared by matched execution patterns (paper 004 §5.1–5.2,
// §5.5): both designs' runs clustered together, then the strategies, the
// per-pattern table, the baselines and the verdict in plain words.
import * as z from "zod";
import { targetSchema } from "../campaign/targetSchema.js";
import { compareDesigns } from "../patterns/comparison.js";
import { DEFAULT_CONFIDENCE, DEFAULT_PRECISION } from "../patterns/parameters.js";
import type { DesignComparisonResult } from "../patterns/comparisonResult.js";
import { verdict } from "../patterns/verdict.js";
import { ApiError } from "../errors/errors.js";
import { defineAnalysis } from "./descriptor.js";
import { COMPARISON_EXPORTERS } from "../report/exporters.js";
import { clusterRuns, patternArgs, patternFlags, patternRuns } from "./patternRuns.js";

const accepts = ["design", "campaign"] as const;

export const designComparison = defineAnalysis({
  kind: "designComparison",
  title: "design comparison by execution patterns",
  version: 4,
  args: z.strictObject({
    a: targetSchema,
    b: targetSchema,
    confidence: z
      .number()
      .min(0.8, "a confidence of at least 0.8")
      .max(0.999, "a confidence of at most 0.999")
      .default(DEFAULT_CONFIDENCE),
    precision: z.number().positive().max(1).default(DEFAULT_PRECISION),
    ...patternArgs,
  }),
  targets: { a: accepts, b: accepts },
  cache: true,
  reads: ["timelines"],
  exporters: COMPARISON_EXPORTERS,
  flags: { ...patternFlags, confidence: "--confidence", precision: "--precision" },
  load: async (sources, { a, b }, args) => {
    const sa = await patternRuns(sources, a!, args, () => "A");
    const sb = await patternRuns(sources, b!, args, () => "B");
    if (sa.source !== sb.source)
      throw new ApiError(
        "invalid-arguments",
        `${a!.label} has ${sa.source} timelines and ${b!.label} ${sb.source} timelines: choose one source for both`,
      );
    const shared = new Set(sa.runs.map((r) => r.runId));
    const overlap = sb.runs.filter((r) => shared.has(r.runId));
    if (overlap.length > 0)
      throw new ApiError(
        "invalid-arguments",
        `${a!.label} and ${b!.label} share run ${overlap.map((r) => r.runId).join(", ")}: compare two different sets of runs`,
      );
    // Named by their designs, as the verdict names them ("merge ran 2 times faster than insertion").
    const name = (t: typeof a) => (t!.target.kind === "design" ? t!.target.design : t!.label);
    return {
      labels: { a: name(a), b: name(b) },
      input: {
        label: `${a!.label} vs ${b!.label}`,
        source: sa.source,
        metric: sa.metric,
        runs: [...sa.runs, ...sb.runs],
        notes: [...new Set([...sa.notes, ...sb.notes])],
      },
    };
  },
  compute: ({ labels, input }, args, progress): DesignComparisonResult => {
    const { result, model } = clusterRuns(input, args, progress);
    const c = compareDesigns(result, model.vectors, labels, { confidence: args.confidence, precision: args.precision });
    return { ...c, verdict: verdict(c) };
  },
});
