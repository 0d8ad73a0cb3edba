// Where a timeline's slices go on its canvas, pure so tests can place a click:
// tracks stacked one under another, each a header with the thread's name and a
// row per call depth, every depth (a track is as tall as its thread's deepest
// call; the canvas scrolls), time mapped linearly across the width; colours by
// function name, waits shaded.
import type { TimelineResult, TimelineSlice, TimelineSummary, TimelineTrack } from "../../../engine/timeline/result.js";

/** CSS pixels: a depth's row, a track's header (its thread's name), the time axis on top. */
export const ROW_PX = 16;
export const HEADER_PX = 20;
export const AXIS_PX = 22;

export interface TrackBox {
  readonly track: TimelineTrack;
  /** The header's top, and the first row's. */
  readonly top: number;
  readonly rowsTop: number;
  readonly rows: number;
}

export function trackBoxes(tracks: readonly TimelineTrack[]): { boxes: TrackBox[]; height: number } {
  let y = AXIS_PX;
  const boxes = tracks.map((track) => {
    const rows = track.depths;
    const box = { track, top: y, rowsTop: y + HEADER_PX, rows };
    y += HEADER_PX + rows * ROW_PX + 4;
    return box;
  });
  return { boxes, height: y };
}

/** x of a time in a window [fromNs, toNs) drawn `width` pixels across. */
export function xOf(t: number, fromNs: number, toNs: number, width: number): number {
  return ((t - fromNs) / (toNs - fromNs)) * width;
}

export function timeAt(x: number, fromNs: number, toNs: number, width: number): number {
  return fromNs + (x / width) * (toNs - fromNs);
}

/** The slice drawn under (x, y) (y in the layout's coordinates, scrolled rows included), or null. */
export function sliceAt(
  boxes: readonly TrackBox[],
  x: number,
  y: number,
  win: { fromNs: number; toNs: number; width: number },
): { track: TimelineTrack; slice: TimelineSlice } | null {
  const box = boxes.find((b) => y >= b.rowsTop && y < b.rowsTop + b.rows * ROW_PX);
  if (!box) return null;
  const depth = Math.floor((y - box.rowsTop) / ROW_PX);
  const t = timeAt(x, win.fromNs, win.toNs, win.width);
  const slice = box.track.slices.find((s) => s.depth === depth && s.startNs <= t && t < s.endNs);
  return slice ? { track: box.track, slice } : null;
}

/** The summary drawn under (x, y), or null: calls narrower than a pixel merged, drawn at least a pixel wide
 * (so a click within half a pixel of its span finds it). */
export function summaryAt(
  boxes: readonly TrackBox[],
  x: number,
  y: number,
  win: { fromNs: number; toNs: number; width: number },
): { track: TimelineTrack; summary: TimelineSummary } | null {
  const box = boxes.find((b) => y >= b.rowsTop && y < b.rowsTop + b.rows * ROW_PX);
  if (!box) return null;
  const depth = Math.floor((y - box.rowsTop) / ROW_PX);
  const t = timeAt(x, win.fromNs, win.toNs, win.width);
  const half = (win.toNs - win.fromNs) / win.width / 2;
  const summary = box.track.summaries.find((m) => m.depth === depth && m.startNs - half <= t && t < m.endNs + half);
  return summary ? { track: box.track, summary } : null;
}

/** The window a summary clicked opens: its span with a tenth on each side, so its calls become slices. */
export function summaryWindow(
  m: { startNs: number; endNs: number },
  span: { startNs: number; endNs: number },
): { fromNs: number; toNs: number } {
  const width = Math.max(MIN_SPAN_NS, (m.endNs - m.startNs) * 1.2);
  return clampWindow((m.startNs + m.endNs) / 2 - width / 2, width, span);
}

/** A function's colour: a hue from its name's hash, so a function keeps its colour as the view moves. */
export function functionColor(name: string, dark: boolean): string {
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619);
  const hue = (h >>> 0) % 360;
  return dark ? `hsl(${hue} 45% 38%)` : `hsl(${hue} 60% 78%)`;
}

/** Scheduler waits: grey, drawn hatched over it (the thread was switched out). */
export const WAIT_FILL = { light: "#c9ced6", dark: "#3a3f47" } as const;

/** Time-axis ticks: a 1-2-5 step giving at most `most` ticks across the window. */
export function ticks(fromNs: number, toNs: number, most: number): number[] {
  const span = toNs - fromNs;
  if (!(span > 0)) return [fromNs];
  const raw = span / most;
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw)!;
  const out: number[] = [];
  for (let t = Math.ceil(fromNs / step) * step; t <= toNs; t += step) out.push(t);
  return out;
}

/** A window zoomed by `factor` (< 1: in) around time `at`, kept inside the trace's span and at least
 * MIN_SPAN_NS wide. */
export function zoomWindow(
  win: { fromNs: number; toNs: number },
  factor: number,
  at: number,
  span: { startNs: number; endNs: number },
): { fromNs: number; toNs: number } {
  const width = Math.max(MIN_SPAN_NS, (win.toNs - win.fromNs) * factor);
  const share = (at - win.fromNs) / (win.toNs - win.fromNs);
  return clampWindow(at - share * width, width, span);
}

/** A window moved by `deltaNs`, kept inside the span. */
export function panWindow(
  win: { fromNs: number; toNs: number },
  deltaNs: number,
  span: { startNs: number; endNs: number },
): { fromNs: number; toNs: number } {
  return clampWindow(win.fromNs + deltaNs, win.toNs - win.fromNs, span);
}

/** The narrowest window: 10 ns, a few of the tracer's own time stamps apart. */
export const MIN_SPAN_NS = 10;

function clampWindow(fromNs: number, width: number, span: { startNs: number; endNs: number }) {
  const w = Math.min(width, span.endNs - span.startNs);
  const from = Math.min(Math.max(fromNs, span.startNs), span.endNs - w);
  return { fromNs: from, toNs: from + w };
}

export type { TimelineResult };
