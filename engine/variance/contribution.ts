// Variance contribution (paper 000 §2–2.2). A context's variance is the sum of
// its per-invocation covariance matrix over its components: its own code and
// each child's cumulative time (Eq. 2). Components are judged in sets: those
// coupled by a large cross term, or whose times vary together, are judged
// together, so that two mutually exclusive callees of similar cost (large self
// terms, a large negative cross term) cancel and do not count, while callees
// that vary in synchrony count as the set they are (§2, §2.2 scenario 3).
import type { ContextCovariance } from "../cct/covariance.js";

export interface ComponentSet {
  /** Dimensions of the covariance matrix: 0 is self time, s ≥ 1 a child. */
  readonly dims: readonly number[];
  /** Σ_{i,j ∈ set} C_ij over the reference variance (may exceed 1, 000 §8: 129%). */
  readonly fraction: number;
}

/** Components whose per-invocation times correlate at least this strongly (either sign) vary
 * together and are judged as one group (000 §2.2 scenario 3, "if their behavior varies in
 * synchrony"); 0.5 is the usual bound of a strong correlation. */
export const SYNCHRONY = 0.5;

type Matrix = Pick<ContextCovariance, "matrix" | "mean">;

/** The minimal sets of components that contribute at least `minContribution` of `reference`
 * (default: the matrix's own total, the context's variance), 000 §2: "a minimal set of children
 * that together contribute significantly … through all involved self-terms and cross-terms".
 * - Components are grouped when a cross term alone reaches that share, or when they vary together.
 * - In a significant group, the members whose removal takes the group's sum below the bar are the
 *   set: the others are not needed (a cancelling pair linked to a contributor falls away). When no
 *   member is needed on its own, the group is significant only together, and is the set.
 * - What no significant group holds is judged once more as one group: sets significant only
 *   together need not be linked pairwise. */
export function contributingSets(c: Matrix, minContribution: number, reference?: number): ComponentSet[] {
  const k = c.mean.length;
  const m = c.matrix;
  let total = 0;
  for (let i = 0; i < k * k; i++) total += m[i];
  const ref = reference ?? total;
  if (!(ref > 0)) return [];
  const bar = minContribution * ref;
  const sum = (dims: readonly number[]) => {
    let v = 0;
    for (const i of dims) for (const j of dims) v += m[i * k + j];
    return v;
  };
  const root = Array.from({ length: k }, (_, i) => i);
  const find = (i: number): number => (root[i] === i ? i : (root[i] = find(root[i])));
  for (let i = 0; i < k; i++) {
    for (let j = i + 1; j < k; j++) {
      const cij = m[i * k + j];
      const scale = Math.sqrt(m[i * k + i] * m[j * k + j]);
      if (Math.abs(2 * cij) >= bar || (scale > 0 && Math.abs(cij) >= SYNCHRONY * scale)) root[find(i)] = find(j);
    }
  }
  const groups = new Map<number, number[]>();
  for (let i = 0; i < k; i++) groups.set(find(i), [...(groups.get(find(i)) ?? []), i]);
  const sets: number[][] = [];
  for (const g of groups.values()) {
    const s = minimalSet(g, sum, bar);
    if (s) sets.push(s);
  }
  const rest = Array.from({ length: k }, (_, i) => i).filter((i) => !sets.some((s) => s.includes(i)));
  const together = rest.length > 1 ? minimalSet(rest, sum, bar) : null;
  if (together) sets.push(together);
  return sets.map((dims) => ({ dims, fraction: sum(dims) / ref })).sort((a, b) => b.fraction - a.fraction || a.dims[0] - b.dims[0]);
}

/** The members of a significant group that it cannot do without; all of it when it can do
 * without each one (significant only together); null when the group is not significant. When the
 * needed members fall short of the bar alone, the others that add most are added back. */
function minimalSet(group: readonly number[], sum: (dims: readonly number[]) => number, bar: number): number[] | null {
  if (sum(group) < bar) return null;
  const needed = group.filter((i) => sum(group.filter((j) => j !== i)) < bar);
  if (needed.length === 0) return [...group];
  const set = [...needed];
  const others = group.filter((i) => !needed.includes(i));
  while (sum(set) < bar && others.length > 0) {
    let best = 0;
    for (let o = 1; o < others.length; o++) if (sum([...set, others[o]]) > sum([...set, others[best]])) best = o;
    set.push(...others.splice(best, 1));
  }
  return set.sort((a, b) => a - b);
}

/** Each member's share of its set: its row of the matrix within the set, over the reference.
 * They add up to the set's fraction; a single member's share is its self term C_ii (000 §6.1's cf). */
export function memberShares(c: Matrix, set: ComponentSet, reference: number): number[] {
  const k = c.mean.length;
  return set.dims.map((i) => set.dims.reduce((v, j) => v + c.matrix[i * k + j], 0) / reference);
}
