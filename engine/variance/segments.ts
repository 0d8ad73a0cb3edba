// Linear segments (paper 000 §3.1, §5): a contribution from an underlier to an
// originating target, through internal transmitter contexts. The underlier of
// a chain is its deepest confirmed contributor (W in H → U → V → W); a segment
// of a target that is itself internal to a longer segment with the same
// underlier says nothing new and is dropped (U → V → W inside H → U → V → W).
import type { ContextColumns } from "../cct/contextTable.js";
import type { Candidate } from "./contribution.js";
import type { ConfirmedStats } from "./confirmation.js";

export interface Segment {
  /** CCT contexts from the originator (first) to the underlier (last). */
  readonly contexts: readonly number[];
  /** cf = C^{H|W}_{W,W} / σ²_H (000 §6.1). */
  readonly cf: number;
  /** T_i = (mean of Y^{H|W}, its variance, N of H) (000 §6.1). */
  readonly meanNs: number;
  readonly varianceNs2: number;
  readonly n: number;
}

/** `measured(k)` gives the confirmation pass's statistics of candidate k (only asked for inexact ones). */
export function buildSegments(cols: ContextColumns, variance: Float64Array, candidates: readonly Candidate[], measured: (k: number) => ConfirmedStats, minContribution: number): Segment[] {
  const confirmed = candidates.flatMap((c, k) => {
    if (c.exact) {
      const cov = cols.covariance[c.target]!;
      const dim = cov.childContexts.indexOf(c.via[0]) + 1;
      return [{ c, n: cols.n[c.target], meanNs: cov.mean[dim], varianceNs2: c.fraction * variance[c.target] }];
    }
    const s = measured(k);
    return s.varianceNs2 / variance[c.target] >= minContribution ? [{ c, n: s.n, meanNs: s.meanNs, varianceNs2: s.varianceNs2 }] : [];
  });
  // Underliers: confirmed descendants with no confirmed descendant of the same target below them.
  const below = (a: Candidate, b: Candidate) => a.target === b.target && b.via.length > a.via.length && a.via.every((x, i) => b.via[i] === x);
  const segments = confirmed
    .filter((a) => !confirmed.some((b) => below(a.c, b.c)))
    .map((a) => ({ contexts: [a.c.target, ...a.c.via], cf: a.varianceNs2 / variance[a.c.target], meanNs: a.meanNs, varianceNs2: a.varianceNs2, n: a.n }));
  const underlier = (s: Segment) => s.contexts[s.contexts.length - 1];
  return segments
    .filter((s) => !segments.some((o) => o !== s && underlier(o) === underlier(s) && o.contexts.length > s.contexts.length && o.contexts.slice(1, -1).includes(s.contexts[0])))
    .sort((a, b) => a.contexts[0] - b.contexts[0] || b.cf - a.cf);
}

