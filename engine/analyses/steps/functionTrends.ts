// The steps of the per-function empirical complexity analysis (declared in ../functionTrends.ts, which says what it is and which
// paper it follows): imported when it first runs, so a command loads only the analyses it runs.
import { CfFrames } from "../../trend/cf/invocationFrames.js";
import { RunFrameSink } from "../../trend/cf/frameSink.js";
import { cfTrendProf } from "../../trend/cf/cfTrendProf.js";
import type { CfTrendsResult } from "../../trend/cf/cfResult.js";
import type { TrendWorkload } from "../../trend/result.js";
import { ApiError } from "../../errors/errors.js";
import { runLabel, runTarget } from "../resolveTarget.js";
import { oneDesign, usableFeatures } from "./trends.js";
import { markTimingNoise, offCpuNote } from "../../trend/cf/timingNoise.js";
import type { functionTrendsArgs } from "../functionTrends.js";
import { analysisSteps } from "../descriptor.js";

export const steps = analysisSteps<ReturnType<typeof functionTrendsArgs>>()({
  load: async (sources, { target }, args) => {
    oneDesign(target!);
    const traced = target!.runs.filter((r) => r.hasCct);
    const notes = target!.runs.filter((r) => !r.hasCct).map((r) => `${runLabel(r)} holds no trace: left out`);
    if (traced.length < 3)
      throw new ApiError(
        "not-found",
        `${target!.label}: ${traced.length} traced run(s); per-function trends need at least 3 workloads traced with uftrace, on inputs of several sizes`,
      );
    const runs: TrendWorkload[] = [];
    for (const r of traced) runs.push({ runId: r.id, workload: r.workload, features: await sources.runFeatures(r) });
    const chosen = usableFeatures(target!.label, runs, args.feature);
    notes.push(...chosen.notes);
    const frames = new CfFrames(traced.length, args.cost);
    for (const [w, r] of traced.entries()) {
      sources.progress("invocations per function", w, traced.length);
      const sink = new RunFrameSink(frames, w, runLabel(r));
      // On-CPU: time a thread spent switched out is no function's cost.
      await sources.readAgain(runTarget(r), sink, { onCpu: true });
      sink.finish();
    }
    const coverage = { runs: traced.length, withSchedulerEvents: frames.runsWithSchedulerEvents };
    return {
      label: target!.label,
      design: traced[0]?.design ?? null,
      runs,
      notes: [...notes, ...frames.notes],
      features: chosen.features,
      units: frames.finish(),
      coverage,
    };
  },
  compute: (input, args, progress): CfTrendsResult => {
    const fitted = cfTrendProf({ units: input.units, features: input.features }, (done, total) =>
      progress("choosing models", done, total),
    );
    const { functions, note } =
      args.cost === "time" ? markTimingNoise(fitted, input.coverage) : { functions: fitted, note: null };
    const offCpu = args.cost === "time" && note === null ? offCpuNote(input.coverage) : null;
    return {
      label: input.label,
      design: input.design,
      cost: args.cost,
      unit: args.cost === "time" ? "ns" : "calls",
      features: input.features.map((f) => f.name),
      runs: input.runs,
      functions,
      noise: note,
      notes: offCpu ? [offCpu, ...input.notes] : input.notes,
    };
  },
});
