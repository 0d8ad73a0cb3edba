// What an analysis is (docs/style.md "every analysis is a function from stored data
// to a plain result object"): a kind, a version, its argument schema with the
// defaults everyone shares, the targets it accepts, a host step that loads
// what it reads (CCTs, traces, run rows) through Sources, and a pure step that
// computes the plain result (both in `steps/<kind>.ts`, imported when it first
// runs); and what the shared tables used to hold: what its
// runs must record (the campaign page and report offer it only then), its export
// formats, and the command-line flag of each argument. The registry lists them;
// the API's analyses.* methods, reports.analysis, the command line's wording of
// refused arguments and the result cache all come from it (README.md here).
import type { z } from "zod";
import type { Target, TargetKind } from "../campaign/target.js";
import type { RunRow } from "../campaign/readModels.js";
import type { Cct } from "../cct/cct.js";
import type { TraceSink } from "../trace/sink.js";
import type { CampaignSpec } from "../campaign/spec.js";
import type { CalibrationFailure, ToolCalibration } from "../verdict/toolCost.js";
import type { Recording } from "../cct/profilerRecords.js";
import type { Exporter } from "../report/exporter.js";
import type { Settled } from "../pool/readerProtocol.js";
import type { TimelinesRequest } from "../pool/runTimelines.js";

/** A target resolved: what it names, worded for people, and the runs behind it (none for a trace). */
export interface Resolved {
  readonly target: Target;
  readonly label: string;
  /** The runs analyses read: profiled runs (a pair's plain timing runs are apart, in `timing`). */
  readonly runs: readonly RunRow[];
  /** A design's or campaign's plain timing runs (the spec's `timing`), the measure of "which is faster"; empty without. */
  readonly timing: readonly RunRow[];
  /** A design's or campaign's measured runs that failed or timed out (their last attempt): said, never analysed. */
  readonly failed: readonly RunRow[];
}

/** How a CCT is to be built. The defaults give a run's stored CCT as it is. */
export interface CctRequest {
  /** uftrace: leave the time threads spent switched out out of every call. */
  readonly onCpu?: boolean;
  readonly maxCovarianceChildren?: number;
  /** The tracer's own cost per recorded call, ns, taken out of every call's time (CctOptions.toolCostNs; 0: none),
   * and the part of it between a call's own records (CctOptions.toolCostInsideNs). */
  readonly toolCostNs?: number;
  readonly toolCostInsideNs?: number;
}

/** What an analysis' load step may read, and how it reports progress. */
export interface Sources {
  /** The target's calling-context tree: a run's stored one, built again when the request asks
   * for other options, the runs of a design or campaign pooled (threads kept apart per run), or a trace read. */
  cct(target: Resolved, request?: CctRequest): Promise<Cct>;
  /** The text of a run's artifact of this kind (e.g. the sampler's "samples"), or null if it has none. */
  artifactText(run: RunRow, kind: string): Promise<string | null>;
  /** A run's numeric features: its workload's, its inputs' as measured, and those it reported. */
  runFeatures(run: RunRow): Promise<Readonly<Record<string, number>>>;
  /** The spec a campaign was planned from (its workloads' roles and requests), or null for none. */
  campaignSpec(campaignId: number): Promise<CampaignSpec | null>;
  /** A campaign's workloads in workload order, with the features that order them (store/campaignQueries.ts). */
  campaignWorkloads(
    campaignId: number,
  ): Promise<readonly { readonly name: string; readonly features: Readonly<Record<string, number>> }[]>;
  /** The tracer's cost per call measured where and as these runs were recorded (runner/calibrate.ts): the
   * calibration, why it could not be measured, or null where none was made. */
  toolCalibration(
    runs: readonly RunRow[],
    tool: string,
    options: readonly string[],
  ): Promise<ToolCalibration | CalibrationFailure | null>;
  /** The target's traces streamed into `sink` once more (a second pass with a watcher). */
  readAgain(target: Resolved, sink: TraceSink, request?: Pick<CctRequest, "onCpu">): Promise<void>;
  /** Each run's per-thread timelines aligned into its PCV (paper 004), or why its trace could not be
   * read, in the runs' order: kept in the workspace once made, the others read in the reader pool. */
  runTimelines(runs: readonly RunRow[], request: TimelinesRequest): Promise<Settled[]>;
  /** Keeps an expensive preparation of a target in memory, keyed by `key`, for the next call. */
  memo<T>(target: Resolved, key: string, make: () => Promise<T>): Promise<T>;
  /** Reports a stage of the work: `done` of `total` units (null: unknown). */
  progress(stage: string, done: number, total: number | null): void;
}

type FieldsOf<S extends z.ZodType> = Extract<keyof z.output<S>, string>;

/** An analysis' export formats by name, each taking its result. */
export type Exporters<R> = Readonly<Record<string, Exporter<R, never>>>;

/** The command-line flag that sets each argument field that has one ("tauS": "--tau"). */
export type Flags<S extends z.ZodType> = { readonly [F in FieldsOf<S>]?: string };

export interface AnalysisDescriptor<
  S extends z.ZodType = z.ZodType,
  I = unknown,
  R = unknown,
  E extends Exporters<R> | null = Exporters<R> | null,
> {
  /** The API method is analyses.<kind>. */
  readonly kind: string;
  /** For messages: "dominant variance analysis". */
  readonly title: string;
  /** Bumped whenever the result for the same inputs and arguments would change: stored results of another version are not served. */
  readonly version: number;
  readonly args: S;
  /** The argument fields that name targets, and the kinds each accepts. */
  readonly targets: { readonly [F in FieldsOf<S>]?: readonly TargetKind[] };
  /** Keep results in the workspace's analyses table (false where reading the input is as quick). */
  readonly cache: boolean;
  /** What a campaign's runs must record for it to apply (cct/profilerRecords.ts); []: any runs. */
  readonly reads: readonly Recording[];
  /** The formats reports.analysis exports its result in; null: none. */
  readonly exporters: E;
  /** The flags that set its arguments, to word a refused argument as the flag (cli/failure.ts). */
  readonly flags: Flags<S>;
  /** Its load and compute steps (`steps/<kind>.ts`), imported when it first runs: a command loads
   * the code of the analyses it runs, not of all of them (issue 32 item 1). */
  steps(): Promise<AnalysisSteps<S, I, R>>;
}

/** What an analysis does: the host step that loads what it reads, and the pure step. */
export interface AnalysisSteps<S extends z.ZodType, I, R> {
  load(sources: Sources, targets: { readonly [F in FieldsOf<S>]?: Resolved }, args: z.output<S>): Promise<I>;
  /** Pure: the plain result; long computations tell their stages to `progress`. */
  compute(input: I, args: z.output<S>, progress: Sources["progress"]): R;
}

/** A descriptor as written: its argument schema made by a function, called on first use. */
export type AnalysisDeclaration<S extends z.ZodType, I, R, E extends Exporters<R> | null> = Omit<
  AnalysisDescriptor<S, I, R, E>,
  "args"
> & { readonly args: () => S };

/** Keeps a descriptor's types tied together where it is written. Its argument schema is built when
 * first asked for: a command validates the arguments of the one analysis it runs, and building
 * every analysis' zod schema at each start would cost it more than that (issue 32 item 1). */
export function defineAnalysis<S extends z.ZodType, I, R, E extends Exporters<R> | null>(
  d: AnalysisDeclaration<S, I, R, E>,
): AnalysisDescriptor<S, I, R, E> {
  const { args: make, ...rest } = d;
  let args: S | undefined;
  return {
    ...rest,
    get args() {
      return (args ??= make());
    },
  };
}

/** Types an analysis' steps by its argument schema (`analysisSteps<typeof cctArgs>()({ load, compute })`). */
export const analysisSteps =
  <S extends z.ZodType>() =>
  <I, R>(steps: AnalysisSteps<S, I, R>): AnalysisSteps<S, I, R> =>
    steps;

export type ArgsIn<D> = D extends { readonly args: infer S extends z.ZodType } ? z.input<S> : never;
export type ResultOf<D> = D extends { steps(): Promise<{ compute(...a: never[]): infer R }> } ? R : never;
