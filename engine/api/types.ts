// The plain, versioned data that crosses the API (DESIGN.md "The API"): what
// the renderer, the CLI, Electron and the reports receive. No class instances,
// no typed arrays, nothing that JSON or structured clone would change.
import type { Summary } from "../stats/summary.js";
import type { ComparedContext, SideStats } from "../cct/compare.js";
import type { DetectionRow, DominantVarianceResult } from "../variance/result.js";
import type { RunListRow } from "../store/campaignQueries.js";
import type { DesignRow, ProjectCounts, WorkloadRow } from "../store/projectQueries.js";
import type { ContextRow } from "../cct/query.js";

/** Bumped whenever a type here changes shape. */
export const API_VERSION = 1;

export type { Summary, ComparedContext, SideStats, DominantVarianceResult, DetectionRow };

// The engine's read models cross the API as they are: plain rows, one definition each.
export type ProjectSummary = ProjectCounts;
export type WorkloadInfo = WorkloadRow;
export type DesignInfo = DesignRow;
export type RunRow = RunListRow;
export type ContextStats = ContextRow;

/** Detection patterns of a profiling run, evaluated on a regression run when one is given (001 §4). */
export interface PatternsResult {
  readonly label: string;
  readonly profiling: readonly DetectionRow[];
  readonly regression: { readonly label: string; readonly rows: readonly DetectionRow[]; readonly overlap: number } | null;
}

export interface WorkspaceInfo {
  readonly apiVersion: number;
  readonly dir: string;
  readonly schemaVersion: number;
  readonly counts: Readonly<Record<string, number>>;
}

export interface CampaignInfo {
  readonly id: number;
  readonly projectId: number;
  readonly project: string;
  readonly name: string;
  readonly status: string;
  readonly profiler: string;
  readonly seed: number;
  readonly createdAt: string;
  readonly finishedAt: string | null;
  /** Current runs by status (interrupted attempts counted apart). */
  readonly counts: Readonly<Record<string, number>>;
  readonly total: number;
  readonly done: number;
  /** Queued, interrupted or cancelled runs remain and no runner is at work. */
  readonly canResume: boolean;
  readonly canCancel: boolean;
}

export interface ProjectDetail {
  readonly project: ProjectSummary;
  readonly workloads: readonly WorkloadInfo[];
  readonly designs: readonly DesignInfo[];
  readonly campaigns: readonly CampaignInfo[];
}

export interface DistributionGroup {
  readonly design: string;
  readonly workload: string;
  /** Wall times of the succeeded, measured runs, in run order. */
  readonly wallNs: readonly number[];
  readonly summary: Summary | null;
}

export interface CampaignDetail {
  readonly campaign: CampaignInfo;
  readonly designs: readonly string[];
  readonly workloads: readonly string[];
  readonly repetitions: number;
  readonly warmups: number;
  readonly groups: readonly DistributionGroup[];
}

export interface LaunchOptions {
  readonly projectId: number;
  /** The campaign whose spec (commands, build steps, folder) a new one reuses; null: none can be. */
  readonly templateCampaignId: number | null;
  /** Every campaign that can serve as the template, newest first. */
  readonly templates: readonly { readonly id: number; readonly name: string; readonly profiler: string }[];
  readonly why: string | null;
  readonly designs: readonly string[];
  readonly workloads: readonly string[];
  readonly profilers: readonly string[];
  readonly repetitions: number;
  readonly warmups: number;
  readonly profiler: string;
}

export interface ArtifactInfo {
  readonly id: number;
  readonly kind: string;
  readonly name: string;
  readonly sizeBytes: number;
  readonly sha256: string;
  readonly mediaType: string;
}

export interface ThreadLabel {
  /** "pid/tid" */
  readonly key: string;
  readonly name: string | null;
  readonly contexts: number;
}

export interface RunDetail {
  readonly run: RunRow;
  readonly project: string;
  readonly createdAt: string;
  readonly startedAt: string | null;
  readonly finishedAt: string | null;
  readonly voluntarySwitches: number | null;
  readonly involuntarySwitches: number | null;
  readonly argv: readonly string[] | null;
  readonly environment: Readonly<Record<string, unknown>>;
  readonly features: Readonly<Record<string, number>>;
  readonly stdoutTail: string | null;
  readonly stderrTail: string | null;
  readonly artifacts: readonly ArtifactInfo[];
  /** Threads of the run's CCT; null when the run holds none. */
  readonly threads: readonly ThreadLabel[] | null;
  readonly events: number | null;
  readonly warnings: readonly string[];
}

export interface CctTable {
  readonly runId: number;
  readonly thread: string | null;
  /** Inclusive time of the root's children: the whole recorded time. */
  readonly totalNs: number;
  readonly rows: readonly ContextStats[];
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

export interface ComparisonSide {
  readonly label: string;
  readonly runIds: readonly number[];
  readonly wallNs: readonly number[];
  readonly wall: Summary | null;
  /** How many of its runs hold a CCT. */
  readonly withCct: number;
}

export interface Comparison {
  readonly a: ComparisonSide;
  readonly b: ComparisonSide;
  /** Relative change below which a context counts as unchanged. */
  readonly minRelativeChange: number;
  readonly slower: readonly ComparedContext[];
  readonly faster: readonly ComparedContext[];
  readonly unchanged: number;
}

export interface ReportFile {
  readonly fileName: string;
  readonly mediaType: string;
  readonly text: string;
}

export interface CampaignProgressEvent {
  readonly campaignId: number;
  readonly status: string;
  readonly counts: Readonly<Record<string, number>>;
  readonly total: number;
  readonly done: number;
  readonly etaMs: number | null;
  readonly run: { readonly id: number; readonly design: string; readonly workload: string; readonly warmup: boolean; readonly status: string } | null;
  readonly message: string | null;
}
