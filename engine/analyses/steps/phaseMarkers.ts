// The steps of the phase marker selection (declared in ../phaseMarkers.ts, which says what it is and which
// paper it follows): imported when it first runs, so a command loads only the analyses it runs.
import type { RunRow } from "../../campaign/readModels.js";
import {
  CallSequence,
  type CallSequenceOptions,
  type Granularity,
  type LogicalTime,
} from "../../phases/callSequence.js";
import { regularRequestSpans, selectMarkers, type RegularOccurrences } from "../../phases/markerSelection.js";
import type { RegularGaps } from "../../phases/requestWindows.js";
import type { PhaseMarkersResult, PhaseRun } from "../../phases/result.js";
import { ApiError } from "../../errors/errors.js";
import { type Resolved, type Sources } from "../descriptor.js";
import { runLabel, runTarget } from "../resolveTarget.js";
import type { phaseMarkersArgs } from "../phaseMarkers.js";
import { analysisSteps } from "../descriptor.js";

export const steps = analysisSteps<ReturnType<typeof phaseMarkersArgs>>()({
  load: async (sources, { target }, args) => loadMarkerInput(sources, target!, args.logicalTime, args.granularity),
  compute: (input, args): PhaseMarkersResult => {
    const selection = selectMarkers(input.regular, input.regularRun.requests, input.irregular, input.regularGaps);
    return {
      ...selection,
      label: input.label,
      logicalTime: args.logicalTime,
      unit: args.logicalTime === "time" ? "ns" : "calls",
      regularRun: input.regularRun,
      irregularRuns: input.irregularRuns,
      notes: [...input.notes, ...selection.notes],
    };
  },
});

/** The regular run's call sequence and the irregular runs' counts, read from their traces. */
export async function loadMarkerInput(
  sources: Sources,
  target: Resolved,
  logicalTime: LogicalTime,
  granularity: Granularity,
) {
  const campaignId = target.runs[0]?.campaignId;
  const spec = campaignId ? await sources.campaignSpec(campaignId) : null;
  if (spec && spec.profiler.name !== "uftrace")
    throw new ApiError(
      "not-found",
      `${target.label} ran under ${spec.profiler.name}; phase markers are found in uftrace traces (profiler: uftrace)`,
    );
  const roles = new Map(
    (spec?.workloads ?? [])
      .filter((w) => w.role && w.requests)
      .map((w) => [w.name, { role: w.role!, requests: w.requests! }]),
  );
  const traced = (role: "regular" | "irregular") =>
    target.runs.filter(
      (r) => r.status === "succeeded" && r.hasCct && r.workload !== null && roles.get(r.workload)?.role === role,
    );
  const regulars = traced("regular");
  const irregulars = traced("irregular");
  const howTo =
    "give one workload `role: regular` and `requests: f` (f identical requests) and others `role: irregular` with their `requests`, and run the campaign under uftrace";
  const failed = target.runs.filter(
    (r) => r.workload !== null && roles.get(r.workload)?.role === "regular" && !(r.status === "succeeded" && r.hasCct),
  );
  if (regulars.length === 0 && failed.length > 0)
    throw new ApiError(
      "not-found",
      `${target.label}: its regular input's run did not give a trace (${failed.map((r) => `${runLabel(r)}: ${r.status}${r.message ? `, ${r.message}` : ""}`).join("; ")})`,
    );
  if (regulars.length === 0)
    throw new ApiError("not-found", `${target.label}: no succeeded traced run of a regular input (${howTo})`);
  if (irregulars.length === 0)
    throw new ApiError("not-found", `${target.label}: no succeeded traced run of an irregular input (${howTo})`);
  const notes: string[] = [];
  const regular = regulars[0];
  if (regulars.length > 1)
    notes.push(
      `${regulars.length} runs of regular inputs (${regulars.map(runLabel).join(", ")}): markers from the first`,
    );
  const f = roles.get(regular.workload!)!.requests;
  const steps = 2 + irregulars.length;
  sources.progress("regular run", 0, steps);
  const options = { logicalTime, granularity, keep: f, watch: [] };
  const { seq, onCpu } = await readSequence(sources, regular, options);
  singleThreadedForCalls(seq, logicalTime, regular);
  // Sorted: the entries of a run of several threads arrive thread by thread.
  const regularOccurrences: RegularOccurrences[] = seq.names.map((name, fn) => {
    const [times, threads] = sortedWithThreads(seq.kept[fn], seq.keptThreads[fn]);
    const [exits, exitThreads] = sortedWithThreads(seq.keptExits[fn], seq.keptExitThreads[fn]);
    return { name, count: seq.counts[fn], times, exits, threads, exitThreads };
  });
  const irregular = [];
  for (const [i, r] of irregulars.entries()) {
    sources.progress("irregular runs", 1 + i, steps);
    const s = await readSequence(sources, r, { logicalTime, granularity, keep: 0, watch: [] });
    irregular.push({
      label: runLabel(r),
      requests: roles.get(r.workload!)!.requests,
      counts: new Map(s.seq.names.map((name, fn) => [name, s.seq.counts[fn]])),
    });
  }
  // Step 3's gaps, within the regular run's requests, on the clock its candidates were read on.
  const spans = regularRequestSpans(
    regularOccurrences,
    f,
    irregular,
    logicalTime === "time" ? seq.lastNs : seq.calls + 1,
  );
  sources.progress("regular run's requests", steps - 1, steps);
  const windowed = new CallSequence({ ...options, keep: 0, windows: spans });
  if (spans.length > 0) await sources.readAgain(runTarget(regular), windowed, { onCpu });
  const { median, mad } = windowed.windowHistogram.medianAndMad();
  const regularGaps: RegularGaps = {
    requests: spans.map((w, i) => ({ ...w, count: windowed.windowGaps[i] })),
    count: windowed.windowHistogram.count,
    median,
    mad,
  };
  // Between consecutive calls there is always one call: with calls for time the median gap is 1, the MAD 0, the threshold 2.5.
  if (logicalTime === "calls")
    notes.push(
      `with calls as logical time every gap between consecutive calls is 1 and the threshold 2.5 calls, so a candidate counts as followed by a long computation when two or more calls come before the next candidate or its request's end; elapsed time tells stages from bookkeeping better`,
    );
  const asRun = (r: RunRow): PhaseRun => ({
    runId: r.id,
    workload: r.workload,
    requests: roles.get(r.workload!)!.requests,
  });
  return {
    label: target.label,
    regular: regularOccurrences,
    regularGaps,
    irregular,
    regularRun: asRun(regular),
    irregularRuns: irregulars.map(asRun),
    notes,
  };
}

/** Times in order, each with its thread. */
function sortedWithThreads(times: readonly number[] | null, threads: readonly number[] | null): [number[], number[]] {
  const order = (times ?? []).map((_, i) => i).sort((a, b) => times![a] - times![b]);
  return [order.map((i) => times![i]), order.map((i) => threads?.[i] ?? 0)];
}

/** Calls as logical time count calls within a thread: across threads they cannot be compared. */
export function singleThreadedForCalls(seq: CallSequence, logicalTime: LogicalTime, r: RunRow): void {
  if (logicalTime === "calls" && seq.threadCount > 1)
    throw new ApiError(
      "invalid-arguments",
      `${runLabel(r)} made calls in ${seq.threadCount} threads; calls as logical time are counted within one thread: use elapsed time`,
      [{ path: "logicalTime", message: "calls needs a single-threaded run" }],
    );
}

/** A run read once more into a CallSequence. A run of one thread is read on its own on-CPU clock: time
 * it spent switched out is no distance and no gap (a preemption would otherwise stretch them, and move a
 * candidate in or out of step 2a or 3 with the machine's load). Several threads need the wall clock they
 * share, so such a run is read again on it (callSequence.ts leaves the scheduler's intervals out of the calls). */
export async function readSequence(
  sources: Sources,
  r: RunRow,
  options: CallSequenceOptions,
): Promise<{ seq: CallSequence; onCpu: boolean }> {
  const seq = new CallSequence(options);
  await sources.readAgain(runTarget(r), seq, { onCpu: true });
  if (seq.threadCount <= 1) return { seq, onCpu: true };
  const shared = new CallSequence(options);
  await sources.readAgain(runTarget(r), shared, { onCpu: false });
  return { seq: shared, onCpu: false };
}
