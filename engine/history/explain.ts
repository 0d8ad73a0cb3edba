// Why a change point happened (issue 33 item 3): the calling contexts of the versions just before it and
// just after compared (the runs' CCTs, one run's rows each), each context's own (self) time per run and
// calls per run on either side, ranked by the change of own time. Own times add up to the whole run's, so
// each part of the change is counted once, where it is spent: a caller's inclusive time carries every
// callee's change (with main → transform → step, 30 % more calls of step from transform raise main's,
// transform's and step's inclusive time alike), while the own time of main → transform → step alone holds
// it, with its calls per run up 30 % and its time per call unchanged: the chain names the caller that changed.
import type { ContextRow } from "../cct/query.js";
import { chainKind } from "../cct/frameKinds.js";

/** Contexts whose own time per run changed by less than this share of it are not listed: 1 %, the threshold
 * below which the comparison of contexts counts a context unchanged (cct/compare.ts MIN_RELATIVE_CHANGE). */
export const MIN_CONTEXT_CHANGE = 0.01;

/** Contexts listed per change point. */
export const EXPLAINED_CONTEXTS = 8;

/** What the contexts are ranked by: the series' own measure where the CCT holds it. A series of recorded calls
 * is explained by calls per run (counts, which the machine's load does not move); any other by own time. */
export type ContextMeasure = "time" | "calls";

export const contextMeasureOf = (metric: string): ContextMeasure => (metric === "calls" ? "calls" : "time");

export interface ContextChange {
  readonly path: readonly string[];
  /** Per run, each side's mean over its runs: calls, own (self) time and inclusive time. */
  readonly callsBefore: number;
  readonly callsAfter: number;
  readonly nsBefore: number;
  readonly nsAfter: number;
  readonly inclusiveBefore: number;
  readonly inclusiveAfter: number;
  /** nsAfter − nsBefore: the own time per run the change costs (negative: saves). */
  readonly deltaNs: number;
  /** callsAfter − callsBefore. */
  readonly deltaCalls: number;
}

/** The change of a context in the measure it is ranked by, and that measure's size on the larger side. */
export const deltaOf = (c: ContextChange, by: ContextMeasure): number => (by === "calls" ? c.deltaCalls : c.deltaNs);
const sizeOf = (c: ContextChange, by: ContextMeasure): number =>
  by === "calls" ? Math.max(c.callsBefore, c.callsAfter) : Math.max(c.nsBefore, c.nsAfter);

interface Side {
  calls: number;
  ns: number;
  inclusive: number;
  path: readonly string[];
}

function perRun(runs: readonly (readonly ContextRow[])[]): Map<string, Side> {
  const out = new Map<string, Side>();
  for (const rows of runs)
    for (const r of rows) {
      const key = r.path.join("\u0000");
      const s = out.get(key) ?? { calls: 0, ns: 0, inclusive: 0, path: r.path };
      s.calls += r.n / runs.length;
      s.ns += r.selfNs / runs.length;
      s.inclusive += r.inclusiveNs / runs.length;
      out.set(key, s);
    }
  return out;
}

/** The contexts of the program's own code whose own time (or calls) per run changed most. */
export function explainChange(
  before: readonly (readonly ContextRow[])[],
  after: readonly (readonly ContextRow[])[],
  by: ContextMeasure = "time",
): ContextChange[] {
  const a = perRun(before);
  const b = perRun(after);
  const changes = new Map<string, ContextChange>();
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(key);
    const y = b.get(key);
    const path = (x ?? y)!.path;
    if (chainKind(path) !== "code") continue;
    const nsBefore = x?.ns ?? 0;
    const nsAfter = y?.ns ?? 0;
    changes.set(key, {
      path,
      callsBefore: x?.calls ?? 0,
      callsAfter: y?.calls ?? 0,
      nsBefore,
      nsAfter,
      inclusiveBefore: x?.inclusive ?? 0,
      inclusiveAfter: y?.inclusive ?? 0,
      deltaNs: nsAfter - nsBefore,
      deltaCalls: (y?.calls ?? 0) - (x?.calls ?? 0),
    });
  }
  return [...changes.values()]
    .filter((c) => deltaOf(c, by) !== 0 && Math.abs(deltaOf(c, by)) >= MIN_CONTEXT_CHANGE * sizeOf(c, by))
    .sort(
      (x, y) => Math.abs(deltaOf(y, by)) - Math.abs(deltaOf(x, by)) || x.path.join(">").localeCompare(y.path.join(">")),
    )
    .slice(0, EXPLAINED_CONTEXTS);
}

/** The change of the whole run per run in the measure contexts are ranked by: every context's own time (code
 * or not), of which each context's deltaNs is a part; or the calls of the program's own code, as the calls
 * measure counts them (scheduler and tracer frames left out), of which each context's deltaCalls is a part. */
export function runChange(
  before: readonly (readonly ContextRow[])[],
  after: readonly (readonly ContextRow[])[],
  by: ContextMeasure = "time",
): number {
  const of = (r: ContextRow) => (by === "calls" ? (chainKind(r.path) === "code" ? r.n : 0) : r.selfNs);
  const total = (runs: readonly (readonly ContextRow[])[]) =>
    runs.reduce((t, rows) => t + rows.reduce((s, r) => s + of(r), 0), 0) / Math.max(1, runs.length);
  return total(after) - total(before);
}
