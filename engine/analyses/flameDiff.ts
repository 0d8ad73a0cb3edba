// A differential flame graph of two runs or two designs' runs pooled: both
// trees joined context by context, each frame with both sides' statistics and
// the change of its mean with Welch's t (flame/flameDiff.ts).
import * as z from "zod";
import { targetSchema } from "../campaign/targetSchema.js";
import { defineAnalysis } from "./descriptor.js";
import { FLAME_DIFF_EXPORTERS } from "../report/exporters.js";

const accepts = ["run", "design"] as const;

export const flameDiffArgs = () =>
  z.strictObject({
    a: targetSchema,
    b: targetSchema,
    /** uftrace with scheduler events: leave the time threads spent switched out out. */
    onCpu: z.boolean().default(false),
  });

export const flameDiff = defineAnalysis({
  kind: "flameDiff",
  title: "differential flame graph",
  version: 1,
  args: flameDiffArgs,
  targets: { a: accepts, b: accepts },
  cache: false,
  reads: ["callingContexts"],
  exporters: FLAME_DIFF_EXPORTERS,
  flags: {},
  steps: () => import("./steps/flameDiff.js").then((m) => m.steps),
});
