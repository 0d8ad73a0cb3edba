// Two designs' empirical complexity as CSV: one row per location.
import type { TrendComparisonResult } from "../trend/result.js";
import type { Exporter } from "./exporter.js";
import { toCsv } from "./csv.js";

export const trendComparisonCsv: Exporter<TrendComparisonResult> = {
  mediaType: "text/csv",
  extension: "csv",
  render: (r) =>
    toCsv(
      r.locations.map((l) => ({
        location: l.name,
        feature: r.feature,
        a_design: r.designs[0],
        a_coefficient: l.fits[0]?.power.a ?? null,
        a_exponent: l.fits[0]?.power.b ?? null,
        a_exponent_low: l.fits[0]?.intervals?.b.low ?? null,
        a_exponent_high: l.fits[0]?.intervals?.b.high ?? null,
        a_max_cost: l.fits[0]?.maxCost ?? null,
        b_design: r.designs[1],
        b_coefficient: l.fits[1]?.power.a ?? null,
        b_exponent: l.fits[1]?.power.b ?? null,
        b_exponent_low: l.fits[1]?.intervals?.b.low ?? null,
        b_exponent_high: l.fits[1]?.intervals?.b.high ?? null,
        b_max_cost: l.fits[1]?.maxCost ?? null,
        exponent_difference: l.exponentDifference?.value ?? null,
        difference_low: l.exponentDifference?.interval?.low ?? null,
        difference_high: l.exponentDifference?.interval?.high ?? null,
        crossover: l.crossover,
        crossover_measured: l.crossoverMeasured,
        observed_crossing_from: l.observedCrossing?.[0] ?? null,
        observed_crossing_to: l.observedCrossing?.[1] ?? null,
        scales_worse: l.scalesWorse,
      })),
    ) + "\n",
};
