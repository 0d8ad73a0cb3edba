// Two runs, or two designs' runs, side by side: wall-time distributions, and
// the contexts that got slower or faster (compare.ts), pooled per side.
import type { RunRow } from "../campaign/readModels.js";
import { summarize, type Summary } from "../stats/summary.js";
import { compareContexts, MIN_RELATIVE_CHANGE, poolContexts, type ComparedContext } from "./compare.js";
import type { ContextRow } from "./query.js";

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
  readonly slower: readonly ComparedContext[];
  readonly faster: readonly ComparedContext[];
  readonly unchanged: number;
}

export interface SideInput {
  readonly label: string;
  readonly runs: readonly RunRow[];
  /** The context rows of each of its runs that hold a CCT. */
  readonly contexts: readonly (readonly ContextRow[])[];
}

export function compareSides(a: SideInput, b: SideInput): Comparison {
  const both = a.contexts.length > 0 && b.contexts.length > 0;
  const result = both ? compareContexts(poolContexts(a.contexts), poolContexts(b.contexts), a.contexts.length, b.contexts.length) : { slower: [], faster: [], unchanged: 0 };
  return { a: side(a), b: side(b), minRelativeChange: MIN_RELATIVE_CHANGE, ...result };
}

function side(s: SideInput): ComparisonSide {
  const wallNs = s.runs.flatMap((r) => (r.wallNs === null ? [] : [r.wallNs]));
  return { label: s.label, runIds: s.runs.map((r) => r.id), wallNs, wall: wallNs.length > 0 ? summarize(wallNs, COMPARE_SEED) : null, withCct: s.contexts.length };
}
