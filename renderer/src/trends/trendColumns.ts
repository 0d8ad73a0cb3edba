// The columns of the two Trends tables (shared/VirtualTable.svelte renders only
// the rows in view, so hundreds of clusters or locations stay fast): the ranked
// clusters of 002 §2.3.2 in one feature, and two designs' locations compared.
import type { Column } from "../shared/columns.js";
import type { ClusterFit, TrendCluster } from "../../../engine/trend/bbTrendProf.js";
import type { LocationComparison } from "../../../engine/trend/designTrends.js";
import { COSTLY_SHARE } from "../../../engine/trend/bbTrendProf.js";
import {
  chosenR2,
  crossoverText,
  designFitText,
  exponentText,
  fixed,
  designName,
  differenceText,
  locationLabel,
  modelName,
  modelText,
  observedText,
  plain,
  predictionText,
  relativeErrorText,
} from "../../../engine/charts/trendText.js";

/** A cluster with its rank (1 = the largest maximum cost) and its fit in the feature shown. */
export interface ClusterRow {
  readonly rank: number;
  readonly cluster: TrendCluster;
  readonly fit: ClusterFit;
}

export const clusterRows = (clusters: readonly TrendCluster[], featureIndex: number): ClusterRow[] =>
  clusters
    .filter((c) => c.fits[featureIndex])
    .map((cluster) => ({ rank: clusters.indexOf(cluster) + 1, cluster, fit: cluster.fits[featureIndex] }));

/** The cluster's representative: a feature by name, a location as locationLabel words it. */
export function representativeText(c: TrendCluster): string {
  if (c.representativeIsFeature) return `feature ${c.name}`;
  const l = locationLabel(c.name);
  return l.detail ? `${l.label} (${l.detail})` : l.label;
}

const COLUMNS: readonly Column<ClusterRow>[] = [
  { key: "rank", label: "rank", text: (r) => String(r.rank), sort: (r) => r.rank, numeric: true, width: "3.5rem" },
  {
    key: "costly",
    label: "costly",
    text: (r) => (r.cluster.costly ? "●" : ""),
    sort: (r) => Number(r.cluster.costly),
    width: "3.5rem",
    title: `over ${COSTLY_SHARE * 100}% of some workload's total cost (002 §2.4.1)`,
  },
  {
    key: "name",
    label: "representative",
    text: (r) => representativeText(r.cluster),
    hint: (r) => r.cluster.name,
    width: "minmax(8rem, 1.2fr)",
  },
  {
    key: "members",
    label: "locations",
    text: (r) => String(r.cluster.members.length),
    sort: (r) => r.cluster.members.length,
    numeric: true,
    width: "6rem",
  },
  {
    key: "max",
    label: "max cost",
    text: (r) => plain(r.cluster.maxCost),
    sort: (r) => r.cluster.maxCost ?? -Infinity,
    numeric: true,
    width: "6rem",
  },
  {
    key: "share",
    label: "max share",
    text: (r) => `${(r.cluster.maxShare * 100).toFixed(1)}%`,
    sort: (r) => r.cluster.maxShare,
    numeric: true,
    width: "6rem",
  },
  {
    key: "model",
    label: "model",
    text: (r) => (r.fit.noTrend !== null ? "no trend" : modelText(r.fit)),
    hint: (r) =>
      r.fit.noTrend !== null
        ? `no trend: ${r.fit.noTrend}`
        : `chosen: ${modelName(r.fit.model)}, the smallest AICc among powerlaw, linear and fixed cost + powerlaw`,
    width: "minmax(9rem, 1fr)",
  },
  {
    key: "r2",
    label: "R²",
    text: (r) => fixed(chosenR2(r.fit), 3),
    sort: (r) => chosenR2(r.fit) ?? -Infinity,
    numeric: true,
    width: "4rem",
    title: "R² of the chosen model (the powerlaw's and the fixed cost + powerlaw's in log space)",
  },
  {
    key: "se",
    label: "SE/mean",
    text: (r) => relativeErrorText(r.fit),
    sort: (r) => (Number.isFinite(r.fit.relativeError) ? r.fit.relativeError : Infinity),
    numeric: true,
    width: "5.5rem",
    title: "the chosen model's standard error over the mean cost (002 §3.4.5)",
  },
  {
    key: "b",
    label: "exponent (95%)",
    text: (r) => (r.fit.noTrend !== null ? "—" : exponentText(r.fit)),
    sort: (r) => (r.fit.noTrend !== null ? -Infinity : r.fit.exponent.value),
    numeric: true,
    width: "10rem",
    title: "the chosen model's exponent with its 95% studentized bootstrap interval",
  },
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
      title:
        "the chosen model's prediction at 10 × the 95th-percentile feature value with its 95% interval (widened where the cluster's locations grow differently); none where the fit shows no trend or predicts a cost ≤ 0",
    },
  ];
}

/** A location compared, with its place in the engine's order (the whole program first, then by cost). */
export interface LocationRow {
  readonly index: number;
  readonly location: LocationComparison;
}

export const locationRows = (locations: readonly LocationComparison[]): LocationRow[] =>
  locations.map((location, index) => ({ index, location }));

export function locationColumns(
  feature: string,
  designs: readonly [string, string],
  names: readonly [string, string],
): Column<LocationRow>[] {
  const maxCost = (l: LocationComparison) => Math.max(l.fits[0]?.maxCost ?? 0, l.fits[1]?.maxCost ?? 0);
  return [
    {
      key: "index",
      label: "#",
      text: (r) => String(r.index + 1),
      sort: (r) => r.index,
      numeric: true,
      width: "3rem",
      title: "the whole program first, then by the largest cost under either design",
    },
    {
      key: "name",
      label: "location",
      text: (r) => {
        const l = locationLabel(r.location.name);
        return l.detail ? `${l.label} (${l.detail})` : l.label;
      },
      hint: (r) => r.location.name,
      width: "minmax(10rem, 1.5fr)",
    },
    {
      key: "max",
      label: "max cost",
      text: (r) => plain(maxCost(r.location)),
      sort: (r) => maxCost(r.location),
      numeric: true,
      width: "6rem",
    },
    {
      key: "a",
      label: `A: ${names[0]}`,
      text: (r) => designFitText(r.location.fits[0], feature),
      sort: (r) => r.location.fits[0]?.fit.exponent.value ?? -Infinity,
      width: "minmax(8rem, 1fr)",
    },
    {
      key: "b",
      label: `B: ${names[1]}`,
      text: (r) => designFitText(r.location.fits[1], feature),
      sort: (r) => r.location.fits[1]?.fit.exponent.value ?? -Infinity,
      width: "minmax(8rem, 1fr)",
    },
    {
      key: "diff",
      label: "exponent B − A (95%)",
      text: (r) => differenceText(r.location),
      sort: (r) => r.location.exponentDifference?.value ?? -Infinity,
      numeric: true,
      width: "minmax(10rem, 1fr)",
    },
    {
      key: "cross",
      label: "fits cross at",
      text: (r) => crossoverText(r.location),
      sort: (r) => r.location.crossover ?? Infinity,
      numeric: true,
      width: "8.5rem",
      title: `the ${feature} where the two fitted models meet; "outside": beyond the sizes both designs were measured at`,
    },
    {
      key: "observed",
      label: "data cross between",
      text: (r) => observedText(r.location),
      sort: (r) => r.location.observedCrossing?.[0] ?? Infinity,
      numeric: true,
      width: "11.5rem",
      title: `consecutive ${feature} values measured under both designs between which their mean costs change order`,
    },
    {
      key: "worse",
      label: "scales worse",
      text: (r) => designName(r.location.scalesWorse, designs, names) ?? "neither shown",
      width: "7.5rem",
      title: "the design with the larger exponent, where the interval of the difference excludes 0",
    },
  ];
}
