// Two runs, or two designs' runs, side by side: wall-time distributions, and
// the contexts that got slower or faster (compare.ts), pooled per side.
import type { RunRow } from "../campaign/readModels.js";
import { summarize, type Summary } from "../stats/summary.js";
import { compareContexts, MIN_RELATIVE_CHANGE, poolContexts, type ComparedContext } from "./compare.js";
import type { ContextRow } from "./query.js";
import { chainKind, type FrameKind } from "./frameKinds.js";
import { grouped } from "../format/numbers.js";

/** Seed of the bootstrap intervals of compared wall times (fixed: same data, same view). */
const COMPARE_SEED = 1;

export interface ComparisonSide {
  readonly label: string;
  readonly runIds: readonly number[];
  readonly wallNs: readonly number[];
  readonly wall: Summary | null;
  /** How many of its runs hold a CCT. */
  readonly withCct: number;
}

export interface Comparison {
  readonly a: ComparisonSide;
  readonly b: ComparisonSide;
  /** Relative change below which a context counts as unchanged. */
  readonly minRelativeChange: number;
  /** The program's own code that got slower or faster, ranked by time per run the change costs. */
  readonly slower: readonly ComparedContext[];
  readonly faster: readonly ComparedContext[];
  /** What changed that is not the program's code (frameKinds.ts): waits for the CPU, the profiler's own
   * frames, the loader. Shown apart, never ranked among the code's findings: a slower
   * `linux:schedule (pre-empted)` is the machine's load, not the design. */
  readonly apart: readonly (ComparedContext & { readonly kind: Exclude<FrameKind, "code"> })[];
  readonly unchanged: number;
  /** Contexts on one side only where the other side's list was cut: not compared. */
  readonly unknown: number;
  /** What was left out, in words (empty when nothing was). */
  readonly notes: readonly string[];
}

export interface SideInput {
  readonly label: string;
  readonly runs: readonly RunRow[];
  /** The context rows of each of its runs that hold a CCT (`cut`: how many contexts its list left out). */
  readonly contexts: readonly (readonly ContextRow[] & { readonly cut?: number })[];
}

export function compareSides(a: SideInput, b: SideInput): Comparison {
  const both = a.contexts.length > 0 && b.contexts.length > 0;
  const [cutA, cutB] = [cutOf(a), cutOf(b)];
  const result = both
    ? compareContexts(
        poolContexts(a.contexts),
        poolContexts(b.contexts),
        a.contexts.length,
        b.contexts.length,
        cutA > 0,
        cutB > 0,
      )
    : { slower: [], faster: [], unchanged: 0, unknown: 0 };
  const notes = [
    ...[[a, cutA] as const, [b, cutB] as const].flatMap(([s, cut]) =>
      cut === 0
        ? []
        : [
            `${s.label}: only the heaviest contexts of its deepest runs are compared; ${grouped(cut)} lighter ones, whose call chains would not fit in memory together, are left out`,
          ],
    ),
    ...(result.unknown > 0
      ? [
          `${grouped(result.unknown)} context(s) seen on one side only are not compared: the other side may have them among those left out`,
        ]
      : []),
  ];
  const code = (c: ComparedContext) => chainKind(c.path) === "code";
  const apart = [...result.slower, ...result.faster]
    .filter((c) => !code(c))
    .map((c) => ({ ...c, kind: chainKind(c.path) as Exclude<FrameKind, "code"> }))
    .sort((x, y) => Math.abs(y.deltaNs) - Math.abs(x.deltaNs));
  return {
    a: side(a),
    b: side(b),
    minRelativeChange: MIN_RELATIVE_CHANGE,
    ...result,
    slower: result.slower.filter(code),
    faster: result.faster.filter(code),
    apart,
    notes,
  };
}

/** Contexts left out of a side's lists, over its runs. */
function cutOf(s: SideInput): number {
  return s.contexts.reduce((n, rows) => n + (rows.cut ?? 0), 0);
}

function side(s: SideInput): ComparisonSide {
  const wallNs = s.runs.flatMap((r) => (r.wallNs === null ? [] : [r.wallNs]));
  return {
    label: s.label,
    runIds: s.runs.map((r) => r.id),
    wallNs,
    wall: wallNs.length > 0 ? summarize(wallNs, COMPARE_SEED) : null,
    withCct: s.contexts.length,
  };
}
