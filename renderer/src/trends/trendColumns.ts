// The columns of the two Trends tables (shared/VirtualTable.svelte renders only
// the rows in view, so hundreds of clusters or locations stay fast): the ranked
// clusters of 002 §2.3.2 in one feature, and two designs' locations compared.
import type { Column } from "../shared/columns.js";
import type { FeatureFit, TrendCluster } from "../../../engine/trend/bbTrendProf.js";
import type { LocationComparison } from "../../../engine/trend/designTrends.js";
import { COSTLY_SHARE } from "../../../engine/trend/bbTrendProf.js";
import { chosenR2, crossoverText, designFitText, fixed, designName, differenceText, intervalText, locationLabel, modelText, observedText, plain, predictionText, relativeErrorText } from "../../../engine/charts/trendText.js";

/** A cluster with its rank (1 = the largest maximum cost) and its fit in the feature shown. */
export interface ClusterRow {
  readonly rank: number;
  readonly cluster: TrendCluster;
  readonly fit: FeatureFit;
}

export const clusterRows = (clusters: readonly TrendCluster[], featureIndex: number): ClusterRow[] =>
  clusters.filter((c) => c.fits[featureIndex]).map((cluster) => ({ rank: clusters.indexOf(cluster) + 1, cluster, fit: cluster.fits[featureIndex] }));

/** The cluster's representative: a feature by name, a location as locationLabel words it. */
export function representativeText(c: TrendCluster): string {
  if (c.representativeIsFeature) return `feature ${c.name}`;
  const l = locationLabel(c.name);
  return l.detail ? `${l.label} (${l.detail})` : l.label;
}

const bInterval = (f: FeatureFit) => f.intervals?.b ?? null;

const COLUMNS: readonly Column<ClusterRow>[] = [
  { key: "rank", label: "rank", text: (r) => String(r.rank), sort: (r) => r.rank, numeric: true, width: "3.5rem" },
  { key: "costly", label: "costly", text: (r) => (r.cluster.costly ? "●" : ""), sort: (r) => Number(r.cluster.costly), width: "3.5rem", title: `over ${COSTLY_SHARE * 100}% of some workload's total cost: bootstrap intervals computed (002 §2.3.2)` },
  { key: "name", label: "representative", text: (r) => representativeText(r.cluster), hint: (r) => r.cluster.name, width: "minmax(8rem, 1.2fr)" },
  { key: "members", label: "locations", text: (r) => String(r.cluster.members.length), sort: (r) => r.cluster.members.length, numeric: true, width: "6rem" },
  { key: "max", label: "max cost", text: (r) => plain(r.cluster.maxCost), sort: (r) => r.cluster.maxCost ?? -Infinity, numeric: true, width: "6rem" },
  { key: "share", label: "max share", text: (r) => `${(r.cluster.maxShare * 100).toFixed(1)}%`, sort: (r) => r.cluster.maxShare, numeric: true, width: "6rem" },
  { key: "model", label: "model", text: (r) => modelText(r.fit), hint: (r) => `chosen: ${r.fit.model} (the smaller relative error Σ (log ŷ/y)²)`, width: "minmax(9rem, 1fr)" },
  { key: "r2", label: "R²", text: (r) => fixed(chosenR2(r.fit), 3), sort: (r) => chosenR2(r.fit) ?? -Infinity, numeric: true, width: "4rem", title: "R² of the chosen model (the powerlaw's in log space)" },
  { key: "se", label: "SE/mean", text: (r) => relativeErrorText(r.fit), sort: (r) => (Number.isFinite(r.fit.relativeError) ? r.fit.relativeError : Infinity), numeric: true, width: "5.5rem", title: "the chosen model's standard error over the mean cost (002 §3.4.5)" },
  { key: "b", label: "exponent 95%", text: (r) => intervalText(bInterval(r.fit)), sort: (r) => bInterval(r.fit)?.low ?? -Infinity, numeric: true, width: "8.5rem", title: "bootstrap 95% interval of the powerlaw's exponent (costly clusters only)" },
];

/** The clusters' columns; the prediction's header names where it is made (10 × f95 of the feature, the same for every cluster). */
export function clusterColumns(rows: readonly ClusterRow[]): Column<ClusterRow>[] {
  const at = rows[0]?.fit.predictions[rows[0].fit.predictions.length - 1];
  return [
    ...COLUMNS,
    {
      key: "prediction",
      label: at ? `at ${rows[0].fit.feature} = ${plain(at.at)} (10 × f95)` : "at 10 × f95",
      text: (r) => predictionText(r.fit),
      sort: (r) => r.fit.predictions[r.fit.predictions.length - 1]?.value ?? -Infinity,
      numeric: true,
      width: "minmax(13rem, 1.3fr)",
      title: "the chosen model's prediction at 10 × the 95th-percentile feature value, with the powerlaw's 95% interval when the powerlaw is the chosen model",
    },
  ];
}

/** A location compared, with its place in the engine's order (the whole program first, then by cost). */
export interface LocationRow {
  readonly index: number;
  readonly location: LocationComparison;
}

export const locationRows = (locations: readonly LocationComparison[]): LocationRow[] => locations.map((location, index) => ({ index, location }));

export function locationColumns(feature: string, designs: readonly [string, string], names: readonly [string, string]): Column<LocationRow>[] {
  const maxCost = (l: LocationComparison) => Math.max(l.fits[0]?.maxCost ?? 0, l.fits[1]?.maxCost ?? 0);
  return [
    { key: "index", label: "#", text: (r) => String(r.index + 1), sort: (r) => r.index, numeric: true, width: "3rem", title: "the whole program first, then by the largest cost under either design" },
    { key: "name", label: "location", text: (r) => { const l = locationLabel(r.location.name); return l.detail ? `${l.label} (${l.detail})` : l.label; }, hint: (r) => r.location.name, width: "minmax(10rem, 1.5fr)" },
    { key: "max", label: "max cost", text: (r) => plain(maxCost(r.location)), sort: (r) => maxCost(r.location), numeric: true, width: "6rem" },
    { key: "a", label: `A: ${names[0]}`, text: (r) => designFitText(r.location.fits[0], feature), sort: (r) => r.location.fits[0]?.power.b ?? -Infinity, width: "minmax(8rem, 1fr)" },
    { key: "b", label: `B: ${names[1]}`, text: (r) => designFitText(r.location.fits[1], feature), sort: (r) => r.location.fits[1]?.power.b ?? -Infinity, width: "minmax(8rem, 1fr)" },
    { key: "diff", label: "exponent B − A (95%)", text: (r) => differenceText(r.location), sort: (r) => r.location.exponentDifference?.value ?? -Infinity, numeric: true, width: "minmax(10rem, 1fr)" },
    { key: "cross", label: "fits cross at", text: (r) => crossoverText(r.location), sort: (r) => r.location.crossover ?? Infinity, numeric: true, width: "8.5rem", title: `the ${feature} where the two powerlaws meet; "outside": beyond the sizes both designs were measured at` },
    { key: "observed", label: "data cross between", text: (r) => observedText(r.location), sort: (r) => r.location.observedCrossing?.[0] ?? Infinity, numeric: true, width: "11.5rem", title: `consecutive ${feature} values measured under both designs between which their mean costs change order` },
    { key: "worse", label: "scales worse", text: (r) => designName(r.location.scalesWorse, designs, names) ?? "neither shown", width: "7.5rem", title: "the design with the larger exponent, where the interval of the difference excludes 0" },
  ];
}
