// BB-TrendProf (paper 002 ch. 2): locations (basic blocks, lines, functions)
// with a cost per workload are grouped into clusters (clusters.ts); each
// cluster's cost is fitted to each workload feature (featureFit.ts: the
// thesis's powerlaw y = a·f^b and linear y = a + b·f of §2.3, and a fixed
// cost plus a powerlaw, the one that fits chosen by AICc), with 95% intervals
// for every cluster (§2.3.2 gives them for every fit; issue 28 item 5b). Each
// cluster's members are fitted too (memberFits.ts): members that grow
// differently make the cluster's extrapolation doubtful, and its prediction
// intervals are widened to cover the sum of its members' fits. Clusters are
// ranked by their maximum cost, and those over 2% of some workload's total
// cost are the costly ones.
import { isCostLocation } from "./costTables.js";
import { ALPHA, buildClusters, type Series } from "./clusters.js";
import { fitFeature, type FeatureFit, type Prediction } from "./featureFit.js";
import { fitMembers, type MemberFits } from "./memberFits.js";
import { BOOTSTRAP_RESAMPLES } from "./bootstrap.js";

export { BAND_POINTS, PREDICTION_FACTORS, type BandPoint, type FeatureFit } from "./featureFit.js";

/** A cluster is costly when it takes more than this share of some workload's total cost (issue 13,
 * after §2.4.1's "costly clusters": "ever more than 2% of the workload's total cost"). */
export const COSTLY_SHARE = 0.02;

/** A feature fit of a cluster with its members' fits beside it. */
export interface ClusterFit extends FeatureFit {
  /** Its members' powerlaws (null for a cluster of one location). */
  readonly members: MemberFits | null;
  /** The prediction intervals were widened to cover the sum of the members' fits: they disagree beyond their intervals. */
  readonly widened: boolean;
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
  readonly fits: readonly ClusterFit[];
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
  const ranked = clusters.map((c) => ({ c, max: Math.max(...c.cost) })).sort((x, y) => y.max - x.max);
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
        fits: input.features.map((f, fi) =>
          clusterFit(
            f,
            c.cost,
            c.members.map((m) => input.locations[m]),
            input.seed + 7919 * fi + at,
            input.resamples ?? BOOTSTRAP_RESAMPLES,
          ),
        ),
      };
    }),
  };
}

/** The cluster's fit, its members' fits, and its predictions widened where the members' sum falls outside them. */
function clusterFit(
  f: Series,
  cost: Float64Array,
  members: readonly Series[],
  seed: number,
  resamples: number,
): ClusterFit {
  const fit = fitFeature(f.name, f.values, cost, seed, resamples);
  if (members.length < 2) return { ...fit, members: null, widened: false };
  const m = fitMembers(members, f.values, fit.predictions, seed + 104729, resamples);
  const outside = (p: Prediction, i: number) => {
    const s = m.sum?.[i];
    return s !== undefined && p.interval !== null && (s.value < p.interval.low || s.value > p.interval.high);
  };
  const widened = m.disagree && fit.predictions.some(outside);
  if (!widened) return { ...fit, members: m, widened };
  const predictions = fit.predictions.map((p, i) => {
    const s = m.sum![i];
    return p.interval
      ? {
          ...p,
          interval: {
            low: Math.min(p.interval.low, s.interval.low, s.value),
            high: Math.max(p.interval.high, s.interval.high, s.value),
          },
        }
      : p;
  });
  return { ...fit, predictions, members: m, widened };
}
