// The history's parameters (issue 33): each a named constant with where it comes from.

/** E-Divisive's moment index α ∈ (0, 2): 1, the default of Matteson & James (2014, §2 and their ecp
 * package); α = 2 would see changes of the mean only, α < 2 any change of distribution. */
export const ENERGY_ALPHA = 1;

/** The false-discovery rate controlled across every test of a project's series (Benjamini & Hochberg 1995),
 * and so each test's own level: a test above it can never be among the discoveries. 0.05, the level ecp's
 * e.divisive tests at (sig.lvl) and the conventional one. */
export const DEFAULT_FDR = 0.05;

/** Fewest versions on each side of a change point. E-Divisive's within-sample distances need 2 points a side
 * (Matteson & James §2.2); 3 lets a segment's median outvote one stray version, so a single outlying
 * version is never a segment of its own. ecp's default, 30, is for series of single observations. */
export const DEFAULT_MIN_SEGMENT = 3;

/** Fewest permutations a test draws at most: ecp's default R = 199 (Matteson & James §3.1). With many series
 * the most is raised so a single discovery can pass Benjamini–Hochberg: the smallest permutation p-value,
 * 1/(R + 1), must reach its strictest threshold q/m (`maxPermutations`). */
export const MIN_PERMUTATIONS = 199;

/** Upper bound on permutations per test, so that a project of thousands of series stays bounded in time. */
export const MAX_PERMUTATIONS = 19_999;

/** Besag & Clifford's (1991) sequential Monte Carlo p-value: permutations stop once this many reach the
 * observed statistic, p = h / r; their paper's own example takes h = 10 (a valid p-value whatever h). */
export const SEQUENTIAL_EXCEEDANCES = 10;

/** Confidence of each change point's interval of its magnitude. */
export const MAGNITUDE_CONFIDENCE = 0.95;

/** Default smallest change reported (--min-magnitude): 0, every significant change; a user sets the size that
 * matters to them (Hunter's min_magnitude, also 0 by default). */
export const DEFAULT_MIN_MAGNITUDE = 0;

/** Permutations a test of a project of `series` series draws at most: R = m/q − 1 puts the smallest p-value,
 * 1/(R + 1), at the strictest Benjamini–Hochberg threshold q/m, so one change among m series can be found. */
export function maxPermutations(series: number, fdr: number): number {
  return Math.min(MAX_PERMUTATIONS, Math.max(MIN_PERMUTATIONS, Math.ceil(Math.max(1, series) / fdr) - 1));
}
