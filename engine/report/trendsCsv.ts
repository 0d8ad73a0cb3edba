// Empirical complexity as CSV: one row per cluster and feature.
import type { TrendsResult } from "../trend/result.js";
import type { Exporter } from "./exporter.js";
import { toCsv } from "./csv.js";

export const trendsCsv: Exporter<TrendsResult> = {
  mediaType: "text/csv",
  extension: "csv",
  render: (r) =>
    toCsv(
      r.clusters.flatMap((c, rank) =>
        c.fits.map((f) => ({
          rank: rank + 1,
          cluster: c.name,
          locations: c.members.length,
          max_cost: c.maxCost,
          max_share: c.maxShare,
          feature: f.feature,
          model: f.model,
          no_trend: f.noTrend,
          r2: f.r2,
          exponent: f.model === "linear" ? 1 : f.exponent.value,
          exponent_low: f.exponent.interval?.low ?? null,
          exponent_high: f.exponent.interval?.high ?? null,
          aicc_power: f.aicc.power,
          aicc_linear: f.aicc.linear,
          aicc_offset: f.aicc.offset,
          power_a: f.power.a,
          power_b: f.power.b,
          power_r2: f.power.r2,
          ignored_zeros: f.power.ignored,
          linear_a: f.linear.a,
          linear_b: f.linear.b,
          linear_r2: f.linear.r2,
          offset_a: f.offset?.a ?? null,
          offset_b: f.offset?.b ?? null,
          offset_c: f.offset?.c ?? null,
          offset_r2: f.offset?.r2 ?? null,
          b_low: f.intervals?.b.low ?? null,
          b_high: f.intervals?.b.high ?? null,
          prediction_at: f.predictions[f.predictions.length - 1]?.at ?? null,
          prediction: f.predictions[f.predictions.length - 1]?.value ?? null,
          prediction_low: f.predictions[f.predictions.length - 1]?.interval?.low ?? null,
          prediction_high: f.predictions[f.predictions.length - 1]?.interval?.high ?? null,
          prediction_withheld: f.predictions[f.predictions.length - 1]?.withheld ?? null,
          members_disagree: f.members?.disagree ?? false,
          widened: f.widened,
        })),
      ),
    ) + "\n",
};
