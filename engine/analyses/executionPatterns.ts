// Execution patterns of a campaign's or a design's runs (paper 004 §3): runs
// clustered by their aligned per-thread vectors, per pattern its runs, a
// representative, the metric's mean and CoV, and the discovery curve.
import * as z from "zod";
import { targetSchema } from "../campaign/targetSchema.js";
import type { ExecutionPatternsResult } from "../patterns/result.js";
import { defineAnalysis } from "./descriptor.js";
import { PATTERNS_EXPORTERS } from "../report/exporters.js";
import { clusterRuns, patternArgs, patternFlags, patternRuns } from "./patternRuns.js";
import { ApiError } from "../errors/errors.js";
import type { Resolved } from "./descriptor.js";

/** The target's runs of one workload, said so in its label; refused in words when it has none. */
function onWorkload(t: Resolved, workload: string): Resolved {
  const runs = t.runs.filter((r) => r.workload === workload);
  if (runs.length === 0) {
    const known = [...new Set(t.runs.map((r) => r.workload).filter((w) => w !== null))].join(", ");
    throw new ApiError(
      "not-found",
      `${t.label} has no succeeded run of workload ${JSON.stringify(workload)}; its workloads: ${known || "none"}`,
      [{ path: "workload", message: "no such workload" }],
    );
  }
  return { ...t, label: `${t.label} on ${workload}`, runs, timing: t.timing.filter((r) => r.workload === workload) };
}

export const executionPatterns = defineAnalysis({
  kind: "executionPatterns",
  title: "execution pattern analysis",
  version: 4,
  args: z.strictObject({
    target: targetSchema,
    ...patternArgs,
    /** Only this workload's runs (a campaign's every design on one input); null: every run of the target. */
    workload: z.string().min(1).nullable().default(null),
  }),
  targets: { target: ["campaign", "design"] },
  cache: true,
  reads: ["timelines"],
  exporters: PATTERNS_EXPORTERS,
  flags: patternFlags,
  load: async (sources, { target }, args) => {
    const t = args.workload === null ? target! : onWorkload(target!, args.workload);
    return { label: t.label, ...(await patternRuns(sources, t, args, (r) => r.design ?? "—")) };
  },
  compute: (input, args, progress): ExecutionPatternsResult => clusterRuns(input, args, progress).result,
});
