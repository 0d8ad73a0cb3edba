// The parameters of dominant variance analysis, each with where it comes from.

export interface VarianceParameters {
  /** A context under this share of the total time is insignificant, with its subtree (001 §3: "say, < 0.02%"). */
  readonly significanceCutoff: number;
  /** A context is high-variant when CoV ≥ this (000 §2.1, 001 §3.1). */
  readonly covThreshold: number;
  /** A set of components contributes significantly when it explains at least this share of
   * the target's variance. The papers leave the share open; 10% matches their order-of-magnitude
   * cut for dominance (β = 0.1, 000 §8; the Pattern Set's 10%, 001 §4). */
  readonly minContribution: number;
  /** A callee invoked exactly once in more than this share of its parent's invocations is implicitly inlined (000 §2.2: "> 95%"). */
  readonly inliningProbability: number;
  /** Summarization pressure τ_S for merging patterns, 0..1 (000 §4; §8.1 suggests 0.4 first). */
  readonly tauS: number;
  /** Trim threshold β: drop (sub)patterns under β × the largest VIM at their level (000 §4; §8 uses 0.1). */
  readonly beta: number;
  /** The probability of the Chebyshev statements: VIM's k = 1/√(1 − p) (001 §3.4). */
  readonly chebyshevProbability: number;
}

/** Chebyshev (000 §2.1): Pr(|X − μ| ≥ tσ) ≤ 1/t². A context is high-variant when its time
 * cannot be guaranteed within `window` × μ of the mean with probability `probability`:
 * 1/t² = 1 − probability and tσ = window·μ, so CoV ≥ window·√(1 − probability). */
export function chebyshevCovThreshold(window: number, probability: number): number {
  if (!(window > 0) || !(probability > 0 && probability < 1))
    throw new Error("a Chebyshev window > 0 and a probability in (0, 1) are needed");
  // To 12 significant digits: √0.04 in binary makes 2·√0.04 = 0.4000000000000002, and a context
  // whose CoV is the paper's 0.4 must be tagged ("CoV ≥ 0.4").
  return Number((window * Math.sqrt(1 - probability)).toPrecision(12));
}

/** Window 200% of the mean at 96% → CoV 0.4 (000 §2.1). */
export const DEFAULT_WINDOW = 2;
export const DEFAULT_PROBABILITY = 0.96;

export const DEFAULT_PARAMETERS: VarianceParameters = {
  significanceCutoff: 0.0002,
  covThreshold: chebyshevCovThreshold(DEFAULT_WINDOW, DEFAULT_PROBABILITY),
  minContribution: 0.1,
  inliningProbability: 0.95,
  tauS: 0.4,
  beta: 0.1,
  chebyshevProbability: DEFAULT_PROBABILITY,
};

/** Time is on-CPU time unless asked otherwise: what the papers measure (001 §2.2 counts
 * instructions), so another process's turn on the CPU is not taken for the program's own variance. */
export const DEFAULT_ON_CPU = true;

/** The τ_S × β grid of paper 000 Table 1, for the sweep. */
export const SWEEP_TAUS: readonly number[] = [0.01, 0.2, 0.4, 0.6, 0.8, 1.0];
export const SWEEP_BETAS: readonly number[] = [0, 0.1];

/** Chebyshev's t for a probability bound p (Pr ≤ p): t = 1/√p, e.g. 5 for 4% (VIM's k, 001 §3.4). */
export function chebyshevT(p: number): number {
  return 1 / Math.sqrt(p);
}
