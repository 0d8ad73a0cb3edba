// A project's history (history.project) exported as every analysis exports (issue 33 item 4): the text
// `varbench history` prints, CSV with one row per series × version, and JSON as the API answers. The same
// exporters serve history.export (the workbench's button) and `varbench history --csv/--json`, so the
// file and the command's output are the same bytes.
import type { Exporter } from "../report/exporter.js";
import { toCsv } from "../report/csv.js";
import { jsonExporter } from "../report/json.js";
import { MEASURE_INFO } from "../campaign/measures.js";
import type { HistoryReport } from "./types.js";
import { historyText } from "./historyText.js";

export const historyTextExporter: Exporter<HistoryReport, unknown> = {
  mediaType: "text/plain",
  extension: "txt",
  render: (r) => historyText(r) + "\n",
};

/** One row per series × version: the version's runs and their spread, and the change point that starts
 * at this version (its first version after the change), if one does, with its ratio and interval. */
export const historyCsvExporter: Exporter<HistoryReport, unknown> = {
  mediaType: "text/csv",
  extension: "csv",
  // With no series, the header alone: a script reading the file finds its columns and no rows.
  render: (r) => (toCsv(historyRows(r)) || HISTORY_CSV_COLUMNS.join(",")) + "\n",
};

export const HISTORY_CSV_COLUMNS = [
  "design",
  "workload",
  "measure",
  "unit",
  "environment",
  "version",
  "runs",
  "median",
  "min",
  "max",
  "change",
  "ratio",
  "ratio_low",
  "ratio_high",
  "confidence",
  "p_value",
] as const;

type HistoryRow = Readonly<Record<(typeof HISTORY_CSV_COLUMNS)[number], string | number | null>>;

export function historyRows(r: HistoryReport): HistoryRow[] {
  return r.series.flatMap((s) =>
    s.points.map((p) => {
      const c = s.changes.find((x) => x.after === p.version);
      return {
        design: s.design,
        workload: s.workload,
        measure: s.metric,
        unit: MEASURE_INFO[s.metric].unit,
        environment: s.environment,
        version: r.versions[p.version]?.label ?? `#${p.version}`,
        runs: p.runs,
        median: p.median,
        min: p.min,
        max: p.max,
        change: c === undefined ? "" : c.regression ? "regression" : "improvement",
        ratio: c?.ratio?.estimate ?? null,
        ratio_low: c?.ratio && Number.isFinite(c.ratio.low) ? c.ratio.low : null,
        ratio_high: c?.ratio && Number.isFinite(c.ratio.high) ? c.ratio.high : null,
        confidence: c?.ratio?.confidence ?? null,
        p_value: c?.pValue ?? null,
      };
    }),
  );
}

export const HISTORY_FORMATS = ["text", "csv", "json"] as const;
export type HistoryFormat = (typeof HISTORY_FORMATS)[number];

export const HISTORY_EXPORTERS: Readonly<Record<HistoryFormat, Exporter<HistoryReport, unknown>>> = {
  text: historyTextExporter,
  csv: historyCsvExporter,
  json: jsonExporter,
};
