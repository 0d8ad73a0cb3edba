// The calling contexts of a run, a design's runs pooled, or a trace: N, mean,
// σ, CoV, min, max and totals per context, for all threads or one.
import * as z from "zod";
import { targetSchema } from "../campaign/targetSchema.js";
import { CCT_TABLE_DEFAULTS, MAX_COVARIANCE_CHILDREN } from "../cct/cct.js";
import { defineAnalysis } from "./descriptor.js";
import { CCT_EXPORTERS } from "../report/exporters.js";

export const cctArgs = () =>
  z.strictObject({
    target: targetSchema,
    /** One thread, as "tid" or "pid/tid"; null: all threads merged. */
    thread: z
      .string()
      .regex(/^\d+(\/\d+)?$/, 'a thread as "tid" or "pid/tid"')
      .nullable()
      .default(null),
    sort: z.enum(["total", "self", "cov"]).default(CCT_TABLE_DEFAULTS.sort),
    /** At most this many contexts; 0: all. */
    limit: z.number().int().min(0).default(CCT_TABLE_DEFAULTS.limit),
    /** uftrace with scheduler events: leave the time threads spent switched out out. */
    onCpu: z.boolean().default(false),
    /** Keep child covariance only for contexts with at most this many children (builds the CCT again). */
    maxChildren: z.number().int().positive().max(MAX_COVARIANCE_CHILDREN).optional(),
  });

export const cct = defineAnalysis({
  kind: "cct",
  title: "calling-context tree",
  version: 1,
  args: cctArgs,
  targets: { target: ["run", "design", "campaign", "trace"] },
  // A stored run's CCT is already an artifact, and a table of it is as quick to make as to read.
  cache: false,
  reads: ["callingContexts"],
  exporters: CCT_EXPORTERS,
  flags: { thread: "--thread", limit: "--limit", maxChildren: "--max-children" },
  steps: () => import("./steps/cct.js").then((m) => m.steps),
});
