// One cluster's (or location's) cost against one feature (paper 002 §2.3.2):
// the thesis's powerlaw and linear models and a fixed cost plus a powerlaw,
// the one that fits chosen by AICc (modelChoice.ts), its exponent with a 95%
// interval, its predictions at 2·f95 and 10·f95 with intervals, and whether it
// shows a trend at all (issue 27 item 8: an exponent interval that spans 0, or
// R² < 0.5, is "no trend"; a prediction ≤ 0 is never shown).
import { quantileSorted } from "simple-statistics";
import { BOOTSTRAP_RESAMPLES, bootstrapPower, type Interval } from "./bootstrap.js";
import type { ExponentDraws } from "./studentized.js";
import { MIN_DISTINCT_VALUES } from "./featureSelection.js";
import {
  bootstrapOffset,
  model as offsetModel,
  offsetPowerFit,
  MIN_OFFSET_DISTINCT,
  type OffsetPowerFit,
} from "./offsetPower.js";
import { chooseModel, type TrendModel } from "./modelChoice.js";
import { linearFit, logError, powerFit, standardError, type LinearFit, type PowerFit } from "./regression.js";
import { linearIntervals } from "./linearIntervals.js";

/** Predictions at these multiples of the 95th-percentile feature value (§2.3.2). */
export const PREDICTION_FACTORS: readonly number[] = [2, 10];
/** The band a plot draws around the chosen model: its 95% interval at this many feature values,
 * evenly spaced in log x from the smallest measured value to the last prediction. */
export const BAND_POINTS = 24;
/** Below this R² a model explains less than half the cost's variation: "no trend" (issue 27 item 8;
 * §2.4.8's lookupset.cc cluster, R² 0.65, is already "somewhat dubious"). */
export const MIN_TREND_R2 = 0.5;
/** Relative size of a double's rounding in sums of a few thousand terms (2⁻⁵² × 10⁴, rounded up). */
const ROUNDING = 1e-11;

export interface BandPoint extends Interval {
  readonly at: number;
}

export interface Prediction {
  readonly at: number;
  /** The chosen model's prediction; null when withheld (`withheld` says why). */
  readonly value: number | null;
  /** Its 95% interval (never below 0: a cost is not negative). */
  readonly interval: Interval | null;
  readonly withheld: string | null;
}

export interface FeatureFit {
  readonly feature: string;
  readonly power: PowerFit;
  readonly linear: LinearFit;
  /** a + b·x^c (null: fewer than MIN_OFFSET_DISTINCT feature values, or no positive cost). */
  readonly offset: OffsetPowerFit | null;
  /** The model that fits, by AICc on Σ (log ŷ/y)² (modelChoice.ts). */
  readonly model: TrendModel;
  readonly aicc: Readonly<Record<TrendModel, number | null>>;
  /** The chosen model's exponent (b of a powerlaw, c of a + b·x^c, 1 for a line) and its 95% interval
   * (none for a line: its exponent is 1 by form, and `noTrend` reads its slope's interval instead). */
  readonly exponent: { readonly value: number; readonly interval: Interval | null };
  /** Why the fit shows no trend (issue 27 item 8), or null when it shows one. */
  readonly noTrend: string | null;
  /** The chosen model's R² (the powerlaw's and a + b·x^c's in log space, A.1.5). */
  readonly r2: number;
  /** The 95th-percentile value of the feature (§2.3.2's f95). */
  readonly f95: number;
  readonly predictions: readonly Prediction[];
  /** The powerlaw's bootstrap intervals for a and b (null: fewer than 3 distinct positive points). */
  readonly intervals: { readonly a: Interval; readonly b: Interval } | null;
  /** The chosen model's 95% band for plots. */
  readonly band: readonly BandPoint[];
  /** Observed minus predicted by the chosen model, one per workload. */
  readonly residuals: readonly number[];
  /** §2.3.2's residuals in log space, log ŷ − log C, one per workload (null where C or f is 0, or no
   * powerlaw was fitted): of a + b·f^c when it is chosen, else of the powerlaw a·f^b ("random if the
   * powerlaw explains the data"). */
  readonly logResiduals: readonly (number | null)[];
  /** Each model's relative error Σ (log ŷ/y)² (Infinity: not fitted, or ŷ ≤ 0 somewhere). */
  readonly errors: Readonly<Record<TrendModel, number>>;
  /** The chosen model's standard error (A.1.5), and that over the mean cost (§3.4.5). */
  readonly standardError: number;
  readonly relativeError: number;
}

export function fitFeature(
  feature: string,
  x: ArrayLike<number>,
  cost: ArrayLike<number>,
  seed: number,
  resamples?: number,
): FeatureFit {
  return fitFeatureDrawing(feature, x, cost, seed, resamples).fit;
}

/** The resampled exponents a fit drew (seeded by its seed, and its seed + 1 for a + b·x^c): a comparison of
 * two designs' exponents (designTrends.ts) reads them instead of drawing them again. */
export interface FitDraws {
  /** The powerlaw's, whenever it was bootstrapped (three distinct positive points or more). */
  readonly power: ExponentDraws | null;
  /** a + b·x^c's, when it is the model that fits. */
  readonly offset: ExponentDraws | null;
}

/** fitFeature, and the resamples of the exponents it drew. */
export function fitFeatureDrawing(
  feature: string,
  x: ArrayLike<number>,
  cost: ArrayLike<number>,
  seed: number,
  resamples?: number,
): { fit: FeatureFit; draws: FitDraws } {
  const power = powerFit(x, cost);
  const linear = linearFit(x, cost);
  const distinct = distinctPositive(x, cost);
  // A powerlaw through fewer than three feature values (the rest with cost or feature 0, left out) fits exactly and says nothing.
  const powerFitted = distinct >= MIN_DISTINCT_VALUES;
  const offset = distinct >= MIN_OFFSET_DISTINCT ? offsetPowerFit(x, cost) : null;
  const predictors: Record<TrendModel, ((v: number) => number) | null> = {
    power: powerFitted ? (v) => power.a * v ** power.b : null,
    linear: (v) => linear.a + linear.b * v,
    offset: offset ? (v) => offsetModel([offset.a, offset.b, offset.c], Math.log(v)) : null,
  };
  const errorOf = (m: TrendModel) => (predictors[m] ? logError(predictors[m]!, x, cost) : Infinity);
  const errors = { power: errorOf("power"), linear: errorOf("linear"), offset: errorOf("offset") };
  let positive = 0;
  for (let i = 0; i < cost.length; i++) if (cost[i] > 0) positive++;
  const choice = chooseModel(errors, positive);
  const model = choice.model;
  const predict = predictors[model]!;
  const sorted = Array.from(x).sort((a, b) => a - b);
  const f95 = sorted.length > 0 ? quantileSorted(sorted, 0.95) : NaN;
  const at = PREDICTION_FACTORS.map((m) => m * f95);
  const grid = bandGrid(x, at[at.length - 1]);
  // The powerlaw's predictions and band are drawn only when it is the model shown; its a and b always.
  const boot = powerFitted ? bootstrapPower(x, cost, model === "power" ? [...at, ...grid] : [], seed, resamples) : null;
  const chosen = chosenIntervals(model, x, cost, [...at, ...grid], seed, resamples, boot);
  const exponent = {
    value: model === "power" ? power.b : model === "offset" ? offset!.c : 1,
    interval: model === "linear" ? null : chosen.exponent,
  };
  const r2 = model === "power" ? power.r2 : model === "offset" ? offset!.r2 : linear.r2;
  const noTrend = trendAbsent(model, r2, chosen.exponent);
  const se = standardError(predict, x, cost);
  const logModel = model === "offset" ? predict : predictors.power;
  let mean = 0;
  for (let i = 0; i < cost.length; i++) mean += cost[i] / cost.length;
  const draws = { power: boot?.draws ?? null, offset: chosen.draws };
  const fit: FeatureFit = {
    feature,
    power,
    linear,
    offset,
    model,
    aicc: choice.aicc,
    exponent,
    noTrend,
    r2,
    f95,
    predictions: at.map((v, i) => prediction(v, predict(v), chosen.points[i] ?? null, noTrend)),
    intervals: boot ? { a: boot.a, b: boot.b } : null,
    band: grid.map((g, i) => ({ at: g, ...clamp(chosen.points[at.length + i] ?? { low: NaN, high: NaN }) })),
    residuals: Array.from(cost, (y, i) => y - predict(x[i])),
    logResiduals: Array.from(cost, (y, i) =>
      logModel && y > 0 && x[i] > 0 ? Math.log(logModel(x[i])) - Math.log(y) : null,
    ),
    errors,
    standardError: se,
    relativeError: mean > 0 ? se / mean : NaN,
  };
  return { fit, draws };
}

/** The chosen model's intervals at `at` (predictions, then the band) and of what `noTrend` reads as its exponent. */
function chosenIntervals(
  model: TrendModel,
  x: ArrayLike<number>,
  cost: ArrayLike<number>,
  at: readonly number[],
  seed: number,
  resamples: number | undefined,
  boot: ReturnType<typeof bootstrapPower>,
): { points: readonly (Interval | null)[]; exponent: Interval | null; draws: ExponentDraws | null } {
  if (model === "power") return { points: boot?.predictions ?? [], exponent: boot?.b ?? null, draws: null };
  if (model === "offset") {
    const o = bootstrapOffset(x, cost, at, seed + 1, resamples ?? BOOTSTRAP_RESAMPLES);
    return { points: o?.intervals.predictions ?? [], exponent: o?.intervals.c ?? null, draws: o?.draws ?? null };
  }
  const l = linearIntervals(x, cost, at);
  return { points: l?.predictions ?? [], exponent: l?.slope ?? null, draws: null };
}

function trendAbsent(model: TrendModel, r2: number, interval: Interval | null): string | null {
  if (!(r2 >= MIN_TREND_R2))
    return `R² ${Number.isFinite(r2) ? r2.toFixed(2) : "-"} < ${MIN_TREND_R2}: the model explains less than half of how the cost varies`;
  if (!interval || !Number.isFinite(interval.low) || !Number.isFinite(interval.high))
    return "no interval for its exponent: too few points to tell a trend from noise";
  // A bound that rounding alone keeps off 0 (an exact fit through quantised costs) touches it.
  const zero = ROUNDING * (Math.abs(interval.low) + Math.abs(interval.high));
  if (interval.low <= zero && interval.high >= -zero)
    return model === "linear"
      ? "the 95% interval of its slope includes 0"
      : "the 95% interval of its exponent includes 0";
  return null;
}

/** The chosen model as a function of the feature. */
export function predictFit(f: Pick<FeatureFit, "model" | "power" | "linear" | "offset">): (x: number) => number {
  if (f.model === "offset" && f.offset) {
    const o = f.offset;
    return (x) => o.a + o.b * x ** o.c;
  }
  if (f.model === "power") return (x) => f.power.a * x ** f.power.b;
  return (x) => f.linear.a + f.linear.b * x;
}

function prediction(at: number, value: number, interval: Interval | null, noTrend: string | null): Prediction {
  if (noTrend !== null) return { at, value: null, interval: null, withheld: "no trend" };
  if (!(value > 0)) return { at, value: null, interval: null, withheld: "the model predicts a cost ≤ 0 here" };
  return { at, value, interval: interval ? clamp(interval) : null, withheld: null };
}

const clamp = (i: Interval): Interval => ({ low: Math.max(0, i.low), high: Math.max(0, i.high) });

/** BAND_POINTS feature values from the smallest positive measured one to `high`, evenly spaced in log x. */
export function bandGrid(x: ArrayLike<number>, high: number): number[] {
  let low = Infinity;
  for (let i = 0; i < x.length; i++) if (x[i] > 0 && x[i] < low) low = x[i];
  return Number.isFinite(low) && high > low
    ? Array.from({ length: BAND_POINTS }, (_, i) => low * (high / low) ** (i / (BAND_POINTS - 1)))
    : [];
}

/** Distinct feature values among the points a powerlaw is fitted to (x > 0 and cost > 0). */
export function distinctPositive(x: ArrayLike<number>, cost: ArrayLike<number>): number {
  const seen = new Set<number>();
  for (let i = 0; i < x.length; i++) if (x[i] > 0 && cost[i] > 0) seen.add(x[i]);
  return seen.size;
}
