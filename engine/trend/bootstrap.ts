// Confidence intervals of a powerlaw fit by the bootstrap percentile method
// (paper 002 §2.3.2: "In BB-TRENDPROF we use one thousand iterations of the
// bootstrap"; intervals for the coefficient a, the exponent b, and the
// predictions at 2·f95 and 10·f95). The workloads are resampled with
// replacement from a seeded generator, so the same data give the same intervals.
import { quantileSorted } from "simple-statistics";
import { seededRandom } from "../stats/random.js";
import { logPoints } from "./regression.js";

/** Resamples (002 §2.3.2). */
export const BOOTSTRAP_RESAMPLES = 1000;
/** 95% intervals: the 2.5th and 97.5th percentiles of the resampled values. */
export const CONFIDENCE = 0.95;

export interface Interval {
  readonly low: number;
  readonly high: number;
}

export interface PowerIntervals {
  readonly a: Interval;
  readonly b: Interval;
  /** One interval per `at` value: the prediction a·x^b there. */
  readonly predictions: readonly Interval[];
}

/** Percentile intervals for a powerlaw fit of y to x (points with x, y > 0), and for its predictions at `at`. */
export function bootstrapPower(x: ArrayLike<number>, y: ArrayLike<number>, at: readonly number[], seed: number, resamples = BOOTSTRAP_RESAMPLES): PowerIntervals | null {
  const { lx, ly } = orderedLogPoints(x, y);
  if (lx.length < 3) return null;
  const random = seededRandom(seed);
  const as = new Float64Array(resamples);
  const bs = new Float64Array(resamples);
  const pick = new Int32Array(lx.length);
  let used = 0;
  for (let r = 0; r < resamples; r++) {
    const line = resampledLine(lx, ly, random, pick);
    // A resample whose x did not vary (every draw the same workload size) has no slope.
    if (line === null) continue;
    bs[used] = line.b;
    as[used] = line.a;
    used++;
  }
  if (used === 0) return null;
  const logA = as.slice(0, used);
  const b = bs.slice(0, used);
  const interval = (v: Float64Array): Interval => {
    const sorted = v.slice().sort();
    return { low: quantileSorted(Array.from(sorted), (1 - CONFIDENCE) / 2), high: quantileSorted(Array.from(sorted), 1 - (1 - CONFIDENCE) / 2) };
  };
  const expInterval = (i: Interval): Interval => ({ low: Math.exp(i.low), high: Math.exp(i.high) });
  return {
    a: expInterval(interval(logA)),
    b: interval(b),
    predictions: at.map((x0) => expInterval(interval(logA.map((la, i) => la + b[i] * Math.log(x0))))),
  };
}

/** (log x, log y) of the points a powerlaw is fitted to, in an order of their own, so the same
 * workloads listed in any order give the same draws. */
export function orderedLogPoints(x: ArrayLike<number>, y: ArrayLike<number>): { lx: number[]; ly: number[] } {
  const { lx, ly } = logPoints(x, y);
  const order = lx.map((_, i) => i).sort((i, j) => lx[i] - lx[j] || ly[i] - ly[j]);
  return { lx: order.map((i) => lx[i]), ly: order.map((i) => ly[i]) };
}

/** The least-squares line ly = a + b·lx through one resample with replacement (drawn into `pick`), or null if its x did not vary. */
export function resampledLine(lx: readonly number[], ly: readonly number[], random: () => number, pick: Int32Array): { a: number; b: number } | null {
  const k = lx.length;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < k; i++) {
    pick[i] = Math.floor(random() * k);
    mx += lx[pick[i]];
    my += ly[pick[i]];
  }
  mx /= k;
  my /= k;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < k; i++) {
    const dx = lx[pick[i]] - mx;
    sxx += dx * dx;
    sxy += dx * (ly[pick[i]] - my);
  }
  if (!(sxx > 0)) return null;
  const b = sxy / sxx;
  return { a: my - b * mx, b };
}
