// The one API contract (docs/style.md "One typed API"): every method with the schema
// that validates its arguments at each transport's boundary and the type of its
// result, and every event. Every transport is driven by it: the engine worker
// (the command line, and behind the next two), the HTTP + WebSocket server
// (browser mode), the Electron IPC bridge, and the in-process client (tests, the
// demo), so adding a method is one entry here and one handler among its noun's
// (workspaceHandlers.ts, runHandlers.ts…, gathered by service.ts). The
// analyses.* methods come from the analysis registry (engine/analyses/registry.ts):
// one per analysis kind, with the analysis' own argument schema and result type.
import * as z from "zod";
import { nameSchema as name } from "../campaign/names.js";
import { targetSchema } from "../campaign/targetSchema.js";
import { MAX_COVARIANCE_CHILDREN } from "../cct/cct.js";
import { MEASURES } from "../campaign/measures.js";
import { REPORT_FORMATS } from "../report/exporters.js";
import { EXPORTABLE_KINDS } from "./analysisExports.js";
import { HISTORY_FORMATS } from "./historyExports.js";
import type { Analyses, AnalysisKind } from "../analyses/registry.js";
import type { ArgsIn, ResultOf as AnalysisResult } from "../analyses/descriptor.js";
import type * as T from "./types.js";
import type { RunLocationCosts } from "../trace/locationCosts.js";
import { DEFAULT_FDR, DEFAULT_MIN_MAGNITUDE, DEFAULT_MIN_SEGMENT } from "../history/parameters.js";

const id = z.number().int().positive();
/** A campaign's run-order seed, recorded with it (campaign/spec.ts takes the same range). */
const runOrderSeed = () =>
  z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1);
/** A thread of a CCT as "pid/tid"; null or absent: all threads merged. */
const thread = () =>
  z
    .string()
    .regex(/^\d+\/\d+$/, 'a thread as "pid/tid"')
    .nullable()
    .default(null);

/** A method: its argument schema; R is its result type (never validated: the engine makes it). */
export interface MethodDef<A extends z.ZodType, R> {
  readonly args: A;
  /** Carries the result type only. */
  readonly result?: R;
}
/** A method whose schema is made when it is first asked for: a command calls one or two methods, and making
 * all thirty of zod's schemas when the module loads was about a tenth of `varbench cct`'s start. */
const method =
  <R>() =>
  <A extends z.ZodType>(make: () => A): MethodDef<A, R> => {
    let args: A | undefined;
    return {
      get args() {
        return (args ??= make());
      },
    };
  };
const none = z.strictObject({});
/** A version's label: a tag, a commit, a release name (runner/programVersion.ts). */
const versionLabel = () =>
  z
    .string()
    .trim()
    .min(1, "a version label")
    .max(200, "at most 200 characters")
    .regex(/^[^\s-][^\s]*$/, "one word, not starting with '-'");

export const METHODS = {
  "workspace.info": method<T.WorkspaceInfo>()(() => none),
  "workspace.recent": method<readonly string[]>()(() => none),
  "workspace.open": method<T.WorkspaceInfo>()(() => z.strictObject({ dir: z.string().min(1) })),
  "projects.list": method<readonly T.ProjectSummary[]>()(() => none),
  "projects.get": method<T.ProjectDetail>()(() => z.strictObject({ projectId: id })),
  "projects.create": method<T.ProjectSummary>()(() => z.strictObject({ name })),
  "workloads.list": method<readonly T.WorkloadInfo[]>()(() => z.strictObject({ projectId: id })),
  "designs.list": method<readonly T.DesignInfo[]>()(() => z.strictObject({ projectId: id })),
  "campaigns.list": method<readonly T.CampaignInfo[]>()(() => z.strictObject({ projectId: id.optional() })),
  "campaigns.get": method<T.CampaignDetail>()(() =>
    z.strictObject({ campaignId: id, measure: z.enum(MEASURES).nullable().default(null) }),
  ),
  "campaigns.launchOptions": method<T.LaunchOptions>()(() =>
    z.strictObject({ projectId: id, templateCampaignId: id.optional() }),
  ),
  "campaigns.launch": method<T.CampaignInfo>()(() =>
    z.strictObject({
      projectId: id,
      templateCampaignId: id.optional(),
      name: name.optional(),
      designs: z.array(name).min(1, "pick at least one design"),
      workloads: z.array(name).min(1, "pick at least one workload"),
      repetitions: z.number().int().min(1, "at least 1").max(10_000, "at most 10,000"),
      warmups: z.number().int().min(0, "0 or more").max(100, "at most 100").default(0),
      profiler: z.string().min(1),
      seed: runOrderSeed().optional(),
    }),
  ),
  /** A campaign planned from a spec file (a path on this machine: command line and desktop window only), then started. */
  "campaigns.launchSpec": method<T.PlannedCampaign>()(() =>
    z.strictObject({
      spec: z.string().min(1),
      seed: runOrderSeed().optional(),
      /** The version of the program measured (history); absent: the git revision of the spec's folder, dirty or not. */
      version: versionLabel().optional(),
    }),
  ),
  /** hyperfine's everyday use (`varbench bench 'cmd A' 'cmd B'`): commands compared as a campaign of their own
   * (campaign/benchSpec.ts), planned, stored and started; relative paths are taken from `cwd`. */
  "campaigns.bench": method<T.PlannedCampaign>()(() =>
    z.strictObject({
      commands: z.array(z.string().min(1)).min(1, "give at least one command to time").max(64),
      names: z.array(z.string()).max(64).optional(),
      runs: z.number().int().min(1).max(100_000).default(10),
      warmup: z.number().int().min(0).max(100_000).default(0),
      parameters: z
        .array(z.strictObject({ name: z.string(), values: z.array(z.string()).max(1000) }))
        .max(8)
        .default([]),
      profiler: z.string().default("time"),
      profilerOptions: z.array(z.string()).default([]),
      shell: z.enum(["sh", "none"]).optional(),
      project: z.string().default("bench"),
      name: z.string().optional(),
      timeout: z.string().optional(),
      cwd: z.string().min(1),
      seed: runOrderSeed().optional(),
    }),
  ),
  "campaigns.cancel": method<T.CampaignInfo>()(() => z.strictObject({ campaignId: id })),
  "campaigns.resume": method<T.CampaignInfo>()(() => z.strictObject({ campaignId: id })),
  /** Measures uftrace's own cost per call again on this machine, for the record options of a campaign under uftrace
   * (runner/calibrate.ts), replacing what the workspace and the machine kept. */
  "campaigns.calibrate": method<T.ToolCalibration | T.CalibrationFailure>()(() => z.strictObject({ campaignId: id })),
  "runs.list": method<readonly T.RunRow[]>()(() =>
    z.strictObject({ campaignId: id.optional(), projectId: id.optional() }),
  ),
  /** The features and design variables of the runs runs.list gives for the same arguments, by column (campaign/runAttributes.ts). */
  "runs.attributes": method<T.RunAttributes>()(() =>
    z.strictObject({ campaignId: id.optional(), projectId: id.optional() }),
  ),
  "runs.get": method<T.RunDetail>()(() => z.strictObject({ runId: id })),
  /** A file on this machine (command line and desktop window only), found out by its content (trace/detect.ts): a trace file or
   * uftrace data directory stored as a run, or benchmark results (hyperfine, Google Benchmark, pyperf JSON) stored as a finished
   * campaign whose designs × workloads are the tool's; `campaignName` names that campaign, `maxChildren` applies to traces. */
  "runs.import": method<T.Imported>()(() =>
    z.strictObject({
      trace: z.string().min(1),
      project: name,
      workload: name.optional(),
      design: name.optional(),
      maxChildren: z.number().int().positive().max(MAX_COVARIANCE_CHILDREN).optional(),
      campaignName: name.optional(),
      /** Benchmark results: the version of the program they measured (history); absent: none recorded. */
      version: versionLabel().optional(),
    }),
  ),
  /** A file the page uploaded (browser mode's file drop: POST /api/upload, engine/api/uploads.ts), imported as runs.import
   * imports a file, then removed whatever happens. `upload` is the folder the server made for it, `name` the file's own name. */
  "runs.importUpload": method<T.Imported>()(() =>
    z.strictObject({
      upload: z.string().regex(/^[0-9a-f]{32}$/, "an upload's id as the server made it"),
      name: z.string().min(1).max(255),
      project: name,
    }),
  ),
  "runs.contextDistribution": method<T.ContextDistribution>()(() =>
    z.strictObject({ runId: id, path: z.array(z.string()).min(1), thread: thread() }),
  ),
  /** A callgrind run's instructions per function, or a gcov run's line executions per function, per file and its hottest
   * lines with their source text (api/runLocationCosts.ts); not-found for a run of another profiler. */
  "runs.locationCosts": method<RunLocationCosts>()(() => z.strictObject({ runId: id })),
  /** A run's trace (or a trace file: command line and desktop window only) written as Chrome Trace Event JSON to `path`, a file on
   * this machine, as it is read; the answer says what the file holds. Not returned as a ReportFile: a trace's JSON can be hundreds
   * of MB. `onCpu`: uftrace, leave the time threads spent switched out out of the timeline. */
  "runs.exportTrace": method<T.TraceExport>()(() =>
    z.strictObject({ target: targetSchema, path: z.string().min(1), onCpu: z.boolean().default(false) }),
  ),
  /** A campaign's report: its wall times and, for two designs (the two it has, or those named), every
   * analysis its profiler allows; workload: one workload's runs only (trends still take every workload). */
  "reports.campaign": method<T.ReportFile>()(() =>
    z.strictObject({
      campaignId: id,
      format: z.enum(REPORT_FORMATS),
      designs: z.tuple([name, name]).optional(),
      workload: name.optional(),
      measure: z.enum(MEASURES).nullable().default(null),
    }),
  ),
  /** One analysis' result in one of its export formats (the views' Export actions): `args` are the
   * analysis' own, checked as analyses.<kind> checks them. */
  "reports.analysis": method<T.ReportFile>()(() =>
    z.strictObject({
      kind: z.enum(EXPORTABLE_KINDS),
      args: z.record(z.string(), z.unknown()),
      format: z.string().min(1),
    }),
  ),
  /** A project's history across the versions its campaigns measured (issue 33): each design × workload × measure
   * series with its change points (engine/history), runs compared only within one environment. */
  "history.project": method<T.HistoryReport>()(() =>
    z.strictObject({
      project: name,
      design: name.optional(),
      workload: name.optional(),
      metric: z.enum(MEASURES).nullable().default(null),
      fdr: z.number().gt(0).lt(1).default(DEFAULT_FDR),
      minSegment: z.number().int().min(2).max(1000).default(DEFAULT_MIN_SEGMENT),
      minMagnitude: z.number().min(0).default(DEFAULT_MIN_MAGNITUDE),
    }),
  ),
  /** A project's history in one of its export formats (the history page's Export action, `varbench history --csv`):
   * `args` are history.project's own, checked as history.project checks them. */
  "history.export": method<T.ReportFile>()(() =>
    z.strictObject({ args: z.record(z.string(), z.unknown()), format: z.enum(HISTORY_FORMATS) }),
  ),
  /** The formats reports.analysis offers for each kind (each analysis' descriptor declares its own). */
  "reports.formats": method<Readonly<Record<string, readonly string[]>>>()(() => z.strictObject({})),
} as const;

/** Events pushed to every client; `onX` on the client side. */
export interface ApiEvents {
  readonly campaignProgress: T.CampaignProgressEvent;
  readonly analysisProgress: T.AnalysisProgressEvent;
}

/** Every event, for the transports that forward them all. */
export const EVENT_NAMES = ["campaignProgress", "analysisProgress"] as const satisfies readonly (keyof ApiEvents)[];

/** The methods written in this table; analyses.* come from the registry. */
export type StaticMethodName = keyof typeof METHODS;
export type AnalysisMethodName = `analyses.${AnalysisKind}`;
export type MethodName = StaticMethodName | AnalysisMethodName;
type KindOf<M> = M extends `analyses.${infer K extends AnalysisKind}` ? K : never;
export type ArgsOf<M extends MethodName> = M extends StaticMethodName
  ? z.input<(typeof METHODS)[M]["args"]>
  : ArgsIn<Analyses[KindOf<M>]>;
export type ParsedArgsOf<M extends StaticMethodName> = z.output<(typeof METHODS)[M]["args"]>;
export type ResultOf<M extends MethodName> = M extends StaticMethodName
  ? NonNullable<(typeof METHODS)[M]["result"]>
  : AnalysisResult<Analyses[KindOf<M>]>;
export type EventName = keyof ApiEvents;

type NounOf<M> = M extends `${infer N}.${string}` ? N : never;
type VerbOf<M, N extends string> = M extends `${N}.${infer V}` ? V : never;
type Call<M> = M extends MethodName ? (args: ArgsOf<M>) => Promise<ResultOf<M>> : never;
type Capitalized<S extends string> = S extends `${infer F}${infer R}` ? `${Uppercase<F>}${R}` : S;

/** The API as callers see it: `api.runs.get({ runId })`, `api.onCampaignProgress(f)`. */
export type VarbenchApi = {
  readonly [N in NounOf<MethodName>]: {
    readonly [V in VerbOf<MethodName, N>]: Call<`${N}.${V}`>;
  };
} & {
  readonly [E in EventName as `on${Capitalized<E>}`]: (listener: (event: ApiEvents[E]) => void) => () => void;
};

/** What every transport moves: a method by name, or an event. */
export type Invoke = (method: MethodName, args: unknown) => Promise<unknown>;
export type Subscribe = (event: EventName, listener: (payload: unknown) => void) => () => void;

/** A method of this table (analyses.* are checked against the registry where it is loaded). */
export function isMethodName(s: string): s is StaticMethodName {
  return Object.hasOwn(METHODS, s);
}
