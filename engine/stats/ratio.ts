// How many times faster one design ran than another, with an interval worked
// out on the log scale, so that it is a ratio's interval: never below 0, and
// symmetric in which design is the reference (ln(a/b) = −ln(b/a)). A
// difference of means over A's mean can claim a change "beyond −100%"; a ratio
// cannot. The interval of a ratio of means is Welch's on the logs of the means
// by the delta method (Var ln x̄ ≈ s²/(n·x̄²); Casella & Berger 2002, §5.5.4),
// with Welch–Satterthwaite degrees of freedom.
import { hodgesLehmann } from "./hodgesLehmann.js";
import { moments, tCritical } from "./meanInterval.js";

/** ln(a/b) with its interval at `confidence`; the ends are ±Infinity with no degrees of freedom. */
export interface LogRatio {
  readonly log: number;
  readonly low: number;
  readonly high: number;
  /** Variance of `log` (its standard error squared); Infinity with no estimate. */
  readonly variance: number;
  /** Degrees of freedom of its t interval; 0 when a side has a single run. */
  readonly df: number;
}

/** The two means' ratio mean(a)/mean(b); null unless both samples have runs and positive means. */
export function meanRatio(a: ArrayLike<number>, b: ArrayLike<number>, confidence: number): LogRatio | null {
  if (a.length === 0 || b.length === 0) return null;
  const ma = moments(a);
  const mb = moments(b);
  if (!(ma.mean > 0 && mb.mean > 0)) return null;
  const log = Math.log(ma.mean / mb.mean);
  if (ma.n < 2 || mb.n < 2) return { log, low: -Infinity, high: Infinity, variance: Infinity, df: 0 };
  const va = ma.variance / (ma.n * ma.mean ** 2);
  const vb = mb.variance / (mb.n * mb.mean ** 2);
  const variance = va + vb;
  if (variance === 0) return { log, low: log, high: log, variance: 0, df: Infinity };
  const df = variance ** 2 / (va ** 2 / (ma.n - 1) + vb ** 2 / (mb.n - 1));
  const half = tCritical(confidence, df) * Math.sqrt(variance);
  return { log, low: log - half, high: log + half, variance, df };
}

/** The mean of paired ln(aᵢ/bᵢ) with its Student t interval: runs matched one to one (paper 004's M-Run). */
export function pairedRatio(pairs: readonly (readonly [number, number])[], confidence: number): LogRatio | null {
  const logs = pairs.filter(([x, y]) => x > 0 && y > 0).map(([x, y]) => Math.log(x / y));
  if (logs.length === 0) return null;
  const m = moments(logs);
  if (m.n < 2) return { log: m.mean, low: -Infinity, high: Infinity, variance: Infinity, df: 0 };
  const variance = m.variance / m.n;
  const half = variance === 0 ? 0 : tCritical(confidence, m.n - 1) * Math.sqrt(variance);
  return { log: m.mean, low: m.mean - half, high: m.mean + half, variance, df: m.n - 1 };
}

/**
 * The geometric mean of several independent ratios (one per workload), as benchmark suites summarise
 * them (Fleming & Wallace 1986: the only mean of ratios that does not depend on the reference): the
 * mean of their logs, with the variance of that mean and Welch–Satterthwaite's degrees of freedom for
 * a sum of independent scaled χ² terms.
 */
export function geometricMeanRatio(parts: readonly LogRatio[], confidence: number): LogRatio | null {
  if (parts.length === 0) return null;
  const k = parts.length;
  const log = parts.reduce((s, p) => s + p.log, 0) / k;
  if (parts.some((p) => !Number.isFinite(p.variance) || p.df === 0))
    return { log, low: -Infinity, high: Infinity, variance: Infinity, df: 0 };
  const variance = parts.reduce((s, p) => s + p.variance, 0) / k ** 2;
  if (variance === 0) return { log, low: log, high: log, variance: 0, df: Infinity };
  const df = (k ** 2 * variance) ** 2 / parts.reduce((s, p) => s + (p.variance === 0 ? 0 : p.variance ** 2 / p.df), 0);
  const half = tCritical(confidence, df) * Math.sqrt(variance);
  return { log, low: log - half, high: log + half, variance, df };
}

/**
 * The Hodges–Lehmann estimate of the ratio a/b, run against run (the median of ln aᵢ − ln bⱼ), with
 * Moses' distribution-free interval: the rank test's own estimate, robust to a few slow runs (paper
 * 004 §6, after Chen et al. 2012). Null unless every value is positive.
 */
export function medianRatio(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  confidence: number,
): { log: number; low: number; high: number; confidence: number } | null {
  if (a.length === 0 || b.length === 0) return null;
  for (let i = 0; i < a.length; i++) if (!(a[i] > 0)) return null;
  for (let i = 0; i < b.length; i++) if (!(b[i] > 0)) return null;
  const shift = hodgesLehmann(Float64Array.from(a, Math.log), Float64Array.from(b, Math.log), confidence);
  return { log: shift.shift, low: shift.low, high: shift.high, confidence: shift.confidence };
}
