// Two sets of runs compared context by context (issue 4 "compare two runs or
// two designs"): each side's contexts pooled across its runs by call chain with
// exact pooled statistics (Chan et al.), then split into those that got slower
// and those that got faster, each ranked by the time the change costs per run.
import type { ContextRow } from "./query.js";

/** A change smaller than 1% of A's mean counts as unchanged: below what
 * repeated runs of the example programs vary by (issue 3 measurements). */
export const MIN_RELATIVE_CHANGE = 0.01;

export interface SideStats {
  readonly n: number;
  readonly meanNs: number;
  readonly cov: number;
}

export interface ComparedContext {
  readonly path: readonly string[];
  readonly a: SideStats | null;
  readonly b: SideStats | null;
  /** Mean of B minus mean of A, per invocation. */
  readonly deltaNs: number;
  /** B's mean over A's, minus 1; null when a side is missing or A's mean is 0. */
  readonly relative: number | null;
  /** Welch's t of the two means; null when either side has fewer than two invocations. */
  readonly welchT: number | null;
}

export interface ContextComparison {
  readonly slower: ComparedContext[];
  readonly faster: ComparedContext[];
  readonly unchanged: number;
  /** Contexts seen on one side only while the other side's lightest contexts were left out (too deep
   * to list, query.ts's budget): whether the other side had them is not known, so they are not compared. */
  readonly unknown: number;
}

interface Pooled {
  path: readonly string[];
  n: number;
  mean: number;
  m2: number;
}

/** Contexts of several runs (each the rows of one run) pooled by call chain. */
export function poolContexts(runs: readonly (readonly ContextRow[])[]): Map<string, Pooled> {
  const out = new Map<string, Pooled>();
  for (const rows of runs) {
    for (const r of rows) {
      const key = r.path.join("\u0000");
      const m2 = r.stdNs * r.stdNs * r.n;
      const p = out.get(key);
      if (!p) {
        out.set(key, { path: r.path, n: r.n, mean: r.meanNs, m2 });
        continue;
      }
      // Chan et al.: pooled mean and sum of squared deviations of two groups.
      const n = p.n + r.n;
      const d = r.meanNs - p.mean;
      p.m2 += m2 + (d * d * p.n * r.n) / n;
      p.mean += (d * r.n) / n;
      p.n = n;
    }
  }
  return out;
}

/** `cutA`, `cutB`: whether some run of that side had contexts left out of its rows. */
export function compareContexts(
  a: Map<string, Pooled>,
  b: Map<string, Pooled>,
  runsA: number,
  runsB: number,
  cutA = false,
  cutB = false,
): ContextComparison {
  const keys = new Set([...a.keys(), ...b.keys()]);
  const slower: ComparedContext[] = [];
  const faster: ComparedContext[] = [];
  let unchanged = 0;
  let unknown = 0;
  // Time the change costs per run: invocations per run times the change per invocation.
  const impact = (c: ComparedContext) =>
    Math.abs((c.b?.n ?? c.a?.n ?? 0) / (c.b ? runsB : runsA)) * Math.abs(c.deltaNs);
  for (const key of keys) {
    const pa = a.get(key);
    const pb = b.get(key);
    if ((!pa && cutA) || (!pb && cutB)) {
      unknown++;
      continue;
    }
    const c = compared(pa, pb);
    if (pa && pb && (c.relative === null || Math.abs(c.relative) < MIN_RELATIVE_CHANGE)) unchanged++;
    else if (c.deltaNs > 0) slower.push(c);
    else if (c.deltaNs < 0) faster.push(c);
    else unchanged++;
  }
  const byImpact = (x: ComparedContext, y: ComparedContext) =>
    impact(y) - impact(x) || x.path.join(">").localeCompare(y.path.join(">"));
  return { slower: slower.sort(byImpact), faster: faster.sort(byImpact), unchanged, unknown };
}

function compared(pa: Pooled | undefined, pb: Pooled | undefined): ComparedContext {
  const side = (p: Pooled | undefined): SideStats | null =>
    p ? { n: p.n, meanNs: p.mean, cov: p.mean > 0 ? Math.sqrt(p.m2 / p.n) / p.mean : 0 } : null;
  const deltaNs = (pb?.mean ?? 0) - (pa?.mean ?? 0);
  const relative = pa && pb && pa.mean > 0 ? pb.mean / pa.mean - 1 : null;
  return {
    path: (pa ?? pb)!.path,
    a: side(pa),
    b: side(pb),
    deltaNs,
    relative,
    welchT: pa && pb ? welchT(pa, pb) : null,
  };
}

/** Invocation times of one side: count, mean and sum of squared deviations. */
export interface Moments {
  readonly n: number;
  readonly mean: number;
  readonly m2: number;
}

/** Welch's t of B's mean over A's; null when either side has fewer than two invocations or neither varies. */
export function welchT(a: Moments, b: Moments): number | null {
  if (a.n < 2 || b.n < 2) return null;
  // Sample variances (n − 1) of each side's invocation times.
  const se = Math.sqrt(a.m2 / (a.n - 1) / a.n + b.m2 / (b.n - 1) / b.n);
  return se > 0 ? (b.mean - a.mean) / se : null;
}
