// Soft real-time statements about one context (paper 000 §8.1): from its
// mean and CoV alone, Chebyshev bounds how often one invocation runs long,
// whatever the distribution: Pr(X ≥ μ + tσ) ≤ Pr(|X − μ| ≥ tσ) ≤ 1/t², so with
// p = 1/t² an invocation exceeds (1 + CoV·t)·μ with probability under p
// (t = 5 for 4%: (1 + CoV/0.2)·μ; t = 2 for 25%: (1 + CoV/0.5)·μ).
import { chebyshevT } from "./parameters.js";

export interface RealTimeStatement {
  readonly probability: number;
  readonly exceedsNs: number;
  readonly text: string;
}

export interface RealTimeSummary {
  readonly n: number;
  readonly meanNs: number;
  readonly cov: number;
  readonly statements: readonly RealTimeStatement[];
}

/** 4% and 25%, the two statements of 000 §8.1. */
export const DEFAULT_PROBABILITIES = [0.04, 0.25];

export function softRealTime(
  n: number,
  meanNs: number,
  cov: number,
  probabilities: readonly number[] = DEFAULT_PROBABILITIES,
  format: (ns: number) => string = (ns) => `${ns.toFixed(0)} ns`,
): RealTimeSummary {
  const statements = probabilities.map((p) => {
    const t = chebyshevT(p);
    const exceedsNs = (1 + cov * t) * meanNs;
    return {
      probability: p,
      exceedsNs,
      text: `< ${(p * 100).toFixed(0)}% probability that one invocation exceeds (1 + CoV/${(1 / t).toFixed(1)})·mean = ${format(exceedsNs)}`,
    };
  });
  return { n, meanNs, cov, statements };
}
