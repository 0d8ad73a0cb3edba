// A campaign's report as plain data (issue 16): what every format renders —
// HTML, Markdown, CSV, JSON (this very object, its schema in
// docs/schema/campaign-report.schema.json) and PDF (the HTML printed). Tables
// hold raw values with a unit per column, so CSV and JSON keep the numbers and
// the Markdown and HTML format them the same way; charts hold their data, drawn
// by the shared builders of engine/charts.

/** Bumped when a field changes meaning or goes away (new optional fields keep it). */
export const REPORT_SCHEMA_VERSION = 2;

/** How a column's raw values read: nanoseconds, an interval of nanoseconds ([low, high]; two
 * columns in CSV), an interval of plain numbers, a fraction shown as a percentage, a ratio (how many
 * times), a count, a plain number or text. */
export type ColumnUnit = "ns" | "nsInterval" | "interval" | "percent" | "ratio" | "count" | "number" | "text";

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
  | {
      readonly id: string;
      readonly title: string;
      readonly kind: "distribution";
      /** The measure's title and unit (campaign/measures.ts). */
      readonly axis: { readonly title: string; readonly unit: "ns" | "KiB" | "count" };
      readonly groups: readonly { readonly label: string; readonly values: readonly number[] }[];
    }
  | {
      readonly id: string;
      readonly title: string;
      readonly kind: "shares";
      readonly categories: readonly string[];
      readonly series: readonly { readonly name: string; readonly values: readonly number[] }[];
    };

export interface ReportSection {
  readonly id: string;
  readonly title: string;
  readonly paragraphs: readonly string[];
  readonly tables: readonly ReportTable[];
  readonly charts: readonly ReportChart[];
}

/** The first page's answer (verdict/speedup.ts's convention): which design is faster, by how many times,
 * in which measure and from which runs, with what confidence. */
export interface Headline {
  /** "A" or "B" shown faster; null when no difference is shown or the verdict is not settled. */
  readonly faster: "A" | "B" | null;
  /** The design with the lower estimate; null when they are equal. */
  readonly lower: "A" | "B" | null;
  /** The other design's estimate over the lower one's: at least 1. */
  readonly ratio: number;
  /** The interval of `ratio`, same orientation; null with a single run on a side. */
  readonly interval: { readonly low: number; readonly high: number } | null;
  readonly confidence: number;
  /** The measure compared, and the runs it comes from. */
  readonly measure: string;
  readonly basis: string;
  /** How the ratio was formed (ratio of means, geometric mean over workloads). */
  readonly method: string;
  /** False where an instrumenting tracer's cost may decide it (verdict/toolCost.ts). */
  readonly settled: boolean;
  readonly sentence: string;
  /** Where the baselines and strategies disagree, and what to be wary of, in plain words. */
  readonly disagreements: readonly string[];
}

export interface Provenance {
  readonly varbench: string;
  readonly generatedAt: string;
  readonly workspace: string;
  readonly campaign: {
    readonly id: number;
    readonly name: string;
    readonly project: string;
    readonly profiler: string;
    readonly seed: number;
    readonly status: string;
  };
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
