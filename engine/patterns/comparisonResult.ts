// What a design comparison by execution patterns gives (paper 004 §5): plain
// data for the command line, the workbench and reports.
import type { MeasureInfo as MetricInfo } from "../campaign/measures.js";
import type { ExecutionPatternsResult } from "./result.js";
import type { Speedup } from "../verdict/speedup.js";

export interface PatternRow {
  /** A pattern's name, or "unmatched" for Table 4's last row. */
  readonly pattern: string;
  readonly runsA: number;
  readonly runsB: number;
  /** The pattern's share of each design's runs: the pattern distribution (Fig. 15). */
  readonly shareA: number;
  readonly shareB: number;
  readonly meanA: number | null;
  readonly meanB: number | null;
  /** The ratio of the pattern's two means where both designs show it (a point estimate: no interval). */
  readonly speedup: Speedup | null;
}

export interface MatchedPair {
  readonly pattern: string;
  readonly runA: number;
  readonly runB: number;
  readonly metricA: number;
  readonly metricB: number;
  /** Distance between the two runs' aligned PCVs. */
  readonly distance: number;
}

export interface StrategyResult {
  /** How many times faster one design ran under the strategy (verdict/speedup.ts). */
  readonly speedup: Speedup;
  /** Matched pairs (M-Run) or patterns (C-Pattern, A-Pattern) it rests on. */
  readonly basis: number;
}

export interface Strategies {
  /** The geometric mean of the matched pairs' ratios, with the paired t interval of their logs. */
  readonly mRun: StrategyResult | null;
  /** The common patterns' means summed per design, each pattern counting once (a point estimate). */
  readonly cPattern: StrategyResult | null;
  /** The mean of each design's pattern means, every pattern counting once (a point estimate). */
  readonly aPattern: StrategyResult;
}

export interface Baselines {
  readonly meanA: number;
  readonly meanB: number;
  /** The ratio of means with Welch's interval on the log scale (the normality baseline); null where a mean is not positive. */
  readonly means: Speedup | null;
  /** Runs each design needs for its mean's interval to be within ± precision × mean (Georges et al.; 004 §2.1);
   * null with a single run or a mean of 0. */
  readonly runsNeededA: number | null;
  readonly runsNeededB: number | null;
  readonly mannWhitney: { readonly u: number; readonly p: number; readonly method: "exact" | "normal" };
  /** The Hodges–Lehmann ratio run against run with Moses' interval; null where a value is not positive. */
  readonly medians: Speedup | null;
  /** Georges et al.'s visual test: each mean's interval, and whether they overlap. */
  readonly visual: {
    readonly a: { readonly low: number; readonly high: number; readonly mean: number };
    readonly b: { readonly low: number; readonly high: number; readonly mean: number };
    readonly overlap: boolean;
  };
  /** Share of run pairs in which B's run was lower, ties counting half. */
  readonly bLowerPairs: number;
}

export interface DesignComparison {
  readonly labels: { readonly a: string; readonly b: string };
  readonly metric: MetricInfo;
  /** The runs of both designs clustered together; a run's group is "A" or "B". */
  readonly patterns: ExecutionPatternsResult;
  readonly rows: readonly PatternRow[];
  readonly unmatched: PatternRow | null;
  readonly matched: readonly MatchedPair[];
  readonly strategies: Strategies;
  readonly baselines: Baselines;
  readonly confidence: number;
  readonly precision: number;
}

export interface DesignComparisonResult extends DesignComparison {
  /** The comparison in plain words: what each strategy and baseline says, and where they disagree. */
  readonly verdict: readonly string[];
}
