// A campaign's report as plain data (issue 16): what every format renders —
// HTML, Markdown, CSV, JSON (this very object, its schema in
// docs/schema/campaign-report.schema.json) and PDF (the HTML printed). Tables
// hold raw values with a unit per column, so CSV and JSON keep the numbers and
// the Markdown and HTML format them the same way; charts hold their data, drawn
// by the shared builders of engine/charts.

/** Bumped when a field changes meaning or goes away (new optional fields keep it). */
export const REPORT_SCHEMA_VERSION = 1;

/** How a column's raw values read: nanoseconds, an interval of nanoseconds ([low, high]; two
 * columns in CSV), a fraction shown as a percentage, a count, a plain number or text. */
export type ColumnUnit = "ns" | "nsInterval" | "percent" | "count" | "number" | "text";

export interface ReportColumn {
  readonly key: string;
  readonly label: string;
  readonly unit: ColumnUnit;
}

export type Cell = string | number | null | readonly [number, number];

export interface ReportTable {
  /** Stable within a schema version: the CSV file's name and the HTML anchor. */
  readonly id: string;
  readonly title: string;
  readonly columns: readonly ReportColumn[];
  readonly rows: readonly (readonly Cell[])[];
}

export type ReportChart =
  | { readonly id: string; readonly title: string; readonly kind: "distribution"; readonly groups: readonly { readonly label: string; readonly valuesNs: readonly number[] }[] }
  | { readonly id: string; readonly title: string; readonly kind: "shares"; readonly categories: readonly string[]; readonly series: readonly { readonly name: string; readonly values: readonly number[] }[] };

export interface ReportSection {
  readonly id: string;
  readonly title: string;
  readonly paragraphs: readonly string[];
  readonly tables: readonly ReportTable[];
  readonly charts: readonly ReportChart[];
}

/** The first page's answer: which design is faster, by how much, under which strategy, with what confidence. */
export interface Headline {
  /** "A", "B", or null when the data show no difference at the confidence asked. */
  readonly faster: "A" | "B" | null;
  /** (A − B) / A under `strategy`: positive when B is lower. */
  readonly improvement: number;
  readonly strategy: string;
  readonly confidence: number;
  /** The interval of the improvement where the strategy has one. */
  readonly interval: { readonly low: number; readonly high: number } | null;
  /** Mann–Whitney's p over all runs of the two designs. */
  readonly p: number | null;
  readonly sentence: string;
  /** Where the baselines and strategies disagree, in plain words. */
  readonly disagreements: readonly string[];
}

export interface Provenance {
  readonly varbench: string;
  readonly generatedAt: string;
  readonly workspace: string;
  readonly campaign: { readonly id: number; readonly name: string; readonly project: string; readonly profiler: string; readonly seed: number; readonly status: string };
  readonly designs: { readonly a: string; readonly b: string; readonly workload: string | null } | null;
  /** Every run the report rests on. */
  readonly runIds: readonly number[];
  /** Each analysis run for it, with the arguments it was given. */
  readonly analyses: readonly { readonly kind: string; readonly args: Readonly<Record<string, unknown>> }[];
  /** The command that makes the same report again. */
  readonly command: string;
}

export interface CampaignReport {
  readonly schema: "varbench-campaign-report";
  readonly schemaVersion: typeof REPORT_SCHEMA_VERSION;
  readonly title: string;
  readonly provenance: Provenance;
  readonly headline: Headline | null;
  readonly sections: readonly ReportSection[];
  /** Sections left out, and why (no traces, one workload, …). */
  readonly notes: readonly string[];
}
