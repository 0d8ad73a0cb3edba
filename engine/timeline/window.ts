// One window of a timeline at one resolution (level of detail, as Perfetto
// draws its tracks): a call at least one pixel wide is a slice of its own; the
// calls narrower than that, consecutive at one depth and starting in the same
// pixel column, are merged into one summary slice with their count and total
// time. At one depth, calls never overlap, so at most `width` + 2 slices of a
// pixel or more meet the window, and each summary is followed by a slice or a
// new column: whatever the trace's size, a depth holds at most
// MAX_ITEMS_PER_PIXEL·width + ITEMS_SLACK items.
import { frameKind } from "../cct/frameKinds.js";
import type { TimelineCalls, TrackCalls } from "./recorder.js";
import type { TimelineSlice, TimelineSummary, TimelineTrack } from "./result.js";

/** Items per pixel column and depth: the slices of a pixel or more (one per column, ≤ width + 2 with the two cut
 * by the window's edges) and the summaries between them (one per column, plus one after each slice). */
export const MAX_ITEMS_PER_PIXEL = 3;
export const ITEMS_SLACK = 6;

export interface WindowRequest {
  readonly fromNs: number;
  readonly toNs: number;
  /** Pixels across the window (≥ 1). */
  readonly width: number;
}

/** Each thread's slices and summaries meeting [fromNs, toNs); `waits` flags the scheduler's pseudo-frames. */
export function cutWindow(calls: TimelineCalls, w: WindowRequest): TimelineTrack[] {
  const pixelNs = (w.toNs - w.fromNs) / w.width;
  const waits = calls.functions.map((name) => frameKind(name) === "waiting");
  return calls.tracks.map((t) => cutTrack(t, w, pixelNs, waits));
}

function cutTrack(t: TrackCalls, w: WindowRequest, pixelNs: number, waits: readonly boolean[]): TimelineTrack {
  const slices: TimelineSlice[] = [];
  const summaries: TimelineSummary[] = [];
  const depths = t.depthStart.length - 1;
  for (let d = 0; d < depths; d++) {
    const lo = t.depthStart[d];
    const hi = t.depthStart[d + 1];
    let i = firstEndingAfter(t.endNs, lo, hi, w.fromNs);
    let open: { -readonly [K in keyof TimelineSummary]: TimelineSummary[K] } | null = null;
    let openColumn = -1;
    for (; i < hi && t.startNs[i] < w.toNs; i++) {
      const start = t.startNs[i];
      const end = t.endNs[i];
      if (end <= w.fromNs && end !== start) continue;
      const wait = waits[t.fn[i]];
      if (end - start >= pixelNs) {
        open = null;
        slices.push({ startNs: start, endNs: end, depth: d, fn: t.fn[i], context: t.context[i], wait });
        continue;
      }
      const column = Math.max(0, Math.floor((start - w.fromNs) / pixelNs));
      if (open === null || column !== openColumn) {
        open = { startNs: start, endNs: end, depth: d, count: 0, totalNs: 0, waitNs: 0 };
        openColumn = column;
        summaries.push(open);
      }
      open.endNs = end;
      open.count++;
      open.totalNs += end - start;
      if (wait) open.waitNs += end - start;
    }
  }
  return {
    key: t.key,
    pid: t.pid,
    tid: t.tid,
    name: t.name,
    depths,
    calls: t.startNs.length,
    unclosed: t.unclosed,
    slices,
    summaries,
  };
}

/** The first index in [lo, hi) whose end is at or after `fromNs` (ends rise within a depth). */
function firstEndingAfter(endNs: Float64Array, lo: number, hi: number, fromNs: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (endNs[mid] < fromNs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
