// Variance contribution (paper 000 §2–2.2). A context's variance is the sum of
// its per-invocation covariance matrix over (self time, each child's
// cumulative time) (Eq. 2). Components coupled by a large cross term are
// judged together, so that two mutually exclusive callees of similar cost
// (large self terms, a large negative cross term) cancel and do not count,
// while a loop whose trip count varies does (§2, Listing 1). Contributing
// callees called with probability > 95% are implicitly inlined, cascading the
// search below them (§2.2); what the cascade finds is only a candidate until
// a pass over the trace confirms it (confirmation.ts).
import type { ContextColumns } from "../cct/contextTable.js";
import type { ContextCovariance } from "../cct/covariance.js";
import type { Tagging } from "./tagging.js";
import type { VarianceParameters } from "./parameters.js";

export interface ComponentSet {
  /** Dimensions of the covariance matrix: 0 is self time, s ≥ 1 a child. */
  readonly dims: readonly number[];
  /** Σ_{i,j ∈ set} C_ij over the reference variance (may exceed 1, 000 §8: 129%). */
  readonly fraction: number;
}

/** The minimal sets of components that contribute at least `minContribution`
 * of `reference` (default: the matrix's own total, the context's variance).
 * Components whose cross term alone reaches that share are linked, and each
 * linked group is one candidate set: it cannot be split without dropping a
 * significant term (§2, "minimal set of children"). */
export function contributingSets(c: ContextCovariance, minContribution: number, reference?: number): ComponentSet[] {
  const k = c.mean.length;
  const m = c.matrix;
  let total = 0;
  for (let i = 0; i < k * k; i++) total += m[i];
  const ref = reference ?? total;
  if (!(ref > 0)) return [];
  const bar = minContribution * ref;
  const root = Array.from({ length: k }, (_, i) => i);
  const find = (i: number): number => (root[i] === i ? i : (root[i] = find(root[i])));
  for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) if (Math.abs(2 * m[i * k + j]) >= bar) root[find(i)] = find(j);
  const groups = new Map<number, number[]>();
  for (let i = 0; i < k; i++) groups.set(find(i), [...(groups.get(find(i)) ?? []), i]);
  const sets: ComponentSet[] = [];
  for (const dims of groups.values()) {
    let v = 0;
    for (const i of dims) for (const j of dims) v += m[i * k + j];
    if (v >= bar) sets.push({ dims, fraction: v / ref });
  }
  return sets.sort((a, b) => b.fraction - a.fraction || a.dims[0] - b.dims[0]);
}

/** A descendant context that may be an underlying source of a target's variance. */
export interface Candidate {
  readonly target: number;
  /** Contexts from the target (exclusive) down to the descendant (inclusive). */
  readonly via: readonly number[];
  /** Its share of the target's variance: exact for a direct child (C_GG/σ², §6.1), else estimated through inlining. */
  readonly fraction: number;
  /** A direct child, whose share is exact (000 §2.2); others need the confirmation pass. */
  readonly exact: boolean;
}

export function descendantOf(c: Candidate): number {
  return c.via[c.via.length - 1];
}

/** Contributing children of every high-variant context, and the candidates the
 * inlining cascade finds below those called with high probability (000 §2.2). */
export function contributionCandidates(cols: ContextColumns, tagging: Tagging, p: Pick<VarianceParameters, "minContribution" | "inliningProbability">): Candidate[] {
  const out: Candidate[] = [];
  const childOf = (owner: number, c: ContextCovariance, dim: number) => (dim === 0 ? owner : c.childContexts[dim - 1]);
  // 000 §2.2: a callee invoked "with very high probability (say, > 95%)", and "only once", in its
  // parent's invocations: then its variance is about its component's, C_GG ≈ σ²_G, and its own
  // matrix can stand in for it. A CCT stored before the once-count was kept falls back on N_G/N_F.
  const inlinable = (ctx: number) => {
    const parentN = cols.n[cols.parent[ctx]];
    const once = cols.calledOnce[ctx];
    const ratio = cols.n[ctx] / parentN;
    const probability = Number.isNaN(once) ? (ratio <= 1 ? ratio : 0) : once / parentN;
    return parentN > 0 && probability > p.inliningProbability;
  };
  const cascade = (target: number, via: number[], sigma2: number) => {
    const at = via[via.length - 1];
    const c = cols.covariance[at];
    if (!c || !inlinable(at)) return;
    for (const set of contributingSets(c, p.minContribution, sigma2)) {
      for (const dim of set.dims) {
        if (dim === 0) continue;
        const d = childOf(at, c, dim);
        // The same test as for direct children: an insignificant context is no VCG node (001 §3).
        if (!tagging.significant[d]) continue;
        const path = [...via, d];
        out.push({ target, via: path, fraction: c.matrix[dim * c.mean.length + dim] / sigma2, exact: false });
        cascade(target, path, sigma2);
      }
    }
  };
  for (let t = 1; t < cols.size; t++) {
    const c = cols.covariance[t];
    if (!tagging.highVariant[t] || !c) continue;
    const sigma2 = tagging.variance[t];
    for (const set of contributingSets(c, p.minContribution)) {
      for (const dim of set.dims) {
        if (dim === 0) continue; // the target's own code: it originates its variance itself
        const g = childOf(t, c, dim);
        if (!tagging.significant[g]) continue;
        out.push({ target: t, via: [g], fraction: c.matrix[dim * c.mean.length + dim] / sigma2, exact: true });
        cascade(t, [g], sigma2);
      }
    }
  }
  return out;
}
