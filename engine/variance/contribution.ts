// Variance contribution (paper 000 §2–2.2). A context's variance is the sum of
// its per-invocation covariance matrix over its components: its own code and
// each child's cumulative time (Eq. 2). The contributing sets are the minimal
// sets of components that "together contribute significantly … through all
// involved self-terms and cross-terms" (§2): a component counts on its own
// when its self term stays significant after every cross term that diminishes
// it, so two mutually exclusive callees of similar cost (large self terms, a
// large negative cross term) do not count; small components count together
// only where they vary in synchrony (§2.2 scenario 3). A cross term diminishes
// or links only when it can be told from sampling noise (crossTermCounts): two
// independent callees show a small cross term of either sign in any finite
// sample, and a rule that reads it as cancellation answers differently from one
// recording of the same program to the next.
import type { ContextCovariance } from "../cct/covariance.js";
import { chebyshevT, DEFAULT_PROBABILITY } from "./parameters.js";

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

type Matrix = Pick<ContextCovariance, "n" | "matrix" | "mean">;

/** The smallest |correlation| a cross term needs to count, over n invocations, at `probability`
 * (a Chebyshev statement, as the papers make theirs, 000 §2.1, 001 §3.4). If Y_i and Y_j are
 * unrelated, every pairing of their n observations is as likely as the one recorded, and over
 * those pairings the sample correlation r has mean 0 and variance 1/(n − 1) whatever the
 * distributions (the permutation distribution of Pearson's r); Chebyshev then bounds
 * Pr(|r| ≥ t/√(n − 1)) ≤ 1/t², t = 1/√(1 − probability): 5 at 96%, |r| ≥ 0.8 over 40 invocations,
 * 0.5 over 100. Below that the term is what two independent callees show by chance. With n ≤ t² + 1
 * no correlation can be told from chance: the bound exceeds 1 and no cross term counts. */
export function noiseCorrelation(n: number, probability: number): number {
  return n > 1 ? chebyshevT(1 - probability) / Math.sqrt(n - 1) : Infinity;
}

/** The minimal sets of components that contribute at least `minContribution` of `reference`
 * (default: the matrix's own total, the context's variance), 000 §2.
 * - Components are grouped when a cross term alone reaches the bar, or when they vary together.
 * - A member significant on its own (after the cross terms that diminish it, 000 §2: "examine if
 *   other G_j's are diminishing … the contribution") is a set; such members linked directly to
 *   each other vary together and are one set.
 * - The rest of a group is a set only together: members that add nothing significant to it are
 *   removed one by one (a cancelling pair, or a small member linking two unrelated contributors).
 * - Components in no group are judged once more together, leaving out any whose cross term with
 *   the others is not positive: a set significant only together need not be linked pairwise. */
export function contributingSets(
  c: Matrix,
  minContribution: number,
  reference?: number,
  probability = DEFAULT_PROBABILITY,
): ComponentSet[] {
  const k = c.mean.length;
  const m = counted(c, probability);
  let total = 0;
  for (let i = 0; i < k * k; i++) total += c.matrix[i];
  const ref = reference ?? total;
  if (!(ref > 0)) return [];
  const bar = minContribution * ref;
  const sets: number[][] = [];
  const judged = new Set<number>();
  for (const group of components(k, (i, j) => linked(m, k, bar, i, j))) {
    const alone = group.filter((i) => robustSum(m, k, [i]) >= bar);
    sets.push(
      ...components(alone.length, (a, b) => linked(m, k, bar, alone[a], alone[b])).map((g) => g.map((a) => alone[a])),
    );
    if (group.length < 2) continue;
    for (const i of group) judged.add(i);
    const together = trimmedSet(
      m,
      k,
      group.filter((i) => !alone.includes(i)),
      bar,
    );
    if (together) sets.push(together);
  }
  const inSet = new Set(sets.flat());
  const rest = withPositiveCrossTerms(
    m,
    k,
    range(k).filter((i) => !judged.has(i) && !inSet.has(i)),
  );
  const together = trimmedSet(m, k, rest, bar);
  if (together) sets.push(together);
  return sets
    .map((dims) => ({ dims, fraction: sum(c.matrix, k, dims) / ref }))
    .sort((a, b) => b.fraction - a.fraction || a.dims[0] - b.dims[0]);
}

/** The matrix with every cross term that cannot be told from chance (noiseCorrelation) set to 0,
 * for judging only: fractions and shares are still the matrix's own terms. 000 §2 asks whether
 * other components are "diminishing or enhancing the contribution through C_ij terms"; a term of
 * the size two unrelated callees show by chance does neither. */
function counted(c: Matrix, probability: number): number[] {
  const k = c.mean.length;
  const m = [...c.matrix];
  const bound = noiseCorrelation(c.n, probability);
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++)
      if (i !== j && !(Math.abs(m[i * k + j]) >= bound * Math.sqrt(c.matrix[i * k + i] * c.matrix[j * k + j])))
        m[i * k + j] = 0;
  return m;
}

/** Each member's share of its set: its row of the matrix within the set, over the reference.
 * They add up to the set's fraction; a single member's share is its self term C_ii (000 §6.1's cf). */
export function memberShares(c: Matrix, set: ComponentSet, reference: number): number[] {
  const k = c.mean.length;
  return set.dims.map((i) => set.dims.reduce((v, j) => v + c.matrix[i * k + j], 0) / reference);
}

/** Components i and j are judged together: a cross term alone reaches the bar, or they vary in synchrony. */
function linked(m: readonly number[], k: number, bar: number, i: number, j: number): boolean {
  const cij = m[i * k + j];
  const scale = Math.sqrt(m[i * k + i] * m[j * k + j]);
  return Math.abs(2 * cij) >= bar || (scale > 0 && Math.abs(cij) >= SYNCHRONY * scale);
}

// Loops rather than Array.from, Maps and inner closures: a recursion d deep whose every level
// varies asks for d² decompositions of two components each (components.ts), so their constant counts.
function range(k: number): number[] {
  const r = new Array<number>(k);
  for (let i = 0; i < k; i++) r[i] = i;
  return r;
}

/** Σ_{i,j ∈ dims} C_ij: the set's own terms of Eq. 2. */
function sum(m: readonly number[], k: number, dims: readonly number[]): number {
  let v = 0;
  for (const i of dims) for (const j of dims) v += m[i * k + j];
  return v;
}

/** The set's terms plus every negative cross term between a member and a component outside it,
 * counted once (the member's half of 2·C_ij in Eq. 2): what the set contributes at the least,
 * whatever the components that cancel it do. */
function robustSum(m: readonly number[], k: number, dims: readonly number[]): number {
  let v = sum(m, k, dims);
  for (const i of dims) for (let j = 0; j < k; j++) if (!dims.includes(j)) v += Math.min(0, m[i * k + j]);
  return v;
}

/** Members of `dims` removed one by one, the one adding least first, while one adds nothing
 * significant: its marginal term Σ(S) − Σ(S∖{i}) = 2·Σ_{j∈S} C_ij − C_ii is ≤ 0 or under the bar.
 * What is left is a set when it reaches the bar even against the components that cancel it. */
function trimmedSet(m: readonly number[], k: number, dims: readonly number[], bar: number): number[] | null {
  const set = [...dims];
  while (set.length > 0) {
    let worst = 0;
    let least = Infinity;
    set.forEach((i, at) => {
      let row = 0;
      for (const j of set) row += m[i * k + j];
      const marginal = 2 * row - m[i * k + i];
      // Ties: the later component goes first, so the result does not depend on the scan.
      if (marginal <= least) [worst, least] = [at, marginal];
    });
    if (least > 0 && least >= bar) break;
    set.splice(worst, 1);
  }
  return set.length > 0 && robustSum(m, k, set) >= bar ? set.sort((a, b) => a - b) : null;
}

/** Drops, one at a time, the components whose cross term with the others left is not positive:
 * they do not vary with the others, so they cannot be part of a set significant only together. */
function withPositiveCrossTerms(m: readonly number[], k: number, dims: readonly number[]): number[] {
  const left = [...dims];
  for (;;) {
    const at = left.findIndex((i) => left.reduce((v, j) => (j === i ? v : v + m[i * k + j]), 0) <= 0);
    if (at < 0) return left;
    left.splice(at, 1);
  }
}

/** The connected components of 0…n−1 under `linked`, each in ascending order. */
function components(n: number, linked: (a: number, b: number) => boolean): number[][] {
  const root = range(n);
  for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) if (linked(a, b)) root[rootOf(root, a)] = rootOf(root, b);
  // Groups in the order of their smallest member.
  const groups: number[][] = [];
  const groupOf = new Array<number>(n).fill(-1);
  for (let a = 0; a < n; a++) {
    const r = rootOf(root, a);
    if (groupOf[r] < 0) {
      groupOf[r] = groups.length;
      groups.push([]);
    }
    groups[groupOf[r]].push(a);
  }
  return groups;
}

/** The root of a's tree in a union-find forest, halving the path on the way. */
function rootOf(root: number[], a: number): number {
  while (root[a] !== a) a = root[a] = root[root[a]];
  return a;
}
