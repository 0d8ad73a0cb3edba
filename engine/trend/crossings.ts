// Where two designs' fitted costs cross (designTrends.ts): in the fits, found
// numerically for any pair of models (a fixed cost plus a powerlaw crosses a
// powerlaw where no closed form says), and in the data, between consecutive
// feature values measured under both designs.
import { predictFit, type FeatureFit } from "./featureFit.js";

/** How far beyond the measured values a crossing of the fits is looked for, as a factor on either side. */
export const CROSSING_REACH = 1e6;
/** Points of the log-spaced search grid, then bisection to double precision. */
const CROSSING_GRID = 600;
const BISECTIONS = 100;

/** The largest feature value where the two fitted models cost the same: beyond it their order is the
 * one their exponents give. Null when they do not cross within CROSSING_REACH of the measured values. */
export function crossing(a: FeatureFit, b: FeatureFit, range: readonly [number, number] | null): number | null {
  if (!range || !(range[0] > 0)) return null;
  const pa = predictFit(a);
  const pb = predictFit(b);
  const gap = (x: number) => Math.log(pa(x)) - Math.log(pb(x));
  const lo = Math.log(range[0] / CROSSING_REACH);
  const hi = Math.log(range[1] * CROSSING_REACH);
  let found: [number, number] | null = null;
  let prev = gap(Math.exp(lo));
  for (let i = 1; i <= CROSSING_GRID; i++) {
    const u = lo + ((hi - lo) * i) / CROSSING_GRID;
    const g = gap(Math.exp(u));
    if (Number.isFinite(prev) && Number.isFinite(g) && Math.sign(prev) !== Math.sign(g) && g !== 0)
      found = [u - (hi - lo) / CROSSING_GRID, u];
    prev = g;
  }
  if (!found) return null;
  let [u0, u1] = found;
  const s0 = Math.sign(gap(Math.exp(u0)));
  for (let i = 0; i < BISECTIONS && u1 - u0 > 1e-12; i++) {
    const m = (u0 + u1) / 2;
    if (Math.sign(gap(Math.exp(m))) === s0) u0 = m;
    else u1 = m;
  }
  return Math.exp((u0 + u1) / 2);
}

/** The first pair of consecutive shared feature values where mean cost A − mean cost B changes sign. */
export function observedCrossing(
  xa: Float64Array,
  ya: Float64Array,
  xb: Float64Array,
  yb: Float64Array,
): readonly [number, number] | null {
  const ma = meansByValue(xa, ya);
  const mb = meansByValue(xb, yb);
  const shared = [...ma.keys()].filter((x) => mb.has(x)).sort((p, q) => p - q);
  for (let i = 1; i < shared.length; i++) {
    const before = Math.sign(ma.get(shared[i - 1])! - mb.get(shared[i - 1])!);
    const after = Math.sign(ma.get(shared[i])! - mb.get(shared[i])!);
    if (before !== 0 && after !== 0 && before !== after) return [shared[i - 1], shared[i]];
  }
  return null;
}

function meansByValue(x: Float64Array, y: Float64Array): Map<number, number> {
  const sums = new Map<number, [number, number]>();
  for (let i = 0; i < x.length; i++) {
    const s = sums.get(x[i]) ?? [0, 0];
    s[0] += y[i];
    s[1]++;
    sums.set(x[i], s);
  }
  return new Map([...sums].map(([k, [sum, n]]) => [k, sum / n]));
}

/** The feature values both designs were measured over: [max of minima, min of maxima]. */
export function sharedRange(x: Float64Array, y: Float64Array): readonly [number, number] | null {
  const lo = Math.max(Math.min(...x), Math.min(...y));
  const hi = Math.min(Math.max(...x), Math.max(...y));
  return lo <= hi ? [lo, hi] : null;
}
