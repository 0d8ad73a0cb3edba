// Confidence intervals of a powerlaw fit y = a·x^b (paper 002 §2.3.2: "a 95%
// confidence interval for a, the coefficient … for b, the exponent", and for
// the predictions at 2·f95 and 10·f95, from one thousand resamples). The fit is
// the line log y = α + β·log x (A.1.3); every quantity asked is a point of that
// line, α + β·u (u = log x₀; u = 0 gives log a), or its slope β. Intervals are
// studentized (studentized.ts) over a residual bootstrap (Davison & Hinkley
// 1997 §6.3 alg. 6.3): the workloads keep their feature values and each gets
// the fitted value plus a residual drawn with replacement, the residuals first
// divided by √(1 − leverage) so they carry the errors' spread. Beyond the
// thesis, which resamples workloads by the percentile method (issue 28 item 5b).
// Seeded, so the same data give the same intervals.
import { seededRandom } from "../stats/random.js";
import { logPoints } from "./regression.js";
import { CONFIDENCE, studentizedInterval, type ExponentDraws, type Interval } from "./studentized.js";

export { CONFIDENCE, type Interval };

/** Resamples (002 §2.3.2). */
export const BOOTSTRAP_RESAMPLES = 1000;

export interface PowerIntervals {
  readonly a: Interval;
  readonly b: Interval;
  /** One interval per `at` value: the prediction a·x^b there. */
  readonly predictions: readonly Interval[];
  /** The exponent's resamples, those powerExponentDraws gives for the same seed. */
  readonly draws: ExponentDraws;
}

/** Intervals for a powerlaw fit of y to x (points with x, y > 0), and for its predictions at `at`. */
export function bootstrapPower(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  at: readonly number[],
  seed: number,
  resamples = BOOTSTRAP_RESAMPLES,
): PowerIntervals | null {
  const { lx, ly } = orderedLogPoints(x, y);
  const us = [0, ...at.map((v) => Math.log(v))];
  const r = lineBootstrap(lx, ly, us, seed, resamples);
  if (!r) return null;
  const exp = (i: Interval): Interval => ({ low: Math.exp(i.low), high: Math.exp(i.high) });
  const points = r.points.map((d) => exp(studentizedInterval(d)));
  return { a: points[0], b: studentizedInterval(r.slope), predictions: points.slice(1), draws: slopeDraws(r) };
}

/** The slope's resamples, for a difference between designs (designTrends.ts). */
export function powerExponentDraws(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  seed: number,
  resamples = BOOTSTRAP_RESAMPLES,
): ExponentDraws | null {
  const { lx, ly } = orderedLogPoints(x, y);
  const r = lineBootstrap(lx, ly, [], seed, resamples);
  return r ? slopeDraws(r) : null;
}

const slopeDraws = (r: LineBootstrap): ExponentDraws => ({
  estimate: r.slope.estimate,
  se: r.slope.se,
  df: r.slope.df,
  values: r.slopes,
  ses: r.slopeSes,
});

/** (log x, log y) of the points a powerlaw is fitted to, in an order of their own, so the same
 * workloads listed in any order give the same draws. */
export function orderedLogPoints(x: ArrayLike<number>, y: ArrayLike<number>): { lx: number[]; ly: number[] } {
  const { lx, ly } = logPoints(x, y);
  const order = lx.map((_, i) => i).sort((i, j) => lx[i] - lx[j] || ly[i] - ly[j]);
  return { lx: order.map((i) => lx[i]), ly: order.map((i) => ly[i]) };
}

interface LineBootstrap {
  readonly slope: { estimate: number; se: number; df: number; t: Float64Array };
  /** One per u asked: the line's value α + β·u. */
  readonly points: readonly { estimate: number; se: number; df: number; t: Float64Array }[];
  /** Each resample's slope and its standard error (NaN where the resample gave none). */
  readonly slopes: Float64Array;
  readonly slopeSes: Float64Array;
}

/** The least-squares line v = α + β·u and a studentized residual bootstrap of β and of α + β·uⱼ. */
export function lineBootstrap(
  u: readonly number[],
  v: readonly number[],
  us: readonly number[],
  seed: number,
  resamples: number,
): LineBootstrap | null {
  const k = u.length;
  if (k < 3) return null;
  let mu = 0;
  let mv = 0;
  for (let i = 0; i < k; i++) {
    mu += u[i];
    mv += v[i];
  }
  mu /= k;
  mv /= k;
  const du = Float64Array.from(u, (x) => x - mu);
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < k; i++) {
    sxx += du[i] * du[i];
    sxy += du[i] * (v[i] - mv);
  }
  if (!(sxx > 1e-12 * k)) return null;
  const beta = sxy / sxx;
  const alpha = mv - beta * mu;
  const df = k - 2;
  const fitted = Float64Array.from(u, (x) => alpha + beta * x);
  // Residuals over √(1 − hᵢ), centred (Davison & Hinkley eq. 6.9).
  const e = Float64Array.from(
    v,
    (y, i) => (y - fitted[i]) / Math.sqrt(Math.max(1e-12, 1 - 1 / k - (du[i] * du[i]) / sxx)),
  );
  let ss = 0;
  for (let i = 0; i < k; i++) ss += (v[i] - fitted[i]) ** 2;
  const s2 = ss / df;
  const meanE = e.reduce((s, x) => s + x, 0) / k;
  for (let i = 0; i < k; i++) e[i] -= meanE;
  const seSlope = (s: number) => Math.sqrt(s / sxx);
  // α + β·uⱼ and the factor of s in its variance, once for every resample (each asks some thirty points).
  const lever = Float64Array.from(us, (x) => 1 / k + (x - mu) ** 2 / sxx);
  const atFit = Float64Array.from(us, (x) => alpha + beta * x);
  const seAt = (s: number, j: number) => Math.sqrt(s * lever[j]);
  const tSlope = new Float64Array(resamples);
  const tAt = us.map(() => new Float64Array(resamples));
  const slopes = new Float64Array(resamples).fill(NaN);
  const slopeSes = new Float64Array(resamples).fill(NaN);
  const random = seededRandom(seed);
  const ys = new Float64Array(k);
  let used = 0;
  for (let r = 0; r < resamples && s2 > 0; r++) {
    let my = 0;
    for (let i = 0; i < k; i++) {
      ys[i] = fitted[i] + e[Math.floor(random() * k)];
      my += ys[i];
    }
    my /= k;
    let sy = 0;
    for (let i = 0; i < k; i++) sy += du[i] * ys[i];
    const b = sy / sxx;
    const a = my - b * mu;
    let rss = 0;
    for (let i = 0; i < k; i++) rss += (ys[i] - a - b * u[i]) ** 2;
    const s = rss / df;
    // A resample whose residuals all drew one value fits exactly: it has no standard error to divide by.
    if (!(s > 0)) continue;
    slopes[r] = b;
    slopeSes[r] = seSlope(s);
    tSlope[used] = (b - beta) / seSlope(s);
    for (let j = 0; j < us.length; j++) tAt[j][used] = (a + b * us[j] - atFit[j]) / seAt(s, j);
    used++;
  }
  return {
    slope: { estimate: beta, se: seSlope(s2), df, t: tSlope.slice(0, used) },
    points: us.map((_, j) => ({ estimate: atFit[j], se: seAt(s2, j), df, t: tAt[j].slice(0, used) })),
    slopes,
    slopeSes,
  };
}
