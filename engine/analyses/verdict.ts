// Which of two designs is faster: per workload, in the measure the campaign's
// profiler declares (campaign/measures.ts) or the one asked for, from the
// runs that measure comes from (a pair's plain timing runs for the process's
// measures, the profiled runs for the profiler's own), with an instrumenting
// tracer's estimated cost said beside it (verdict/).
import * as z from "zod";
import { targetSchema } from "../campaign/targetSchema.js";
import { MEASURES } from "../campaign/measures.js";
import { DEFAULT_CONFIDENCE } from "../patterns/parameters.js";
import { defineAnalysis } from "./descriptor.js";
import { VERDICT_EXPORTERS } from "../report/exporters.js";

export const verdictArgs = () =>
  z.strictObject({
    a: targetSchema,
    b: targetSchema,
    /** Null: the measure the campaign's profiler declares. */
    measure: z.enum(MEASURES).nullable().default(null),
    confidence: z
      .number()
      .min(0.8, "a confidence of at least 0.8")
      .max(0.999, "a confidence of at most 0.999")
      .default(DEFAULT_CONFIDENCE),
  });

export const verdict = defineAnalysis({
  kind: "verdict",
  title: "verdict",
  version: 2,
  args: verdictArgs,
  targets: { a: ["design"], b: ["design"] },
  cache: false,
  reads: [],
  exporters: VERDICT_EXPORTERS,
  flags: { confidence: "--confidence" },
  steps: () => import("./steps/verdict.js").then((m) => m.steps),
});
