// A design comparison as CSV: the per-pattern rows (004 Table 4, the unmatched
// row last), then one row per strategy and baseline, each a ratio in one
// convention (verdict/speedup.ts): which design is lower, by how many times.
import type { DesignComparisonResult } from "../patterns/comparisonResult.js";
import type { Speedup } from "../verdict/speedup.js";
import type { Exporter } from "./exporter.js";
import { toCsv } from "./csv.js";

const ratio = (s: Speedup | null | undefined) => ({
  lower: s?.lower ?? null,
  faster: s?.faster ?? null,
  ratio: s?.ratio ?? null,
  interval_low: s?.interval?.low ?? null,
  interval_high: s?.interval?.high ?? null,
});

export const designComparisonCsv: Exporter<DesignComparisonResult> = {
  mediaType: "text/csv",
  extension: "csv",
  render: (c) => {
    const blank = { runs_a: null, runs_b: null, share_a: null, share_b: null, mean_a: null, mean_b: null };
    const rows = [
      ...[...c.rows, ...(c.unmatched ? [c.unmatched] : [])].map((r) => ({
        kind: "pattern",
        name: r.pattern,
        runs_a: r.runsA,
        runs_b: r.runsB,
        share_a: r.shareA,
        share_b: r.shareB,
        mean_a: r.meanA,
        mean_b: r.meanB,
        ...ratio(r.speedup),
      })),
      { kind: "strategy", name: "M-Run", ...blank, ...ratio(c.strategies.mRun?.speedup) },
      { kind: "strategy", name: "C-Pattern", ...blank, ...ratio(c.strategies.cPattern?.speedup) },
      { kind: "strategy", name: "A-Pattern", ...blank, ...ratio(c.strategies.aPattern.speedup) },
      {
        kind: "baseline",
        name: "ratio of means",
        ...blank,
        mean_a: c.baselines.meanA,
        mean_b: c.baselines.meanB,
        ...ratio(c.baselines.means),
      },
      { kind: "baseline", name: "Hodges-Lehmann ratio", ...blank, ...ratio(c.baselines.medians) },
    ];
    return toCsv(rows) + "\n";
  },
};
