// The parameters of execution-pattern analysis (paper 004), each with where it comes from.
import { PROJECTED_DIMENSIONS } from "./projection.js";
import { FINE_INTERVALS } from "./timeline.js";

export { FINE_INTERVALS, PROJECTED_DIMENSIONS };

/** Aligned intervals per run: each run re-partitioned into this many equal fractions of its
 * own length (004 §3.2.1; issue 12: M = 20). */
export const ALIGNED_INTERVALS = 20;

/** At most this many patterns (the benchmark: K = 1..30). */
export const MAX_PATTERNS = 30;

/** The seed of the random projection (004 §4.1.2). */
export const DEFAULT_SEED = 1;

/** A new run farther from every pattern's centroid than this many times the farthest member
 * of the nearest pattern (or the typical member distance, if larger) shows a new pattern
 * (004 §5.3: "New execution patterns can be added to such a database when they appear"; the
 * paper gives no threshold, so the reference's own spread sets it). */
export const NEW_PATTERN_FACTOR = 1.5;

export interface PatternParameters {
  readonly intervals: number;
  readonly kmax: number;
  /** Draws the random projection of function features (004 §4.1.2). */
  readonly seed: number;
  /** Thread alignment (004 §3.2.2) on; off only to show what it changes. */
  readonly alignThreads: boolean;
}

export const DEFAULT_PATTERN_PARAMETERS: PatternParameters = {
  intervals: ALIGNED_INTERVALS,
  kmax: MAX_PATTERNS,
  seed: DEFAULT_SEED,
  alignThreads: true,
};

/** The baselines' confidence and precision: 95% and ±1% of the mean (the normality approach's
 * 95% confidence level in 004 §2.1; Georges et al.'s intervals; the precision is ours). */
export const DEFAULT_CONFIDENCE = 0.95;
export const DEFAULT_PRECISION = 0.01;
