// Dominant variance analysis of a run, a design's runs pooled, or a trace:
// VCG patterns with their back-edges and the detection patterns (papers 000, 001).
import * as z from "zod";
import { targetSchema } from "../campaign/targetSchema.js";
import { DEFAULT_PARAMETERS } from "../variance/parameters.js";
import { defineAnalysis } from "./descriptor.js";
import { VCG_EXPORTERS } from "../report/exporters.js";
import { varianceArgs, varianceFlags } from "./varianceArgs.js";

export const vcgArgs = () =>
  z.strictObject({
    target: targetSchema,
    /** Summarization pressure (000 §4). */
    tauS: z.number().min(0).max(1).default(DEFAULT_PARAMETERS.tauS),
    /** Trim threshold (000 §4). */
    beta: z.number().min(0).max(0.99).default(DEFAULT_PARAMETERS.beta),
    ...varianceArgs(),
  });

export const vcg = defineAnalysis({
  kind: "vcg",
  title: "dominant variance analysis",
  version: 7,
  args: vcgArgs,
  targets: { target: ["run", "design", "trace"] },
  cache: true,
  reads: ["callingContexts"],
  exporters: VCG_EXPORTERS,
  flags: { ...varianceFlags, tauS: "--tau", beta: "--beta" },
  steps: () => import("./steps/vcg.js").then((m) => m.steps),
});
