// A timeline window of a whole-trace read (recorder.ts): the window and its
// resolution checked against the trace's span, each thread's slices and
// summaries (window.ts), the selected slice's context (context.ts), and notes
// on what the picture rests on.
import type { Cct } from "../cct/cct.js";
import { frameKind } from "../cct/frameKinds.js";
import type { TimelineCalls } from "./recorder.js";
import { cutWindow } from "./window.js";
import { describeContext } from "./context.js";
import type { TimelineResult } from "./result.js";

/** The default resolution: a window 1000 pixels wide (a laptop screen's plot area). */
export const DEFAULT_TIMELINE_WIDTH = 1000;
/** The widest window asked for: twice a 4K screen. Bounds the result (window.ts) whatever the caller asks. */
export const MAX_TIMELINE_WIDTH = 8192;

export interface TimelineOptions {
  /** null: the trace's start / end. */
  readonly fromNs: number | null;
  readonly toNs: number | null;
  readonly width: number;
  readonly select: { readonly thread: string; readonly context: number } | null;
  /** The calls were read with each thread's switched-out time left out of its clock. */
  readonly onCpu?: boolean;
}

export function timelineWindow(
  calls: TimelineCalls,
  cct: Cct | null,
  label: string,
  o: TimelineOptions,
): TimelineResult {
  const fromNs = Math.max(calls.startNs, o.fromNs ?? calls.startNs);
  const toRaw = Math.min(calls.endNs, o.toNs ?? calls.endNs);
  // An empty or reversed window (or a trace of one instant) is widened to one nanosecond so every pixel has a width.
  const toNs = toRaw > fromNs ? toRaw : fromNs + 1;
  const tracks = cutWindow(calls, { fromNs, toNs, width: o.width });
  const waits = calls.functions.some((n) => frameKind(n) === "waiting");
  const notes: string[] = [];
  if (o.onCpu)
    notes.push(
      "on-CPU time: each thread's clock leaves out the time it was switched out, so its calls are as long as they ran, and times no longer line up across threads or with wall time",
    );
  else if (!waits)
    notes.push(
      "no scheduler events in this trace (recorded with --no-event, or not a uftrace recording): the times threads were switched out are not shown",
    );
  const unclosed = tracks.reduce((n, t) => n + t.unclosed, 0);
  if (unclosed > 0)
    notes.push(
      `${unclosed} call(s) were still open at their thread's last event (the trace cut short): they end there`,
    );
  return {
    label,
    spanStartNs: calls.startNs,
    spanEndNs: calls.endNs,
    fromNs,
    toNs,
    width: o.width,
    pixelNs: (toNs - fromNs) / o.width,
    calls: calls.calls,
    functions: calls.functions,
    tracks,
    waits,
    onCpu: o.onCpu === true,
    selected: select(calls, cct, o.select),
    notes,
  };
}

function select(calls: TimelineCalls, cct: Cct | null, s: TimelineOptions["select"]) {
  if (s === null) return null;
  const track = calls.tracks.find((t) => t.key === s.thread);
  if (!track || s.context < 0 || s.context >= track.contextFn.length) return null;
  const thread = cct?.threads.find((t) => `${t.pid}/${t.tid}` === s.thread) ?? null;
  return describeContext(track, calls.functions, s.context, { functions: cct?.functions ?? [], thread });
}
