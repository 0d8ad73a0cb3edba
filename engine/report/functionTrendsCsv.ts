// CF-TrendProf as CSV: one row per function, variable and model considered,
// with the score's parts (§3.4.3) and which was best.
import type { CfTrendsResult } from "../trend/cf/cfResult.js";
import type { Exporter } from "./exporter.js";
import { toCsv } from "./csv.js";

export const functionTrendsCsv: Exporter<CfTrendsResult> = {
  mediaType: "text/csv",
  extension: "csv",
  render: (r) =>
    toCsv(
      r.functions.flatMap((f) =>
        f.variables.flatMap((v) =>
          v.alternatives.map((m, i) => ({
            function: f.name,
            variable: v.kind,
            callee: v.callee,
            observations: v.observations,
            mean: v.mean,
            best: i === 0,
            model: m.text,
            rule: m.rule ?? "direct",
            derivation: m.derivation,
            score: m.score.total,
            score_error: m.score.error,
            score_l: m.score.l,
            score_v: m.score.v,
            score_t: m.score.t,
            standard_error: m.standardError,
            se_over_mean: m.relativeError,
            swamped_by_noise: v.swamped,
          })),
        ),
      ),
    ) + "\n",
};
