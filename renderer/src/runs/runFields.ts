// The runs table's fields: one per column a user can show, sort, filter by and plot. The run's own
// (id, campaign, design, workload, repetition, status), each design variable (var.<name>), each feature
// (feat.<name>: the workload's, with what the run reported laid over them) and each measure any run
// recorded (metric.<name>, in its unit). Values are read from runs.list's rows and runs.attributes'
// columns by the run's place, so 100,000 runs cost no record per run and field.
import type { RunAttributes, RunRow, VariableValue } from "../../../engine/api/types.js";
import type { Column } from "../shared/columns.js";
import type { FilterField } from "../../../engine/campaign/runFilter.js";
import { MEASURES, MEASURE_INFO, measureOf, type MeasureName } from "../../../engine/campaign/measures.js";
import { formatMeasure, type MeasureUnit } from "../../../engine/format/numbers.js";

/** A run of the table: its row and its place in runs.attributes' columns (-1: none there). */
export interface RunRecord {
  readonly row: RunRow;
  readonly at: number;
  /** What a word of the filter searches (campaign, id, design, workload, status, message), lowercased once per load. */
  readonly text: string;
}

export type Value = number | string | boolean | null;

export interface RunField extends FilterField {
  readonly group: "run" | "var" | "feat" | "metric";
  readonly get: (r: RunRecord) => Value;
  readonly unit: MeasureUnit | null;
  readonly title: string;
}

export function runRecords(rows: readonly RunRow[], attributes: RunAttributes | null): RunRecord[] {
  const at = new Map(attributes?.runIds.map((id, i) => [id, i]) ?? []);
  return rows.map((row) => ({ row, at: at.get(row.id) ?? -1, text: searchText(row) }));
}

const searchText = (r: RunRow) =>
  [`#${r.campaignId ?? ""}`, String(r.id), r.design, r.workload, r.status, r.message, r.hasCct ? "cct" : ""]
    .join(" ")
    .toLowerCase();

const runField = (name: string, kind: "text" | "number", get: (r: RunRow) => Value, title: string): RunField => ({
  name,
  kind,
  group: "run",
  unit: null,
  get: (r) => get(r.row),
  title,
});

const RUN_FIELDS: readonly RunField[] = [
  runField("id", "number", (r) => r.id, "the run's number"),
  runField("campaign", "number", (r) => r.campaignId, "the campaign's number (none: an imported trace)"),
  runField("design", "text", (r) => r.design, "the design the run ran"),
  runField("workload", "text", (r) => r.workload, "the workload the run ran"),
  runField("repetition", "number", (r) => (r.warmup ? null : r.repetition), "the repetition (none: a warm-up run)"),
  runField("status", "text", (r) => r.status, "how the run ended"),
];

/** Every field of these runs: the run's own, then variables, features and the measures recorded. */
export function runFields(records: readonly RunRecord[], attributes: RunAttributes | null): RunField[] {
  const variables = (attributes?.variables ?? []).map((c): RunField => {
    const numeric = c.values.every((v) => v === null || typeof v === "number");
    return {
      name: `var.${c.name}`,
      kind: numeric ? "number" : "text",
      group: "var",
      unit: null,
      get: (r) => (r.at < 0 ? null : (c.values[r.at] as VariableValue | null)),
      title: `the design variable ${c.name}`,
    };
  });
  const features = (attributes?.features ?? []).map((c): RunField => ({
    name: `feat.${c.name}`,
    kind: "number",
    group: "feat",
    unit: null,
    get: (r) => (r.at < 0 ? null : c.values[r.at]),
    title: `the feature ${c.name}`,
  }));
  const recorded = MEASURES.filter((m) => records.some((r) => measureOf(r.row, m) !== null));
  const metrics = recorded.map((m: MeasureName): RunField => ({
    name: `metric.${m}`,
    kind: "number",
    group: "metric",
    unit: MEASURE_INFO[m].unit,
    get: (r) => measureOf(r.row, m),
    title: `${MEASURE_INFO[m].title}: ${MEASURE_INFO[m].description}`,
  }));
  return [...RUN_FIELDS, ...variables, ...features, ...metrics];
}

/** A field's value as the table shows it: a measure in its unit, a feature as it was given. */
export function fieldText(f: RunField, v: Value): string {
  if (v === null) return "—";
  if (f.name === "campaign") return `#${v}`;
  if (f.unit !== null && typeof v === "number") return formatMeasure(f.unit, v);
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : String(+v.toPrecision(6));
  return String(v);
}

/** The table's column of a field; numbers sort as numbers, a missing value with the smallest. */
export function fieldColumn(f: RunField): Column<RunRecord> {
  const short = f.name.replace(/^(var|feat|metric)\./, "");
  return {
    key: f.name,
    label: f.group === "run" ? (f.name === "repetition" ? "rep" : f.name) : short,
    text: (r) => fieldText(f, f.get(r)),
    sort:
      f.kind === "number"
        ? (r) => {
            const v = f.get(r);
            return typeof v === "number" ? v : NaN;
          }
        : undefined,
    numeric: f.kind === "number",
    width: f.group === "run" ? RUN_WIDTHS[f.name] : "minmax(4.5rem, 1fr)",
    // No title of its own: the header's is "sort by <label>"; the column chooser says what each field is.
  };
}

const RUN_WIDTHS: Readonly<Record<string, string>> = {
  id: "4rem",
  campaign: "5.5rem",
  design: "minmax(5.5rem, 1.2fr)",
  workload: "minmax(5.5rem, 1.2fr)",
  repetition: "3.5rem",
  status: "6.5rem",
};

/** How many features are shown before the user chooses: a run may report dozens, and the table must fit. */
export const DEFAULT_FEATURES = 3;

/** Measures hidden until chosen: CPU time (user + system) stands for both. */
const HIDDEN_METRICS = new Set(["metric.user", "metric.sys"]);

/** The columns shown when the address names none: the run's own, every variable, the first features, the measures. */
export function defaultColumns(fields: readonly RunField[]): string[] {
  const features = fields.filter((f) => f.group === "feat").slice(0, DEFAULT_FEATURES);
  return fields
    .filter((f) => (f.group !== "feat" || features.includes(f)) && !HIDDEN_METRICS.has(f.name))
    .map((f) => f.name);
}
