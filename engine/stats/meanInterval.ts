// The normality-based baselines of paper 004 (§2.1, §6 "Normality", after Alameldeen & Wood
// 2003 and Kalibera & Jones 2013): Student t intervals of a mean and of a difference of means,
// and the runs such an interval needs. The normal and t distributions they rest on are here
// too: simple-statistics has no t quantile, its normal CDF is a table to four decimals and its
// probit is good to about 1e-3, where these agree with scipy to about 1e-14.
import type { Interval } from "./interval.js";

/** Relative step at which a continued fraction or a Newton iteration has converged. */
const CONVERGED = 1e-15;
/** Cap on continued-fraction terms; I_x(a, b) needs O(√max(a, b)) (Numerical Recipes §6.4). */
const MAX_TERMS = 100_000;
/** Newton steps allowed; measured on df ≥ 1 and p ≥ 1e-10: at most 35 for t (1 df), 4 for Φ⁻¹. */
const MAX_NEWTON_STEPS = 1000;
/** Stands in for a zero denominator in Lentz's method (Numerical Recipes §5.2). */
const TINY = 1e-300;
/**
 * erf's series below this, erfc's continued fraction above (A&S 7.1.6, 7.1.14): at 1, erfc keeps
 * a relative error under 4e-15 on [0, 6] against mpmath, the fraction taking under 200 terms.
 */
const ERFC_FRACTION_FROM = 1;
/** Lanczos' series for Γ, g = 7, nine terms (Godfrey's coefficients; relative error below 1e-15 for x ≥ ½). */
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];
/** s needs two runs, so the run count never asks for fewer. */
const MIN_RUNS_FOR_SD = 2;

export interface MeanInterval extends Interval {
  readonly n: number;
  readonly mean: number;
  /** Sample standard deviation (n − 1); 0 for a single run, as in `summarize`. */
  readonly sd: number;
  /** t(1 − α/2, n − 1)·sd/√n; Infinity for a single run: with no degrees of freedom it bounds nothing. */
  readonly halfWidth: number;
}

export interface DifferenceInterval extends Interval {
  /** mean(a) − mean(b). */
  readonly difference: number;
  /** Welch–Satterthwaite degrees of freedom; 0 when a sample has one run, NaN when neither varies (0/0). */
  readonly df: number;
}

/** The one error these functions raise: a sample with no runs has no mean, rank or spread. */
export function requireValues(x: ArrayLike<number>, what: string): void {
  if (x.length === 0) throw new Error(`${what}: no values (at least one run is needed)`);
}

/** Student t interval of the mean, n − 1 degrees of freedom. */
export function meanInterval(x: ArrayLike<number>, confidence = 0.95): MeanInterval {
  requireValues(x, "meanInterval");
  const { n, mean, variance } = moments(x);
  const sd = Math.sqrt(variance);
  const halfWidth = n < 2 ? Infinity : (tCritical(confidence, n - 1) * sd) / Math.sqrt(n);
  return { n, mean, sd, low: mean - halfWidth, high: mean + halfWidth, halfWidth };
}

/** Welch's interval of mean(a) − mean(b), without assuming equal variances (Welch 1947). */
export function welchInterval(a: ArrayLike<number>, b: ArrayLike<number>, confidence = 0.95): DifferenceInterval {
  requireValues(a, "welchInterval: a");
  requireValues(b, "welchInterval: b");
  const ma = moments(a);
  const mb = moments(b);
  const difference = ma.mean - mb.mean;
  if (ma.n < 2 || mb.n < 2) return { difference, low: -Infinity, high: Infinity, df: 0 };
  const va = ma.variance / ma.n;
  const vb = mb.variance / mb.n;
  // Satterthwaite (1946): the variance of the difference as a scaled χ² with this many df.
  const df = (va + vb) ** 2 / (va ** 2 / (ma.n - 1) + vb ** 2 / (mb.n - 1));
  const halfWidth = va + vb === 0 ? 0 : tCritical(confidence, df) * Math.sqrt(va + vb);
  return { difference, low: difference - halfWidth, high: difference + halfWidth, df };
}

/**
 * Runs needed for the interval of the mean to reach ±relativePrecision of the mean, from this
 * sample's s: the first step of the normality-based schemes (paper 004 §2.1, after Alameldeen &
 * Wood 2003), with Jain's (1991, ch. 13) sample size for a mean, n = ⌈(z(1 − α/2)·s / (e·x̄))²⌉.
 * It takes the normal z, not an iterated t: the two differ by more than a run or two only when
 * n comes out under about 30, where t(n − 1) is well above z and n is an underestimate.
 * At least 2; Infinity when the mean is 0 and the runs vary.
 */
export function runsNeeded(x: ArrayLike<number>, confidence = 0.95, relativePrecision = 0.01): number {
  requireValues(x, "runsNeeded");
  const { mean, variance } = moments(x);
  if (variance === 0) return MIN_RUNS_FOR_SD;
  const z = -normalQuantile((1 - confidence) / 2);
  return Math.max(MIN_RUNS_FOR_SD, Math.ceil(((z * Math.sqrt(variance)) / (relativePrecision * Math.abs(mean))) ** 2));
}

/** Count, mean and sample variance (two passes, so large offsets such as ns timestamps cost no digits). */
export function moments(x: ArrayLike<number>): { n: number; mean: number; variance: number } {
  const n = x.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += x[i];
  const mean = sum / n;
  let squares = 0;
  for (let i = 0; i < n; i++) squares += (x[i] - mean) ** 2;
  return { n, mean, variance: n > 1 ? squares / (n - 1) : 0 };
}

/** Upper-tail probability of the standard normal, Q(z) = ½·erfc(z/√2). */
export function normalUpperTail(z: number): number {
  return 0.5 * erfc(z / Math.SQRT2);
}

/**
 * Φ⁻¹(p), worked out in the lower tail (above ½ as −Φ⁻¹(1 − p), so pass the smaller tail for
 * full precision): Hastings' start (A&S 26.2.23, |error| < 4.5e-4), then Newton's method, which
 * on Φ, convex below 0, converges from either side of the root with no overshoot after one step.
 */
export function normalQuantile(p: number): number {
  if (p >= 0.5) return p === 0.5 ? 0 : -normalQuantile(1 - p);
  if (p <= 0) return -Infinity;
  const t = Math.sqrt(-2 * Math.log(p));
  let z = -(
    t -
    (2.515517 + 0.802853 * t + 0.010328 * t * t) / (1 + 1.432788 * t + 0.189269 * t * t + 0.001308 * t ** 3)
  );
  for (let i = 0; i < MAX_NEWTON_STEPS; i++) {
    const step = (normalUpperTail(-z) - p) / (Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI));
    z -= step;
    if (Math.abs(step) <= CONVERGED * Math.abs(z)) break;
  }
  return z;
}

/** t(1 − α/2, df): the half-width of a two-sided interval at `confidence`, in standard errors. Kept by
 * confidence and df: a bootstrap asks it of every interval it draws (a trends comparison of 677 locations,
 * a quarter of its time), always of a few degrees of freedom. */
export function tCritical(confidence: number, df: number): number {
  let byDf = T_CRITICAL.get(confidence);
  if (byDf === undefined) T_CRITICAL.set(confidence, (byDf = new Map()));
  let t = byDf.get(df);
  if (t === undefined) {
    if (byDf.size >= T_CRITICAL_KEPT) byDf.clear();
    byDf.set(df, (t = -tLowerQuantile((1 - confidence) / 2, df)));
  }
  return t;
}
/** Welch–Satterthwaite's df are not whole numbers: the memory stays bounded however many come. */
const T_CRITICAL_KEPT = 4096;
const T_CRITICAL = new Map<number, Map<number, number>>();

/**
 * The t quantile for p < ½. Newton's method from z(p): t's CDF is convex below 0 and z(p) lies
 * above the root, so each step stays above it and the iteration cannot overshoot.
 */
function tLowerQuantile(p: number, df: number): number {
  if (p <= 0) return -Infinity;
  let t = normalQuantile(p);
  // ln of Γ((ν + 1)/2) / (Γ(ν/2)·√(νπ)), the density's constant.
  const logDensityScale = logGammaHalfStep(df / 2) - 0.5 * Math.log(df * Math.PI);
  for (let i = 0; i < MAX_NEWTON_STEPS; i++) {
    const density = Math.exp(logDensityScale - ((df + 1) / 2) * Math.log1p((t * t) / df));
    const step = (tLowerTail(t, df) - p) / density;
    t -= step;
    // Steps are positive down to the rounding floor of the CDF, where one turns ≤ 0.
    if (step <= CONVERGED * Math.abs(t)) break;
  }
  return t;
}

/**
 * P(T ≤ t) for t ≤ 0: ½·I_x(a, ½) with a = ν/2, x = ν/(ν + t²), by the continued fraction for
 * the incomplete beta (NR §6.4, Student's distribution). Its prefactor x^a·(1 − x)^½ / B(a, ½)
 * is taken in logs that keep their digits at large ν: a·ln x as −a·log1p(t²/ν), and
 * ln B(a, ½) = ln √π − ln(Γ(a + ½)/Γ(a)).
 */
function tLowerTail(t: number, df: number): number {
  const t2 = t * t;
  const a = df / 2;
  const x = df / (df + t2);
  const y = t2 / (df + t2);
  if (y === 0) return 0.5;
  const logBeta = 0.5 * Math.log(Math.PI) - logGammaHalfStep(a);
  const front = Math.exp(-a * Math.log1p(t2 / df) + 0.5 * Math.log(y) - logBeta);
  // The fraction converges fast below (a + 1)/(a + b + 2); above, use I_x(a, b) = 1 − I_y(b, a).
  const incompleteBeta =
    x < (a + 1) / (a + 2.5) ? front / a / betaFraction(x, a, 0.5) : 1 - front / 0.5 / betaFraction(y, 0.5, a);
  return 0.5 * incompleteBeta;
}

/** The denominator 1 + d₁/(1 + d₂/(1 + …)) of I_x(a, b)'s continued fraction (NR §6.4). */
function betaFraction(x: number, a: number, b: number): number {
  return continuedFraction(
    1,
    (k) => {
      const m = k >> 1;
      return k % 2 === 0
        ? (m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m))
        : (-(a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1));
    },
    () => 1,
  );
}

/** erfc(x) = 1 − erf(x), with full relative precision in the upper tail. */
function erfc(x: number): number {
  if (x < 0) return 2 - erfc(-x);
  if (x === Infinity) return 0;
  if (x < ERFC_FRACTION_FROM) {
    // erf x = (2/√π)·e^(−x²)·Σ 2ⁿx^(2n+1)/(1·3·…·(2n+1)) (A&S 7.1.6): positive terms, no cancellation.
    let term = x;
    let sum = x;
    for (let n = 1; term > sum * CONVERGED; n++) {
      term *= (2 * x * x) / (2 * n + 1);
      sum += term;
    }
    return 1 - (2 / Math.sqrt(Math.PI)) * Math.exp(-x * x) * sum;
  }
  // erfc x = e^(−x²)/√π · 1/(x + ½/(x + 1/(x + (3/2)/(x + …)))) (A&S 7.1.14).
  return (
    Math.exp(-x * x) /
    Math.sqrt(Math.PI) /
    continuedFraction(
      x,
      (k) => k / 2,
      () => x,
    )
  );
}

/** b₀ + a₁/(b₁ + a₂/(b₂ + …)) by the modified Lentz method (NR §5.2). */
function continuedFraction(b0: number, a: (k: number) => number, b: (k: number) => number): number {
  let f = b0 === 0 ? TINY : b0;
  let c = f;
  let d = 0;
  for (let k = 1; k <= MAX_TERMS; k++) {
    d = b(k) + a(k) * d;
    c = b(k) + a(k) / c;
    if (Math.abs(d) < TINY) d = TINY;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < CONVERGED) break;
  }
  return f;
}

/**
 * ln(Γ(a + ½)/Γ(a)) for a ≥ ½, from Lanczos' formula (g = 7) for both, with the two large
 * terms (z + ½)·ln(z + g + ½) merged into one log1p so that no digits cancel at large a.
 */
function logGammaHalfStep(a: number): number {
  const t = a + 6.5; // z + g + ½ for Γ(a), z = a − 1
  return (
    (a - 0.5) * Math.log1p(0.5 / t) + 0.5 * Math.log(t + 0.5) - 0.5 + Math.log(lanczosSum(a - 0.5) / lanczosSum(a - 1))
  );
}

function lanczosSum(z: number): number {
  let sum = LANCZOS[0];
  for (let i = 1; i < LANCZOS.length; i++) sum += LANCZOS[i] / (z + i);
  return sum;
}
