// Two designs' empirical complexity as CSV: one row per location.
import type { TrendComparisonResult } from "../trend/result.js";
import type { Exporter } from "./exporter.js";
import { toCsv } from "./csv.js";
import { modelText } from "../trend/modelText.js";

export const trendComparisonCsv: Exporter<TrendComparisonResult> = {
  mediaType: "text/csv",
  extension: "csv",
  render: (r) =>
    toCsv(
      r.locations.map((l) => ({
        location: l.name,
        feature: r.feature,
        a_design: r.designs[0],
        a_model: l.fits[0]?.fit.model ?? null,
        a_model_text: l.fits[0] ? modelText({ ...l.fits[0].fit, feature: r.feature }) : null,
        a_exponent: l.fits[0]?.fit.exponent.value ?? null,
        a_exponent_low: l.fits[0]?.fit.exponent.interval?.low ?? null,
        a_exponent_high: l.fits[0]?.fit.exponent.interval?.high ?? null,
        a_no_trend: l.fits[0]?.fit.noTrend ?? null,
        a_power_exponent: l.fits[0]?.fit.power.b ?? null,
        a_max_cost: l.fits[0]?.maxCost ?? null,
        b_design: r.designs[1],
        b_model: l.fits[1]?.fit.model ?? null,
        b_model_text: l.fits[1] ? modelText({ ...l.fits[1].fit, feature: r.feature }) : null,
        b_exponent: l.fits[1]?.fit.exponent.value ?? null,
        b_exponent_low: l.fits[1]?.fit.exponent.interval?.low ?? null,
        b_exponent_high: l.fits[1]?.fit.exponent.interval?.high ?? null,
        b_no_trend: l.fits[1]?.fit.noTrend ?? null,
        b_power_exponent: l.fits[1]?.fit.power.b ?? null,
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
