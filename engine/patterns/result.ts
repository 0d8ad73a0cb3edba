// What execution-pattern analysis gives (paper 004): plain data for the
// command line, the workbench and reports alike.
import type { SplitDecision } from "./bic.js";
import type { MeasureInfo as MetricInfo } from "../campaign/measures.js";
import type { PatternParameters } from "./parameters.js";

export interface MetricSummary {
  readonly n: number;
  readonly mean: number;
  /** Sample σ / mean; 0 for one run. */
  readonly cov: number;
  readonly min: number;
  readonly max: number;
}

export interface PatternRun {
  readonly runId: number;
  /** The group the run belongs to: its design, or the side of a comparison ("A", "B"). */
  readonly group: string;
  readonly workload: string | null;
  /** Index into patterns. */
  readonly pattern: number;
  /** Null where the run did not record the metric. */
  readonly metric: number | null;
  /** Euclidean distance of its aligned PCV to its pattern's centroid. */
  readonly distance: number;
  /** The run on the first two principal axes of all aligned PCVs. */
  readonly x: number;
  readonly y: number;
  /** The alignment matrix row (004 Fig. 10): the thread id in each slot, null where empty. */
  readonly slots: readonly (number | null)[];
  /** Threads that fit no slot (more of one kind than the model has room for). */
  readonly overflow: readonly number[];
}

export interface Pattern {
  /** "P1", "P2", … by number of runs, most first. */
  readonly name: string;
  readonly runs: readonly number[];
  /** The run nearest the centroid. */
  readonly representative: number;
  /** Runs per group. */
  readonly groups: Readonly<Record<string, number>>;
  readonly metric: MetricSummary | null;
  /** Mean busy share per slot (rows) and aligned interval (columns): the pattern's shape. */
  readonly activity: readonly (readonly number[])[];
  /** The farthest member's distance to the centroid. */
  readonly radius: number;
  /** How many of two halves of the runs, each clustered on its own, reproduce this pattern
   * (bic.ts, stability.ts; 004 §5.3); absent from results of analysis versions before 3. */
  readonly reproducedBy?: number;
}

export interface SlotInfo {
  /** "kind 1 #2": the second thread (by start) of the busiest kind. */
  readonly label: string;
  readonly kind: number;
  readonly rank: number;
  /** The name most threads in this slot carry. */
  readonly threadName: string;
}

export interface ExecutionPatternsResult {
  readonly label: string;
  readonly source: "uftrace" | "sampler";
  readonly metric: MetricInfo;
  readonly parameters: PatternParameters & { readonly dims: number };
  readonly runs: readonly PatternRun[];
  readonly patterns: readonly Pattern[];
  readonly slots: readonly SlotInfo[];
  /** Always empty since thread kinds are roles (threadAlignment.ts: no split is tried among threads);
   * kept so results stored by earlier versions and their readers keep one shape. */
  readonly threadSplits: readonly SplitDecision[];
  /** The splits tried while choosing K (bic.ts, 004 §3.2.3), each with the gate that decided it. */
  readonly patternSplits: readonly SplitDecision[];
  /** Distinct patterns seen after the first n runs in the order they ran (004 §5.3). */
  readonly discovery: readonly number[];
  /** Runs it took until the last pattern first appeared. */
  readonly runsToSeeAll: number;
  /** Runs left out, and why (no timeline, no metric). */
  readonly notes: readonly string[];
}
