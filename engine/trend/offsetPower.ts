// A fixed cost plus a powerlaw, y = a + b·x^c (a ≥ 0, b > 0, c > 0): beyond
// paper 002, whose direct models are y = a + b·x and y = a·x^b (§2, §3.4.1).
// A start-up cost that dominates the small workloads bends a powerlaw towards
// 0 there (issue 28 item 5e: a whole program of insertion sort fits n^0.90 while
// its sort is n^1.94; the thesis's §4.3.1 "The Lower Order Term" shows the same
// distortion from below). Fitted like the powerlaw, by least squares in log
// space (A.1.3: relative errors, so the largest workloads do not decide alone):
// for each c on a grid, a and b by weighted least squares on relative errors
// (linear in a and b), the best c refined by golden section, then all three by
// Levenberg–Marquardt on the log residuals, whose Jacobian gives the
// covariance. Intervals: the studentized residual bootstrap of bootstrap.ts,
// each resample refitted by Levenberg–Marquardt from the estimate.
import { seededRandom } from "../stats/random.js";
import { orderedLogPoints } from "./bootstrap.js";
import { studentizedInterval, type ExponentDraws, type Interval, type StudentizedDraws } from "./studentized.js";
import { fitOffset, jacobianRow, type OffsetParams } from "./offsetSolver.js";

/** Distinct feature values the model needs: three parameters through three points fit exactly and say nothing. */
export const MIN_OFFSET_DISTINCT = 4;
/** A resample starts at the estimate, a step away from its own: Levenberg–Marquardt gets there in a few iterations. */
const RESAMPLE_ITERATIONS = 12;

export interface OffsetPowerFit {
  readonly a: number;
  readonly b: number;
  readonly c: number;
  /** R² in log space (A.1.5, as for the powerlaw). */
  readonly r2: number;
  /** Points used: those with x > 0 and y > 0. */
  readonly n: number;
}

export interface OffsetIntervals {
  readonly c: Interval;
  /** One per `at` value: a + b·x^c there. */
  readonly predictions: readonly Interval[];
}

/** The fit, or null when the points cannot carry three parameters (fewer than MIN_OFFSET_DISTINCT feature values). */
export function offsetPowerFit(x: ArrayLike<number>, y: ArrayLike<number>): OffsetPowerFit | null {
  const { lx, ly } = orderedLogPoints(x, y);
  if (new Set(lx).size < MIN_OFFSET_DISTINCT) return null;
  const f = fitOffset(lx, ly, null);
  if (!f) return null;
  const my = ly.reduce((s, v) => s + v, 0) / ly.length;
  const sst = ly.reduce((s, v) => s + (v - my) ** 2, 0);
  return { a: f.p[0], b: f.p[1], c: f.p[2], r2: sst > 0 ? Math.max(0, 1 - f.rss / sst) : 1, n: lx.length };
}

/** Studentized bootstrap intervals of c and of the predictions at `at`, and c's draws. */
export function bootstrapOffset(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  at: readonly number[],
  seed: number,
  resamples: number,
): { intervals: OffsetIntervals; draws: ExponentDraws } | null {
  const { lx, ly } = orderedLogPoints(x, y);
  if (new Set(lx).size < MIN_OFFSET_DISTINCT) return null;
  const f = fitOffset(lx, ly, null);
  if (!f || !f.inverse) return null;
  const k = lx.length;
  const df = k - 3;
  const fitted = lx.map((u) => Math.log(model(f.p, u)));
  // Residuals over √(1 − hᵢ), hᵢ = Jᵢ (JᵀJ)⁻¹ Jᵢᵀ, centred, as for the line (bootstrap.ts).
  const e = lx.map(
    (u, i) => (ly[i] - fitted[i]) / Math.sqrt(Math.max(1e-12, 1 - quadratic(f.inverse!, jacobianRow(f.p, u)))),
  );
  const meanE = e.reduce((s, v) => s + v, 0) / k;
  const residuals = e.map((v) => v - meanE);
  const us = at.map((v) => Math.log(v));
  const logFitted = us.map((u) => Math.log(model(f.p, u)));
  const cDraws: number[] = [];
  const cSes: number[] = [];
  const tAt: number[][] = us.map(() => []);
  const values = new Float64Array(resamples).fill(NaN);
  const ses = new Float64Array(resamples).fill(NaN);
  const random = seededRandom(seed);
  const ys = new Array<number>(k);
  for (let r = 0; r < resamples && f.s2 > 0; r++) {
    for (let i = 0; i < k; i++) ys[i] = fitted[i] + residuals[Math.floor(random() * k)];
    const g = fitOffset(lx, ys, f.p, RESAMPLE_ITERATIONS);
    if (!g || !g.inverse || !(g.s2 > 0)) continue;
    const seC = Math.sqrt(g.s2 * g.inverse[8]);
    if (!(seC > 0)) continue;
    values[r] = g.p[2];
    ses[r] = seC;
    cDraws.push(g.p[2]);
    cSes.push(seC);
    for (let j = 0; j < us.length; j++) {
      // log ŷ and its gradient at uⱼ (jacobianRow's, written out: some thirty points a resample).
      const u = us[j];
      const z = Math.exp(g.p[2] * u);
      const m = g.p[0] + g.p[1] * z;
      const v = varianceAlong(g.inverse, 1 / m, z / m, (g.p[1] * z * u) / m);
      tAt[j].push((Math.log(m) - logFitted[j]) / Math.sqrt(g.s2 * v));
    }
  }
  const se = Math.sqrt(f.s2 * f.inverse[8]);
  const c: StudentizedDraws = {
    estimate: f.p[2],
    se,
    df,
    t: Float64Array.from(cDraws, (v, i) => (v - f.p[2]) / cSes[i]),
  };
  const predictions = us.map((u, j) => {
    const i = studentizedInterval({
      estimate: Math.log(model(f.p, u)),
      se: Math.sqrt(f.s2 * quadratic(f.inverse!, jacobianRow(f.p, u))),
      df,
      t: Float64Array.from(tAt[j].filter(Number.isFinite)),
    });
    return { low: Math.exp(i.low), high: Math.exp(i.high) };
  });
  return { intervals: { c: studentizedInterval(c), predictions }, draws: { estimate: f.p[2], se, df, values, ses } };
}

/** a + b·x^c at u = log x. */
export function model(p: OffsetParams, u: number): number {
  return p[0] + p[1] * Math.exp(p[2] * u);
}

/** gᵀ M g for a symmetric 3×3 M stored by rows. */
function quadratic(m: Float64Array, g: readonly number[]): number {
  return varianceAlong(m, g[0], g[1], g[2]);
}

/** gᵀ M g for g = (g0, g1, g2), the terms summed in quadratic's order, never below 0. */
function varianceAlong(m: Float64Array, g0: number, g1: number, g2: number): number {
  let s = 0;
  s += g0 * m[0] * g0;
  s += g0 * m[1] * g1;
  s += g0 * m[2] * g2;
  s += g1 * m[3] * g0;
  s += g1 * m[4] * g1;
  s += g1 * m[5] * g2;
  s += g2 * m[6] * g0;
  s += g2 * m[7] * g1;
  s += g2 * m[8] * g2;
  return Math.max(0, s);
}
