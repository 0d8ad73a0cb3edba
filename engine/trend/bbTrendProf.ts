// BB-TrendProf (paper 002 ch. 2): locations (basic blocks, lines, functions)
// with a cost per workload are grouped into clusters (clusters.ts); each
// cluster's cost is fitted to each workload feature by a powerlaw y = a·f^b
// (§2.3.2) and by a linear model with an intercept (the thesis fits both,
// §2.3: "We use linear models, y = a + bf, and powerlaw models, y = af^b"),
// the better one in relative error named as the cluster's model (a start-up
// cost makes small inputs look sub-linear to a powerlaw); the powerlaw gets
// bootstrap intervals for a, b and the predictions at 2·f95 and 10·f95.
// Clusters are ranked by their maximum cost, and those over 2% of some
// workload's total cost are the costly ones.
import { quantileSorted } from "simple-statistics";
import { bootstrapPower, type Interval } from "./bootstrap.js";
import { isCostLocation } from "./costTables.js";
import { MIN_DISTINCT_VALUES } from "./featureSelection.js";
import { ALPHA, buildClusters, type Series } from "./clusters.js";
import { linearFit, logError, powerFit, standardError, type LinearFit, type PowerFit } from "./regression.js";

/** A cluster is costly when it takes more than this share of some workload's total cost (issue 13). */
export const COSTLY_SHARE = 0.02;
/** Predictions at these multiples of the 95th-percentile feature value (§2.3.2). */
export const PREDICTION_FACTORS: readonly number[] = [2, 10];
/** The bootstrap band a plot draws around a powerlaw: its 95% interval at this many feature values,
 * evenly spaced in log x from the smallest measured value to the last prediction. */
export const BAND_POINTS = 24;

export interface FeatureFit {
  readonly feature: string;
  readonly power: PowerFit;
  readonly linear: LinearFit;
  /** The model with the smaller relative error, Σ (log ŷ/y)². */
  readonly model: "power" | "linear";
  /** The 95th-percentile value of the feature (§2.3.2's f95). */
  readonly f95: number;
  /** The chosen model's predictions at PREDICTION_FACTORS × f95. */
  readonly predictions: readonly { readonly at: number; readonly value: number }[];
  /** Bootstrap 95% intervals of the powerlaw (costly clusters only), and its band for plots. */
  readonly intervals: { readonly a: Interval; readonly b: Interval; readonly predictions: readonly Interval[]; readonly band: readonly BandPoint[] } | null;
  /** Observed minus predicted by the chosen model, one per workload. */
  readonly residuals: readonly number[];
  /** §2.3.2's residuals of the powerlaw, log a·f^b − log C, one per workload (null where C or f is 0,
   * or no powerlaw was fitted): "random if the powerlaw explains the data". */
  readonly logResiduals: readonly (number | null)[];
  /** Each model's relative error Σ (log ŷ/y)², by which the chosen one was chosen (Infinity: not fitted, or ŷ ≤ 0 somewhere). */
  readonly errors: { readonly power: number; readonly linear: number };
  /** The chosen model's standard error (A.1.5), and that over the mean cost (§3.4.5). */
  readonly standardError: number;
  readonly relativeError: number;
}

export interface BandPoint extends Interval {
  readonly at: number;
}

export interface TrendCluster {
  /** The representative's name: a feature's or a location's. */
  readonly name: string;
  readonly representativeIsFeature: boolean;
  readonly members: readonly string[];
  readonly cost: readonly number[];
  readonly maxCost: number;
  /** Its largest share of a workload's total cost. */
  readonly maxShare: number;
  readonly costly: boolean;
  readonly fits: readonly FeatureFit[];
}

export interface TrendInput {
  readonly locations: readonly Series[];
  readonly features: readonly Series[];
  readonly seed: number;
  /** Bootstrap resamples (002 §2.3.2: 1,000). */
  readonly resamples?: number;
  readonly alpha?: number;
}

export interface BbTrendResult {
  readonly workloads: number;
  /** Clusters ranked by maximum cost, largest first (§2.3.2). */
  readonly clusters: readonly TrendCluster[];
  readonly discarded: number;
}

export type TrendProgress = (done: number, total: number) => void;

export function bbTrendProf(input: TrendInput, progress: TrendProgress = () => {}): BbTrendResult {
  const k = input.locations[0]?.values.length ?? input.features[0]?.values.length ?? 0;
  const { clusters, discarded } = buildClusters(input.locations, input.features, input.alpha ?? ALPHA);
  const totals = new Float64Array(k);
  // A workload's total cost leaves call counts out (they are not cost: costTables.ts).
  for (const l of input.locations) if (isCostLocation(l.name)) for (let i = 0; i < k; i++) totals[i] += l.values[i];
  const ranked = clusters
    .map((c) => ({ c, max: Math.max(...c.cost) }))
    .sort((x, y) => y.max - x.max);
  return {
    workloads: k,
    discarded: discarded.length,
    clusters: ranked.map(({ c, max }, at) => {
      progress(at, ranked.length);
      let maxShare = 0;
      for (let i = 0; i < k; i++) if (totals[i] > 0) maxShare = Math.max(maxShare, c.cost[i] / totals[i]);
      const costly = maxShare > COSTLY_SHARE;
      const rep = c.representative;
      return {
        name: rep.kind === "feature" ? input.features[rep.index].name : input.locations[rep.index].name,
        representativeIsFeature: rep.kind === "feature",
        members: c.members.map((m) => input.locations[m].name),
        cost: Array.from(c.cost),
        maxCost: max,
        maxShare,
        costly,
        fits: input.features.map((f, fi) => fitFeature(f, c.cost, costly, input.seed + 7919 * fi + at, input.resamples)),
      };
    }),
  };
}

function fitFeature(f: Series, cost: Float64Array, withIntervals: boolean, seed: number, resamples?: number): FeatureFit {
  const power = powerFit(f.values, cost);
  const linear = linearFit(f.values, cost);
  // A powerlaw through fewer than three feature values (the rest with cost or feature 0, left out) fits exactly and says nothing.
  const powerFitted = distinctPositive(f.values, cost) >= MIN_DISTINCT_VALUES;
  const powerError = powerFitted ? logError((x) => power.a * x ** power.b, f.values, cost) : Infinity;
  const linearError = logError((x) => linear.a + linear.b * x, f.values, cost);
  const model = powerFitted && powerError <= linearError ? "power" : "linear";
  const sorted = Array.from(f.values).sort((a, b) => a - b);
  const f95 = sorted.length > 0 ? quantileSorted(sorted, 0.95) : NaN;
  const at = PREDICTION_FACTORS.map((m) => m * f95);
  const predict = (x: number) => (model === "power" ? power.a * x ** power.b : linear.a + linear.b * x);
  const se = standardError(predict, f.values, cost);
  const mean = cost.reduce((s, v) => s + v, 0) / Math.max(1, cost.length);
  return {
    feature: f.name,
    power,
    linear,
    model,
    f95,
    predictions: at.map((x) => ({ at: x, value: predict(x) })),
    intervals: withIntervals && powerFitted ? powerIntervals(f.values, cost, at, seed, resamples) : null,
    residuals: Array.from(cost, (y, i) => y - predict(f.values[i])),
    logResiduals: Array.from(cost, (y, i) => (powerFitted && y > 0 && f.values[i] > 0 ? Math.log(power.a) + power.b * Math.log(f.values[i]) - Math.log(y) : null)),
    errors: { power: powerError, linear: linearError },
    standardError: se,
    relativeError: mean > 0 ? se / mean : NaN,
  };
}

/** Distinct feature values among the points a powerlaw is fitted to (x > 0 and cost > 0). */
function distinctPositive(x: ArrayLike<number>, cost: Float64Array): number {
  const seen = new Set<number>();
  for (let i = 0; i < x.length; i++) if (x[i] > 0 && cost[i] > 0) seen.add(x[i]);
  return seen.size;
}

/** The bootstrap's intervals at the predictions and along a band from the smallest positive feature value to the last prediction. */
function powerIntervals(x: ArrayLike<number>, cost: Float64Array, at: readonly number[], seed: number, resamples?: number): FeatureFit["intervals"] {
  let low = Infinity;
  for (let i = 0; i < x.length; i++) if (x[i] > 0 && x[i] < low) low = x[i];
  const high = at[at.length - 1];
  const grid = Number.isFinite(low) && high > low ? Array.from({ length: BAND_POINTS }, (_, i) => low * (high / low) ** (i / (BAND_POINTS - 1))) : [];
  const r = bootstrapPower(x, cost, [...at, ...grid], seed, resamples);
  if (!r) return null;
  return { a: r.a, b: r.b, predictions: r.predictions.slice(0, at.length), band: grid.map((g, i) => ({ at: g, ...r.predictions[at.length + i] })) };
}
