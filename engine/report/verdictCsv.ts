// A verdict's workloads as CSV: raw values (the measure's unit, ratios as
// numbers), one row a workload and one for the overall geometric mean.
import type { DesignVerdict } from "../verdict/designVerdict.js";
import type { Speedup } from "../verdict/speedup.js";
import type { Exporter } from "./exporter.js";
import { toCsv } from "./csv.js";

const cells = (s: Speedup | null | undefined) => ({
  faster: s?.faster ?? "",
  lower: s?.lower ?? "",
  ratio: s?.ratio ?? "",
  interval_low: s?.interval?.low ?? "",
  interval_high: s?.interval?.high ?? "",
});

export const verdictCsv: Exporter<DesignVerdict> = {
  mediaType: "text/csv",
  extension: "csv",
  render: (v) =>
    toCsv([
      ...v.workloads.map((w) => ({
        workload: w.workload,
        measure: v.measure.name,
        unit: v.measure.unit,
        runs_a: w.a.n,
        runs_b: w.b.n,
        mean_a: w.a.mean,
        mean_b: w.b.mean,
        median_a: w.a.median,
        median_b: w.b.median,
        sd_a: w.a.sd,
        sd_b: w.b.sd,
        ...cells(w.speedup),
        mann_whitney_p: w.mannWhitney?.p ?? "",
        median_ratio: w.medianSpeedup?.ratio ?? "",
        median_lower: w.medianSpeedup?.lower ?? "",
        tool_cost_share_a: w.toolCost?.a.share ?? "",
        tool_cost_share_b: w.toolCost?.b.share ?? "",
      })),
      ...(v.overall
        ? [
            {
              workload: "(geometric mean)",
              measure: v.measure.name,
              unit: "",
              runs_a: "",
              runs_b: "",
              mean_a: "",
              mean_b: "",
              median_a: "",
              median_b: "",
              sd_a: "",
              sd_b: "",
              ...cells(v.overall.speedup),
              mann_whitney_p: "",
              median_ratio: "",
              median_lower: "",
              tool_cost_share_a: "",
              tool_cost_share_b: "",
            },
          ]
        : []),
    ]) + "\n",
};
