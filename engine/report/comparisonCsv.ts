// A design comparison as CSV: the per-pattern rows (004 Table 4, the unmatched
// row last), then one row per strategy and baseline with its improvement.
import type { DesignComparisonResult } from "../patterns/comparisonResult.js";
import type { Exporter } from "./exporter.js";
import { toCsv } from "./csv.js";

export const designComparisonCsv: Exporter<DesignComparisonResult> = {
  mediaType: "text/csv",
  extension: "csv",
  render: (c) => {
    const blank = { runs_a: null, runs_b: null, share_a: null, share_b: null, mean_a: null, mean_b: null };
    const rows = [
      ...[...c.rows, ...(c.unmatched ? [c.unmatched] : [])].map((r) => ({ kind: "pattern", name: r.pattern, runs_a: r.runsA, runs_b: r.runsB, share_a: r.shareA, share_b: r.shareB, mean_a: r.meanA, mean_b: r.meanB, improvement: r.improvement })),
      { kind: "strategy", name: "M-Run", ...blank, improvement: c.strategies.mRun?.improvement ?? null },
      { kind: "strategy", name: "C-Pattern", ...blank, improvement: c.strategies.cPattern?.improvement ?? null },
      { kind: "strategy", name: "A-Pattern", ...blank, improvement: c.strategies.aPattern.improvement },
      { kind: "baseline", name: "difference of means", ...blank, mean_a: c.baselines.meanA, mean_b: c.baselines.meanB, improvement: c.baselines.means },
      { kind: "baseline", name: "Hodges-Lehmann shift", ...blank, improvement: c.baselines.hodgesLehmann.relative },
    ];
    return toCsv(rows) + "\n";
  },
};
