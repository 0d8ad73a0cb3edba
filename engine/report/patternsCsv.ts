// Execution patterns as CSV: one row per run, with its pattern and metric.
import type { ExecutionPatternsResult } from "../patterns/result.js";
import type { Exporter } from "./exporter.js";
import { toCsv } from "./csv.js";

export const executionPatternsCsv: Exporter<ExecutionPatternsResult> = {
  mediaType: "text/csv",
  extension: "csv",
  render: (r) =>
    toCsv(
      r.runs.map((x) => ({
        run: x.runId,
        group: x.group,
        workload: x.workload,
        pattern: r.patterns[x.pattern].name,
        representative: r.patterns[x.pattern].representative === x.runId,
        [`${r.metric.name}_${r.metric.unit}`]: x.metric,
        distance: x.distance,
        threads: x.slots.map((t) => t ?? "").join(" "),
      })),
    ) + "\n",
};
