// CF-TrendProf (paper 002 ch. 3) over a campaign's or a design's traced runs:
// one pass over each run's trace gathers the per-invocation and per-workload
// variables (engine/trend/cf/invocationFrames.ts), then every variable gets
// its direct and derived models and the best by the score of §3.4.3.
import * as z from "zod";
import { targetSchema } from "../campaign/targetSchema.js";
import { CfFrames, CF_COSTS } from "../trend/cf/invocationFrames.js";
import { cfTrendProf } from "../trend/cf/cfTrendProf.js";
import type { CfTrendsResult } from "../trend/cf/cfResult.js";
import type { TrendWorkload } from "../trend/result.js";
import { ApiError } from "../api/errors.js";
import { defineAnalysis } from "./descriptor.js";
import { runLabel, runTarget } from "./resolveTarget.js";

export const functionTrends = defineAnalysis({
  kind: "functionTrends",
  title: "per-function empirical complexity analysis",
  version: 1,
  args: z.strictObject({
    target: targetSchema,
    /** What a call costs: its on-CPU time, or 1 per call (a function's transitive-cost is then the calls under it). */
    cost: z.enum(CF_COSTS).default("time"),
    /** Only this workload feature (default: every feature all runs have). */
    feature: z.string().min(1).optional(),
  }),
  targets: { target: ["campaign", "design"] },
  cache: true,
  load: async (sources, { target }, args) => {
    const traced = target!.runs.filter((r) => r.hasCct);
    const notes = target!.runs.filter((r) => !r.hasCct).map((r) => `${runLabel(r)} holds no trace: left out`);
    if (traced.length < 3) throw new ApiError("not-found", `${target!.label}: ${traced.length} traced run(s); per-function trends need at least 3 workloads traced with uftrace, on inputs of several sizes`);
    const runs: TrendWorkload[] = [];
    for (const r of traced) runs.push({ runId: r.id, workload: r.workload, features: await sources.runFeatures(r) });
    const names = [...new Set(runs.flatMap((r) => Object.keys(r.features)))].sort();
    const shared = names.filter((n) => runs.every((r) => n in r.features));
    for (const n of names) if (!shared.includes(n)) notes.push(`feature ${n} is missing from some runs: not used`);
    const used = args.feature ? shared.filter((n) => n === args.feature) : shared;
    if (args.feature && used.length === 0) throw new ApiError("invalid-arguments", `${target!.label}: no feature ${args.feature} in every run (features: ${shared.join(", ") || "none"})`, [{ path: "feature", message: "not a feature of every run" }]);
    if (used.length === 0) throw new ApiError("not-found", `${target!.label}: its runs share no numeric feature to fit costs to (declare features on the workloads, give them inputs, or print varbench:feature lines)`);
    const frames = new CfFrames(traced.length, args.cost);
    for (const [w, r] of traced.entries()) {
      sources.progress("invocations per function", w, traced.length);
      const sink = frames.sink(w);
      // On-CPU: time a thread spent switched out is no function's cost.
      await sources.readAgain(runTarget(r), sink, { onCpu: true });
      sink.finish();
    }
    return { label: target!.label, runs, notes, features: used.map((name) => ({ name, values: Float64Array.from(runs, (r) => r.features[name]) })), units: frames.finish() };
  },
  compute: (input, args, progress): CfTrendsResult => ({
    label: input.label,
    cost: args.cost,
    unit: args.cost === "time" ? "ns" : "calls",
    features: input.features.map((f) => f.name),
    runs: input.runs,
    functions: cfTrendProf({ units: input.units, features: input.features }, (done, total) => progress("choosing models", done, total)),
    notes: input.notes,
  }),
});
