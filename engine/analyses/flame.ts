// A flame graph of a run, one of its threads, a design's runs pooled, or a
// trace: every context's width, statistics and share of its parent's variance
// (flame/flameGraph.ts).
import * as z from "zod";
import { targetSchema } from "../campaign/targetSchema.js";
import { defineAnalysis } from "./descriptor.js";
import { FLAME_EXPORTERS } from "../report/exporters.js";

export const flameArgs = () =>
  z.strictObject({
    target: targetSchema,
    /** One thread of a run or trace, as "tid" or "pid/tid"; null: all threads merged. */
    thread: z
      .string()
      .regex(/^\d+(\/\d+)?$/, 'a thread as "tid" or "pid/tid"')
      .nullable()
      .default(null),
    /** uftrace with scheduler events: leave the time threads spent switched out out. */
    onCpu: z.boolean().default(false),
  });

export const flame = defineAnalysis({
  kind: "flame",
  title: "flame graph",
  version: 1,
  args: flameArgs,
  targets: { target: ["run", "design", "trace"] },
  // Built from stored CCTs as quickly as a cached copy would be read.
  cache: false,
  reads: ["callingContexts"],
  exporters: FLAME_EXPORTERS,
  flags: { thread: "--thread" },
  steps: () => import("./steps/flame.js").then((m) => m.steps),
});
