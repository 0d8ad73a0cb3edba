// Comparing two designs A and B from their per-run measurements (e.g. wall times in ns, lower is
// better) by the statistical baselines paper 004 sets VarCatcher against (§2.1, §6 "Statistics-
// Based Analysis"): normality-based intervals and run counts, the Mann–Whitney rank-sum test with
// its Hodges–Lehmann shift, and the visual test. Inputs are never modified; an empty one throws.
import { countPairs, sortedCopy } from "./mannWhitney.js";
import { meanInterval, requireValues, type MeanInterval } from "./meanInterval.js";

export { meanInterval, welchInterval, runsNeeded } from "./meanInterval.js";
export type { MeanInterval, DifferenceInterval } from "./meanInterval.js";
export { mannWhitney } from "./mannWhitney.js";
export type { RankTest } from "./mannWhitney.js";
export { hodgesLehmann } from "./hodgesLehmann.js";
export type { ShiftInterval } from "./hodgesLehmann.js";

export interface VisualTest {
  readonly a: MeanInterval;
  readonly b: MeanInterval;
  /**
   * The two intervals share a point: no significant difference can be claimed at this
   * confidence. Disjoint intervals mean a significant one. Conservative: intervals can overlap
   * when a test of the difference would find one (Kalibera & Jones 2013, paper 004 §6).
   */
  readonly overlap: boolean;
}

/**
 * Share of run pairs (aᵢ, bⱼ) in which B's run took less, a tie counting ½: "B faster in x% of
 * run pairs". It is U_a/(n·m), the common-language effect size (McGraw & Wong 1992).
 */
export function fractionBLower(a: ArrayLike<number>, b: ArrayLike<number>): number {
  requireValues(a, "fractionBLower: a");
  requireValues(b, "fractionBLower: b");
  return countPairs(sortedCopy(a), sortedCopy(b)).uA / (a.length * b.length);
}

/** Georges et al. (2007)'s visual test: the Student t intervals of the two means, and whether they overlap. */
export function visualTest(a: ArrayLike<number>, b: ArrayLike<number>, confidence = 0.95): VisualTest {
  requireValues(a, "visualTest: a");
  requireValues(b, "visualTest: b");
  const ia = meanInterval(a, confidence);
  const ib = meanInterval(b, confidence);
  return { a: ia, b: ib, overlap: ia.low <= ib.high && ib.low <= ia.high };
}
