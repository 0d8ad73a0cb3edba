// Two designs' scalability compared location by location (issue 13, after
// paper 002 §2.3.2): the same location (a line, a function, or the whole
// program) fitted by a powerlaw under each design, the difference of the two
// exponents with a seeded bootstrap interval (each design's workloads resampled
// on their own: the runs are independent), and the feature value where the two
// fits cross. A design scales worse at a location when the interval of the
// difference lies wholly on its side of zero.
import { quantileSorted } from "simple-statistics";
import { seededRandom } from "../stats/random.js";
import { BAND_POINTS, PREDICTION_FACTORS } from "./bbTrendProf.js";
import { bootstrapPower, BOOTSTRAP_RESAMPLES, CONFIDENCE, orderedLogPoints, resampledLine, type Interval } from "./bootstrap.js";
import type { Series } from "./clusters.js";
import { isCostLocation } from "./costTables.js";
import { powerFit, standardError, type PowerFit } from "./regression.js";

/** The location that sums every other: the program's whole cost per workload. */
export const WHOLE_PROGRAM = "(whole program)";

export interface DesignSeries {
  readonly design: string;
  /** The run behind each workload. */
  readonly runIds: readonly number[];
  /** The feature's value per workload (run). */
  readonly feature: Float64Array;
  readonly locations: readonly Series[];
}

export interface DesignFit {
  readonly design: string;
  /** (feature, cost) per run, for the scatter. */
  readonly points: readonly { readonly runId: number; readonly x: number; readonly y: number }[];
  readonly power: PowerFit;
  readonly standardError: number;
  readonly maxCost: number;
  /** 95% bootstrap intervals of a and b and the band of the fit (null: fewer than 3 positive points). */
  readonly intervals: { readonly a: Interval; readonly b: Interval; readonly band: readonly (Interval & { readonly at: number })[] } | null;
}

export interface LocationComparison {
  readonly name: string;
  /** [A, B]; a design that never reaches the location has no fit. */
  readonly fits: readonly [DesignFit | null, DesignFit | null];
  /** b_B − b_A and its 95% bootstrap interval (null when either fit is missing). */
  readonly exponentDifference: { readonly value: number; readonly interval: Interval | null } | null;
  /** Where a_A·x^b_A = a_B·x^b_B, when the exponents are shown to differ (the interval of the
   * difference excludes 0): fits whose exponents may be equal cross nowhere that means anything. */
  readonly crossover: number | null;
  /** Whether that point lies inside the feature values both designs were measured at. */
  readonly crossoverMeasured: boolean;
  /** Consecutive feature values measured under both designs between which the designs' mean costs
   * change order: the crossing seen in the data rather than in the fits (null: none). */
  readonly observedCrossing: readonly [number, number] | null;
  /** The design whose exponent is larger with an interval of the difference that excludes 0; null: neither shown. */
  readonly scalesWorse: string | null;
}

export interface TrendComparison {
  readonly designs: readonly [string, string];
  /** Locations ranked by their largest cost under either design, the whole program first. */
  readonly locations: readonly LocationComparison[];
}

export function compareTrends(a: DesignSeries, b: DesignSeries, seed: number, resamples = BOOTSTRAP_RESAMPLES, progress: (done: number, total: number) => void = () => {}): TrendComparison {
  const byName = (s: DesignSeries) => new Map<string, Float64Array>([[WHOLE_PROGRAM, wholeProgram(s)], ...s.locations.map((l) => [l.name, Float64Array.from(l.values)] as const)]);
  const la = byName(a);
  const lb = byName(b);
  const names = [...new Set([...la.keys(), ...lb.keys()])];
  const range = sharedRange(a.feature, b.feature);
  const out = names.map((name, i) => {
    progress(i, names.length);
    const fa = fitDesign(a, la.get(name), seed + 2 * i, resamples);
    const fb = fitDesign(b, lb.get(name), seed + 2 * i + 1, resamples);
    return compareFits(name, fa, fb, a, b, la.get(name), lb.get(name), range, seed + i, resamples);
  });
  const max = (l: LocationComparison) => Math.max(l.fits[0]?.maxCost ?? 0, l.fits[1]?.maxCost ?? 0);
  out.sort((x, y) => Number(y.name === WHOLE_PROGRAM) - Number(x.name === WHOLE_PROGRAM) || max(y) - max(x) || x.name.localeCompare(y.name));
  return { designs: [a.design, b.design], locations: out };
}

function wholeProgram(s: DesignSeries): Float64Array {
  const total = new Float64Array(s.feature.length);
  for (const l of s.locations) if (isCostLocation(l.name)) for (let i = 0; i < total.length; i++) total[i] += l.values[i];
  return total;
}

function fitDesign(s: DesignSeries, cost: Float64Array | undefined, seed: number, resamples: number): DesignFit | null {
  if (!cost || !cost.some((v) => v > 0)) return null;
  const power = powerFit(s.feature, cost);
  const sorted = Array.from(s.feature).sort((x, y) => x - y);
  const low = sorted.find((v) => v > 0) ?? NaN;
  const high = PREDICTION_FACTORS[PREDICTION_FACTORS.length - 1] * quantileSorted(sorted, 0.95);
  const grid = high > low ? Array.from({ length: BAND_POINTS }, (_, i) => low * (high / low) ** (i / (BAND_POINTS - 1))) : [];
  const boot = bootstrapPower(s.feature, cost, grid, seed, resamples);
  return {
    design: s.design,
    points: Array.from(cost, (y, i) => ({ runId: s.runIds[i], x: s.feature[i], y })),
    power,
    standardError: standardError((x) => power.a * x ** power.b, s.feature, cost),
    maxCost: Math.max(...cost),
    intervals: boot ? { a: boot.a, b: boot.b, band: grid.map((at, i) => ({ at, ...boot.predictions[i] })) } : null,
  };
}

function compareFits(name: string, fa: DesignFit | null, fb: DesignFit | null, a: DesignSeries, b: DesignSeries, ca: Float64Array | undefined, cb: Float64Array | undefined, range: readonly [number, number] | null, seed: number, resamples: number): LocationComparison {
  if (!fa || !fb || !(fa.power.n >= 3 && fb.power.n >= 3)) {
    return { name, fits: [fa, fb], exponentDifference: null, crossover: null, crossoverMeasured: false, observedCrossing: null, scalesWorse: null };
  }
  const value = fb.power.b - fa.power.b;
  const interval = differenceInterval(a.feature, ca!, b.feature, cb!, seed, resamples);
  const differ = interval !== null && (interval.low > 0 || interval.high < 0);
  const crossover = differ ? (fa.power.a / fb.power.a) ** (1 / value) : null;
  const crossoverMeasured = crossover !== null && range !== null && crossover >= range[0] && crossover <= range[1];
  const scalesWorse = interval === null ? null : interval.low > 0 ? b.design : interval.high < 0 ? a.design : null;
  return { name, fits: [fa, fb], exponentDifference: { value, interval }, crossover: crossover !== null && Number.isFinite(crossover) ? crossover : null, crossoverMeasured, observedCrossing: observedCrossing(a.feature, ca!, b.feature, cb!), scalesWorse };
}

/** The first pair of consecutive shared feature values where mean cost A − mean cost B changes sign. */
function observedCrossing(xa: Float64Array, ya: Float64Array, xb: Float64Array, yb: Float64Array): readonly [number, number] | null {
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
function sharedRange(x: Float64Array, y: Float64Array): readonly [number, number] | null {
  const lo = Math.max(Math.min(...x), Math.min(...y));
  const hi = Math.min(Math.max(...x), Math.max(...y));
  return lo <= hi ? [lo, hi] : null;
}

/** Percentile interval of b_B − b_A, each design's (log x, log y) points resampled on their own. */
function differenceInterval(xa: Float64Array, ya: Float64Array, xb: Float64Array, yb: Float64Array, seed: number, resamples: number): Interval | null {
  const pa = orderedLogPoints(xa, ya);
  const pb = orderedLogPoints(xb, yb);
  const random = seededRandom(seed);
  const [picka, pickb] = [new Int32Array(pa.lx.length), new Int32Array(pb.lx.length)];
  const diffs: number[] = [];
  for (let r = 0; r < resamples; r++) {
    const sa = resampledLine(pa.lx, pa.ly, random, picka);
    const sb = resampledLine(pb.lx, pb.ly, random, pickb);
    if (sa !== null && sb !== null) diffs.push(sb.b - sa.b);
  }
  if (diffs.length === 0) return null;
  diffs.sort((p, q) => p - q);
  return { low: quantileSorted(diffs, (1 - CONFIDENCE) / 2), high: quantileSorted(diffs, 1 - (1 - CONFIDENCE) / 2) };
}
