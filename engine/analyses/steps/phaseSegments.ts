// The steps of the phase segmentation (declared in ../phaseSegments.ts, which says what it is and which
// paper it follows): imported when it first runs, so a command loads only the analyses it runs.
import { CallSequence } from "../../phases/callSequence.js";
import { AllocationTrace, ALLOCATION_OPTIONS } from "../../phases/allocations.js";
import { classifySites, instanceMemory } from "../../phases/leaks.js";
import type { HeapObject } from "../../phases/allocations.js";
import { comparePhaseMethods } from "../../phases/phaseComparison.js";
import { ProcedureTrace } from "../../phases/procedureStats.js";
import { ThreadActivity } from "../../phases/threadActivity.js";
import { teeSink } from "../../trace/teeSink.js";
import { selectMarkers } from "../../phases/markerSelection.js";
import { segmentRun } from "../../phases/segmentation.js";
import type { PhaseSegmentsResult } from "../../phases/result.js";
import { ApiError } from "../../errors/errors.js";
import { loadMarkerInput, singleThreadedForCalls } from "./phaseMarkers.js";
import { runTarget } from "../resolveTarget.js";
import type { phaseSegmentsArgs } from "../phaseSegments.js";
import { analysisSteps } from "../descriptor.js";

export const steps = analysisSteps<ReturnType<typeof phaseSegmentsArgs>>()({
  load: async (sources, { target, markers }, args) => {
    const input = await loadMarkerInput(sources, markers!, args.markerTime, args.granularity);
    const chosen = selectMarkers(input.regular, input.regularRun.requests, input.irregular, input.regularGaps);
    if (chosen.outer === null)
      throw new ApiError(
        "not-found",
        `${markers!.label}: no phase marker was found (run \`varbench phases\` on it to see why each candidate was left out)`,
      );
    const run = target!.runs[0];
    if (!run.hasCct)
      throw new ApiError("not-found", `${target!.label} holds no trace to segment (run it under uftrace)`);
    const byTime = args.logicalTime === "time";
    const watch = [...new Set([chosen.outer, ...chosen.inner])];
    // The candidates left after step 2 run once per request in every input the markers were chosen on.
    const perRequest = chosen.candidates
      .filter((c) => c.verdict.kind === "inner" || c.verdict.kind === "no-long-gap")
      .map((c) => c.name);
    const seq = new CallSequence({
      logicalTime: args.logicalTime,
      granularity: args.granularity,
      keep: 0,
      watch,
      watchExits: perRequest,
      histogram: byTime,
    });
    const heap = new AllocationTrace(args.logicalTime);
    const procedures = new ProcedureTrace();
    const activity = new ThreadActivity();
    // Wall clock, common to all threads: each thread's time switched out is taken out of its own time only (threadActivity.ts).
    await sources.readAgain(runTarget(run), teeSink(seq, teeSink(heap, teeSink(procedures, activity))), {
      onCpu: false,
    });
    singleThreadedForCalls(seq, args.logicalTime, run);
    if (watch.every((name) => seq.countOf(name) === 0))
      throw new ApiError(
        "not-found",
        `none of ${markers!.label}'s markers (${watch.join(", ")}) ran in ${target!.label}: is it a run of the same program?`,
      );
    // A run of several threads hands its calls over thread by thread: the calls before an entry come from the histogram over time.
    const histogram = seq.histogram;
    const callsAt = seq.threadCount > 1 && histogram ? (t: number) => histogram.callsBefore(t) + 1 : null;
    const atCalls = (list: readonly (readonly [number, number])[]) =>
      callsAt ? list.map(([t]) => [t, callsAt(t)] as const) : list;
    const entries = (name: string) => ({ name, entries: atCalls(seq.entriesOf(name)) });
    // In this run, only those that ran as often as the outer marker are taken to run once per request: one that ran
    // in its teardown too would carry the last request's end into it.
    const requestCount = seq.countOf(chosen.outer);
    const closing = perRequest.filter((name) => seq.countOf(name) === requestCount);
    const ends = closing.flatMap((name) => atCalls(seq.exitsOf(name)));
    const notes = byTime
      ? []
      : [
          `§4.4's comparison with interval and procedure phases scores rates of calls over time: it is made with elapsed time only; the markers were chosen by ${args.markerTime === "time" ? "elapsed time" : "calls"}`,
        ];
    if (callsAt)
      notes.push(
        `${seq.threadCount} threads: an instance's calls are counted over all of them, to a 1/4096 of the run`,
      );
    notes.push(
      ...(heap.objects.length === 0
        ? [
            heap.uncaptured > 0
              ? `the run's allocations were traced without their sizes and addresses: record with ${ALLOCATION_OPTIONS.join(" ")} for the leak classes of §5.2`
              : "the run made no allocation the trace saw: no leak classes",
          ]
        : []),
    );
    if (heap.objects.length > 0 && heap.uncaptured > 0)
      notes.push(
        `${heap.uncaptured} allocator call(s) without captured sizes or addresses were left out of the leak classes`,
      );
    const odd = perRequest.filter((name) => !closing.includes(name));
    if (odd.length > 0)
      notes.push(
        `${odd.join(", ")} ran once per request in the marker campaign's runs but not ${requestCount} times here: their returns are not taken as a request's end`,
      );
    return {
      label: target!.label,
      runId: run.id,
      markers: { outer: chosen.outer, inner: chosen.inner },
      outer: entries(chosen.outer),
      inner: chosen.inner.map(entries),
      span: byTime ? { start: seq.firstNs, end: seq.lastNs, calls: seq.calls } : callsSpan(seq.calls),
      objects: heap.objects,
      notes,
      histogram: seq.histogram,
      procedures: procedures.procedures,
      clocks: byTime ? activity.threads : [],
      ends,
    };
  },
  compute: (input, args): PhaseSegmentsResult => {
    const segmentation = segmentRun(input.outer, input.inner, input.span, input.clocks, input.ends);
    return {
      ...segmentation,
      comparison: input.histogram
        ? comparePhaseMethods(segmentation.outer, segmentation.inner, input.histogram, input.procedures, input.span)
        : null,
      leaks: input.objects.length > 0 ? heapReport(input.objects, segmentation.outer) : null,
      label: input.label,
      runId: input.runId,
      logicalTime: args.logicalTime,
      unit: args.logicalTime === "time" ? "ns" : "calls",
      markers: input.markers,
      span: input.span,
      notes:
        segmentation.unended > 0
          ? [...input.notes, unendedNote(segmentation.unended, segmentation.outer.length)]
          : input.notes,
    };
  },
});

/** With calls for time the k-th call is at k and a stretch ends where the next call would begin: the run spans
 * [1, calls + 1), so the prologue counts the calls before the first request and the epilogue those after the last. */
function callsSpan(calls: number) {
  return { start: 1, end: calls + 1, calls };
}

/** Requests whose end no return showed (a trace cut short, or no function of the markers' once-per-request set ran to its end here). */
function unendedNote(unended: number, requests: number): string {
  return `${unended} of ${requests} outer instances end where the next begins (the last: at the run's end, teardown included): no return of a function run once per request was seen before it`;
}

function heapReport(
  objects: readonly HeapObject[],
  instances: readonly { readonly start: number; readonly length: number }[],
) {
  const spans = instances.map((o) => [o.start, o.start + o.length] as const);
  return { objects: objects.length, sites: classifySites(objects, spans), perInstance: instanceMemory(objects, spans) };
}
