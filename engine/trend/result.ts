// What empirical complexity analysis gives (paper 002): plain data for the
// command line, the workbench and reports.
import type { BbTrendResult } from "./bbTrendProf.js";
import type { TrendSource } from "./costTables.js";
import type { TrendComparison } from "./designTrends.js";

/** The location that sums every other: the program's whole cost per workload (here, with the
 * result types, so a report's text names it without loading the fitting code). */
export const WHOLE_PROGRAM = "(whole program)";

export interface TrendWorkload {
  readonly runId: number;
  readonly workload: string | null;
  readonly features: Readonly<Record<string, number>>;
}

export interface TrendsResult extends BbTrendResult {
  readonly label: string;
  readonly source: TrendSource;
  /** The features every run has, in the order the fits list them. */
  readonly features: readonly string[];
  /** The runs, one workload each (002 §2.1's columns). */
  readonly runs: readonly TrendWorkload[];
  readonly notes: readonly string[];
}

/** Two designs' scalability compared location by location (designTrends.ts). */
export interface TrendComparisonResult extends TrendComparison {
  readonly labels: { readonly a: string; readonly b: string };
  readonly source: TrendSource;
  /** The feature both designs were fitted to. */
  readonly feature: string;
  readonly notes: readonly string[];
}
