// Detection patterns (paper 001): minimal distinguishing call chains ranked by
// VIM, and, given a regression input, the same patterns evaluated there with
// the overlap of the two Pattern Sets (001 §4, Table 1).
import * as z from "zod";
import { targetSchema } from "../campaign/targetSchema.js";
import { patternsReport } from "../variance/analyze.js";
import type { PatternsResult } from "../variance/result.js";
import { defineAnalysis } from "./descriptor.js";
import { preparedVariance, varianceArgs, varianceFlags } from "./dominantVariance.js";

const accepts = ["run", "design", "trace"] as const;

export const detection = defineAnalysis({
  kind: "patterns",
  title: "detection pattern analysis",
  version: 3,
  args: z.strictObject({ target: targetSchema, vs: targetSchema.optional(), ...varianceArgs }),
  targets: { target: accepts, vs: accepts },
  cache: true,
  reads: ["callingContexts"],
  exporters: null,
  flags: { ...varianceFlags, vs: "--vs" },
  load: async (sources, { target, vs }, args) => ({
    a: { label: target!.label, prep: await preparedVariance(sources, target!, args) },
    b: vs ? { label: vs.label, prep: await preparedVariance(sources, vs, args) } : null,
  }),
  compute: ({ a, b }): PatternsResult => {
    const r = patternsReport(a.prep, b?.prep ?? null);
    return {
      label: a.label,
      profiling: r.profiling,
      regression: r.regression && b ? { label: b.label, ...r.regression } : null,
    };
  },
});
