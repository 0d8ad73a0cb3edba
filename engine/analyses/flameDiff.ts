// A differential flame graph of two runs or two designs' runs pooled: both
// trees joined context by context, each frame with both sides' statistics and
// the change of its mean with Welch's t (flame/flameDiff.ts).
import * as z from "zod";
import { targetSchema } from "../campaign/targetSchema.js";
import { flameDiff as joinSides } from "../flame/flameDiff.js";
import { defineAnalysis } from "./descriptor.js";
import { FLAME_DIFF_EXPORTERS } from "../report/exporters.js";
import { flameSide } from "./flame.js";

const accepts = ["run", "design"] as const;

export const flameDiff = defineAnalysis({
  kind: "flameDiff",
  title: "differential flame graph",
  version: 1,
  args: z.strictObject({
    a: targetSchema,
    b: targetSchema,
    /** uftrace with scheduler events: leave the time threads spent switched out out. */
    onCpu: z.boolean().default(false),
  }),
  targets: { a: accepts, b: accepts },
  cache: false,
  reads: ["callingContexts"],
  exporters: FLAME_DIFF_EXPORTERS,
  flags: {},
  load: async (sources, { a, b }, args) => ({
    a: await flameSide(sources, a!, null, args.onCpu),
    b: await flameSide(sources, b!, null, args.onCpu),
  }),
  compute: ({ a, b }) => joinSides(a, b),
});
