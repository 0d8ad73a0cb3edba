// The read models of a workspace: projects, workloads, designs, campaigns and
// runs as the views, the command line and the reports see them. Plain data,
// defined once here (pure) so the store fills them, the API carries them and
// the exporters render them without any of those importing another's types.
import type { Summary } from "../stats/summary.js";
import type { MeasureInfo } from "./measures.js";

export interface ProjectSummary {
  readonly id: number;
  readonly name: string;
  readonly workloads: number;
  readonly designs: number;
  readonly campaigns: number;
  readonly runs: number;
  readonly lastActivity: string | null;
}

export interface WorkloadInfo {
  readonly id: number;
  readonly name: string;
  readonly argv: string[];
  readonly features: Record<string, number>;
  readonly requests: number | null;
  readonly runs: number;
}

export interface DesignInfo {
  readonly id: number;
  readonly name: string;
  readonly variables: Record<string, string | number | boolean>;
  readonly runs: number;
}

export interface RunRow {
  readonly id: number;
  readonly campaignId: number | null;
  readonly design: string | null;
  readonly workload: string | null;
  readonly repetition: number | null;
  readonly warmup: boolean;
  readonly attempt: number;
  readonly status: string;
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly wallNs: number | null;
  readonly userNs: number | null;
  readonly sysNs: number | null;
  readonly peakRssKb: number | null;
  readonly message: string | null;
  /** The run holds a calling-context tree (it was traced). */
  readonly hasCct: boolean;
  /** The Slurm node it ran on; null for a run of this machine. */
  readonly node: string | null;
  /** What its profiler measured beyond rusage, by measure name (campaign/measures.ts). */
  readonly measures: Readonly<Record<string, number>>;
  /** "timing": the plain, unprofiled run of a pair whose other run is profiled (a spec's `timing`). */
  readonly role: "timing" | null;
  /** What other processes took of the CPU time of the CPUs it could use while it ran, and how many those are
   * (campaign/interference.ts); null for a run recorded before Varbench measured it, or imported. */
  readonly otherCpuNs: number | null;
  readonly usableCpus: number | null;
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
  /** The process running the campaign, while one is. */
  readonly runnerPid: number | null;
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
  /** The measure's values of the succeeded, measured runs that recorded it, in run order. */
  readonly values: readonly number[];
  readonly summary: Summary | null;
  /** Slurm nodes the measured runs ran on, with their counts; more than one makes the node a factor of
   * these statistics (the wall times mix two machines' speeds). Empty for runs of this machine. */
  readonly nodes: Readonly<Record<string, number>>;
}

export interface CampaignDetail {
  readonly campaign: CampaignInfo;
  readonly designs: readonly string[];
  /** In workload order (campaign/workloadOrder.ts). */
  readonly workloads: readonly string[];
  /** What the groups' values are: the campaign's measure (its profiler's by default) or the one asked for. */
  readonly measure: MeasureInfo;
  /** The measures these runs recorded, the default first. */
  readonly measures: readonly MeasureInfo[];
  /** Which runs the values come from, in words ("the plain timing runs, no profiler", "the uftrace traces"). */
  readonly basis: string;
  /** Each repetition ran once plain and once profiled (the spec's `timing`). */
  readonly paired: boolean;
  readonly repetitions: number;
  readonly warmups: number;
  /** Designs in the spec's order, each with its workloads in workload order. */
  readonly groups: readonly DistributionGroup[];
  /** The analyses whose reads its profiler records (each descriptor's `reads`, cct/profilerRecords.ts): the links its page offers. */
  readonly analyses: readonly string[];
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
  /** Per profiler, the programs it needs that this machine lacks, and how to install them. */
  readonly available: readonly ProfilerAvailability[];
  readonly repetitions: number;
  readonly warmups: number;
  readonly profiler: string;
}

export interface ProfilerAvailability {
  readonly name: string;
  /** Programs not found on the PATH. */
  readonly missing: readonly string[];
  /** The command that installs them on this system (or words, where none is known); null when none is missing. */
  readonly install: string | null;
}

export interface ArtifactInfo {
  readonly id: number;
  readonly kind: string;
  readonly name: string;
  /** For a stored directory (a uftrace recording), the total of its files. */
  readonly sizeBytes: number;
  readonly sha256: string;
  readonly mediaType: string;
}

export interface ThreadLabel {
  /** "pid/tid" */
  readonly key: string;
  readonly pid: number;
  readonly tid: number;
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
