// The plain, versioned data that crosses the API (docs/design.md "The API"): what
// the renderer, the CLI, Electron and the reports receive. No class instances,
// no typed arrays, nothing that JSON or structured clone would change. The
// engine's own result and read-model types cross as they are, one definition each.
import type { Summary } from "../stats/summary.js";
import type { ContextRow } from "../cct/query.js";
import type { CampaignInfo } from "../campaign/readModels.js";
import type { HistoryResult } from "../history/history.js";
import type { ContextChange, ContextMeasure } from "../history/explain.js";
import type { MeasureInfo } from "../campaign/measures.js";

/** Bumped whenever a type here changes shape. 2: runs.import also takes benchmark results (Imported). 3: reports.campaign
 * is the campaign report (designs, workload, html/pdf formats), reports.analysis exports one analysis. 4: campaigns.launchOptions
 * says which profilers this machine lacks the programs of (available). 5: a planned campaign and imported results say the
 * version of the program measured (history.project). 6: history.export, and a history change's explanation
 * carries the analyses' ranked findings. */
export const API_VERSION = 6;

export type { Summary };
export type * from "../campaign/readModels.js";
export type { Target, TargetArg, TargetKind } from "../campaign/target.js";
export type { RunAttributes, RunAttributeColumn, VariableValue } from "../campaign/runAttributes.js";
export type { ComparedContext, SideStats } from "../cct/compare.js";
export type { Comparison, ComparisonSide } from "../cct/compareSides.js";
export type { CctTable } from "../cct/table.js";
export type { FlameGraph, FlameStats } from "../flame/flameGraph.js";
export type { FlameDiff, DiffSide } from "../flame/flameDiff.js";
export type {
  DominantVarianceResult,
  DetectionRow,
  PatternsResult,
  VcgResultNode,
  VcgResultSegment,
} from "../variance/result.js";
export type { SweepResult, SweepRow } from "../variance/sweep.js";
export type { ReportFile } from "../report/exporter.js";
export type { ReportFormat } from "../report/exporters.js";
export type { CampaignReport } from "../report/campaignReport/model.js";
export type { AnalysisProgressEvent } from "../analyses/runAnalysis.js";
export type { TraceExport } from "../trace/chrome/chromeTraceWriter.js";
export type { CalibrationFailure, ToolCalibration } from "../verdict/toolCost.js";
export type ContextStats = ContextRow;

export interface WorkspaceInfo {
  readonly apiVersion: number;
  readonly dir: string;
  readonly schemaVersion: number;
  readonly counts: Readonly<Record<string, number>>;
}

export interface ContextDistribution {
  readonly runId: number;
  readonly path: readonly string[];
  readonly threads: readonly string[];
  /** How many invocations the context had. */
  readonly invocations: number;
  /** Their times; when there are too many, an evenly spaced sample of their order statistics. */
  readonly durationsNs: readonly number[];
  /** Statistics of durationsNs. */
  readonly summary: Summary;
}

/** A trace imported as a run. */
export interface ImportedRun {
  readonly kind: "trace";
  readonly runId: number;
  readonly format: string;
  readonly events: number;
  readonly threads: number;
  readonly warnings: readonly string[];
}

/** Benchmark results (hyperfine, Google Benchmark, pyperf JSON) imported as a finished campaign of designs × workloads. */
export interface ImportedResults {
  readonly kind: "results";
  /** "hyperfine", "google-benchmark" or "pyperf". */
  readonly format: string;
  readonly campaignId: number;
  readonly campaignName: string;
  /** Each design's name and the tool's own words for it (its command, its benchmark's name). */
  readonly designs: readonly { readonly name: string; readonly label: string }[];
  readonly workloads: readonly string[];
  readonly runs: number;
  /** Runs that failed (a non-zero exit, an error the benchmark reported): kept, left out of the statistics. */
  readonly failed: number;
  readonly warnings: readonly string[];
  /** The version given for them (runner/programVersion.ts); null: none. */
  readonly version: { readonly label: string; readonly commit: string | null; readonly dirty: boolean | null } | null;
}

/** What runs.import made of a file: a run, or a campaign. */
export type Imported = ImportedRun | ImportedResults;

/** A campaign planned from a spec file. */
export interface PlannedCampaign {
  readonly campaign: CampaignInfo;
  readonly runs: number;
  readonly order: string;
  /** The version of the program it measures (runner/programVersion.ts); null: none known. */
  readonly version: { readonly label: string; readonly commit: string | null; readonly dirty: boolean | null } | null;
}

export interface CampaignProgressEvent {
  readonly campaignId: number;
  readonly status: string;
  readonly counts: Readonly<Record<string, number>>;
  readonly total: number;
  readonly done: number;
  readonly etaMs: number | null;
  readonly run: {
    readonly id: number;
    readonly design: string;
    readonly workload: string;
    readonly warmup: boolean;
    readonly status: string;
  } | null;
  readonly message: string | null;
  /** The runner of this process stopped: the campaign finished or was cancelled, or the runner failed (message). */
  readonly ended: boolean;
  /** Runs an engine that died was running, interrupted and queued again (engineRecovery.ts). */
  readonly requeued?: readonly number[];
}

/** history.project's answer (api/historyHandlers.ts): the series and change points of engine/history, with the
 * campaigns of each version, how the versions were ordered, the measures read, and what was left out. */
export interface HistoryReport extends HistoryResult {
  readonly project: string;
  readonly order: string;
  /** Per version (same index), its campaigns. */
  readonly campaigns: readonly (readonly number[])[];
  readonly measures: readonly MeasureInfo[];
  readonly notes: readonly string[];
  /** Each change point's explanation (engine/history/explain.ts), by series and change index. */
  readonly explanations: readonly HistoryExplanation[];
}

export interface HistoryExplanation {
  readonly series: number;
  readonly change: number;
  /** The versions whose runs were compared, nearest the change on each side. */
  readonly versionsBefore: readonly number[];
  readonly versionsAfter: readonly number[];
  readonly runsBefore: number;
  readonly runsAfter: number;
  /** Ranked: the largest change per run first, in `contextsBy`. */
  readonly contexts: readonly ContextChange[];
  /** What the contexts are ranked by: the series' measure where the CCT holds it (calls), else own time. */
  readonly contextsBy: ContextMeasure;
  /** Why there is nothing to show, when there is not. */
  readonly note: string | null;
  /** What each analysis says of the change (engine/history/findings.ts: its score, a share of the change in
   * [0, 1]), ranked by score; an analysis that cannot answer gives score 0 and says why. */
  readonly findings?: readonly {
    analysis: "contexts" | "execution-patterns" | "trends" | "vcg";
    summary: string;
    details: readonly string[];
    score: number;
  }[];
}
