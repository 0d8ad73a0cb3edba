// VCG size over a grid of τ_S and β from one preparation (the shape of paper
// 000 Table 1): how much merging and trimming shrink the patterns.
import * as z from "zod";
import { targetSchema } from "../campaign/targetSchema.js";
import { SWEEP_BETAS, SWEEP_TAUS } from "../variance/parameters.js";
import { defineAnalysis } from "./descriptor.js";
import { varianceArgs, varianceFlags } from "./varianceArgs.js";

const fraction = z.number().min(0).max(1);

export const vcgSweepArgs = () =>
  z.strictObject({
    target: targetSchema,
    taus: z
      .array(fraction)
      .min(1)
      .max(100)
      .default([...SWEEP_TAUS]),
    betas: z
      .array(fraction.max(0.99))
      .min(1)
      .max(100)
      .default([...SWEEP_BETAS]),
    ...varianceArgs(),
  });

export const vcgSweep = defineAnalysis({
  kind: "vcgSweep",
  title: "τ_S × β sweep of the VCG",
  version: 5,
  args: vcgSweepArgs,
  targets: { target: ["run", "design", "trace"] },
  cache: true,
  reads: ["callingContexts"],
  exporters: null,
  flags: varianceFlags,
  steps: () => import("./steps/vcgSweep.js").then((m) => m.steps),
});
