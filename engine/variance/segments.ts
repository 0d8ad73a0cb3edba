// Contributions and linear segments (paper 000 §2, §3.1, §5): each
// high-variant target's components judged in sets (contribution.ts) on their
// exact or measured matrix; every member of a contributing set is an
// underlier of a segment from the target through the contexts between them
// (transmitters). A segment of a target that is itself internal to a longer
// segment with the same underlier says nothing new and is dropped
// (U → V → W inside H → U → V → W).
import type { ContextColumns } from "../cct/contextTable.js";
import type { Tagging } from "./tagging.js";
import type { TargetPlan } from "./components.js";
import type { VcgSegment, VcgStats } from "./vcgTypes.js";
import { contributingSets, memberShares } from "./contribution.js";

/** A plan's matrix: the CCT's (exact) or the confirmation pass's. */
export interface PlanMatrix {
  readonly n: number;
  readonly mean: readonly number[];
  readonly matrix: readonly number[];
}

export interface Contribution {
  readonly plan: number;
  readonly component: number;
  /** The plan's matrix it was judged on. */
  readonly matrix: PlanMatrix;
  /** Exact (the CCT's matrix) or measured by the confirmation pass. */
  readonly exact: boolean;
  /** Its self term over the target's variance: cf = C_AA / σ²_T (000 §6.1). */
  readonly cf: number;
  /** Its row within its set over σ²_T; null when it is in no contributing set. */
  readonly share: number | null;
  /** The fraction of the set it belongs to; null when in none. */
  readonly setFraction: number | null;
  /** T_i = (mean of Y^{T|A}, its variance, N of T) (000 §6.1). */
  readonly meanNs: number;
  readonly varianceNs2: number;
  readonly n: number;
}

export interface Segment {
  /** CCT contexts from the originator (first) to the underlier (last). */
  readonly contexts: readonly number[];
  readonly cf: number;
  readonly meanNs: number;
  readonly varianceNs2: number;
  readonly n: number;
  /** The plan component the statistics are, for adding segments up (agglomerate.ts). */
  readonly terms: SegmentTerms;
}

/** What a segment's statistics sum: components of its originator's plan matrix. Two segments of
 * one originator merged inside a pattern come from the same invocations of it, so the merged one
 * is their sum, Y^{H|F1} + Y^{H|F2}, with their cross terms (000 §4: "mathematically equivalent to
 * the cumulative behavior"), not a pool of separate invocations (§6.1). */
export interface SegmentTerms {
  readonly matrix: PlanMatrix;
  readonly components: readonly number[];
}

/** A VCG segment that knows its terms. extract.ts makes them; merge.ts's copies drop them and
 * need none: it pools corresponding segments of two distinct originators, whose invocations are
 * separate (§6.1), and the segments it copies start inside the merged trees, so they are never
 * the outer segments a merge below their originator adds up. */
export type TermedSegment = VcgSegment & { readonly terms: SegmentTerms };

/** The statistics of the sum of `terms`' components over the originator's invocations. */
export function sumStats(terms: SegmentTerms): VcgStats {
  const { matrix: m, components } = terms;
  const k = m.mean.length;
  let meanNs = 0;
  let varianceNs2 = 0;
  for (const i of components) {
    meanNs += m.mean[i];
    for (const j of components) varianceNs2 += m.matrix[i * k + j];
  }
  return { n: m.n, meanNs, varianceNs2 };
}

/** Every component of every plan that is in a contributing set, and, of measured plans, those
 * that would have been one on its own but is cancelled or not needed with the others. */
export function contributions(
  plans: readonly TargetPlan[],
  matrixOf: (p: number) => PlanMatrix,
  tagging: Tagging,
  minContribution: number,
  probability: number,
): Contribution[] {
  return plans.flatMap((plan, p) => {
    const m = matrixOf(p);
    const sigma2 = tagging.variance[plan.target];
    const k = m.mean.length;
    const member = new Map<number, { share: number; setFraction: number }>();
    for (const set of contributingSets(m, minContribution, sigma2, probability)) {
      const shares = memberShares(m, set, sigma2);
      set.dims.forEach((d, i) => member.set(d, { share: shares[i], setFraction: set.fraction }));
    }
    return plan.components.flatMap((x, i): Contribution[] => {
      if (i === 0 || !tagging.significant[x.context]) return [];
      const cf = m.matrix[i * k + i] / sigma2;
      const inSet = member.get(i);
      if (!inSet && (plan.exact || cf < minContribution)) return [];
      return [
        {
          plan: p,
          component: i,
          matrix: m,
          exact: plan.exact,
          cf,
          share: inSet?.share ?? null,
          setFraction: inSet?.setFraction ?? null,
          meanNs: m.mean[i],
          varianceNs2: m.matrix[i * k + i],
          n: m.n,
        },
      ];
    });
  });
}

export function buildSegments(plans: readonly TargetPlan[], found: readonly Contribution[]): Segment[] {
  const segments = found
    .filter((c) => c.share !== null)
    .map((c) => {
      const plan = plans[c.plan];
      return {
        contexts: [plan.target, ...plan.components[c.component].path],
        cf: c.cf,
        meanNs: c.meanNs,
        varianceNs2: c.varianceNs2,
        n: c.n,
        terms: { matrix: c.matrix, components: [c.component] },
      };
    });
  const byUnderlier = new Map<number, Segment[]>();
  for (const s of segments) {
    const u = s.contexts[s.contexts.length - 1];
    const same = byUnderlier.get(u);
    if (same) same.push(s);
    else byUnderlier.set(u, [s]);
  }
  return segments
    .filter(
      (s) =>
        !byUnderlier
          .get(s.contexts[s.contexts.length - 1])!
          .some((o) => o.contexts.length > s.contexts.length && o.contexts.slice(1, -1).includes(s.contexts[0])),
    )
    .sort((a, b) => a.contexts[0] - b.contexts[0] || b.cf - a.cf);
}

/** The exact matrix of a plan that inlines nothing: the target's own child covariance. */
export function exactMatrix(cols: ContextColumns, plan: TargetPlan): PlanMatrix {
  const c = cols.covariance[plan.target]!;
  return { n: c.n, mean: c.mean, matrix: c.matrix };
}
