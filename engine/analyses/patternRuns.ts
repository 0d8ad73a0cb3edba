// The host half of execution-pattern analysis (paper 004), shared by the
// executionPatterns, designComparison and patternCheck analyses: each run's
// per-thread timelines read from its uftrace trace or its /proc samples and
// aligned into a PCV (engine/patterns), kept in memory per target, so another
// metric, K or design pair reuses them without reading a trace again.
import * as z from "zod";
import { interferenceNote } from "../campaign/interference.js";
import type { RunRow } from "../campaign/readModels.js";
import { findPatterns, type PatternInput, type PatternInputRun } from "../patterns/findPatterns.js";
import { MEASURE_INFO, measureOf, PROFILER_MEASURES, type MeasureName } from "../campaign/measures.js";
import { PROJECTED_DIMENSIONS, type PatternParameters } from "../patterns/parameters.js";
import { runPcv, type RunPcv } from "../patterns/pcv.js";
import { samplerTimelines, type SampledThread } from "../patterns/samplerTimelines.js";
import { ApiError, isUserError } from "../errors/errors.js";
import type { Resolved, Sources } from "./descriptor.js";
import type { PatternArgs } from "./patternArgs.js";
import { runLabel } from "./resolveTarget.js";

export function patternParameters(a: PatternArgs): PatternParameters {
  return { intervals: a.intervals, kmax: a.kmax, seed: a.seed, alignThreads: a.alignThreads };
}

interface Timelines {
  readonly source: "uftrace" | "sampler";
  readonly pcvs: ReadonlyMap<number, RunPcv>;
  readonly notes: readonly string[];
}

/** The target's runs as clustering input, each in `group(run)`. */
export async function patternRuns(
  sources: Sources,
  target: Resolved,
  a: PatternArgs,
  group: (r: RunRow) => string,
): Promise<Omit<PatternInput, "label">> {
  const t = await sources.memo(target, `timelines ${JSON.stringify([a.source, a.intervals, a.seed])}`, () =>
    readTimelines(sources, target, a),
  );
  const measure = await measureFor(sources, target, a.metric);
  const notes = [...t.notes];
  const runs: PatternInputRun[] = [];
  for (const r of target.runs) {
    const pcv = t.pcvs.get(r.id);
    if (!pcv) continue;
    const metric = measureOf(r, measure);
    if (metric === null)
      notes.push(
        `${runLabel(r)} recorded no ${MEASURE_INFO[measure].title}: clustered, but left out of the metric's statistics`,
      );
    // Run ids follow the order runs were planned and made, across designs too (the discovery curve).
    runs.push({ runId: r.id, group: group(r), workload: r.workload, order: r.id, metric, pcv });
  }
  return { source: t.source, metric: MEASURE_INFO[measure], runs, notes };
}

/** Said beside patterns drawn from runs that shared the machine with other work (campaign/interference.ts), over
 * every run clustered of the targets. */
export async function sharedMachineNote(
  sources: Sources,
  targets: readonly Resolved[],
  clustered: readonly PatternInputRun[],
): Promise<string | null> {
  const ids = new Set(clustered.map((r) => r.runId));
  const runs = targets.flatMap((t) => t.runs).filter((r) => ids.has(r.id));
  const campaigns = [...new Set(runs.map((r) => r.campaignId))];
  const specs = await Promise.all(campaigns.map((id) => (id === null ? null : sources.campaignSpec(id))));
  return interferenceNote(runs, {
    // The clustered runs are the profiled ones, never a pair's plain runs.
    kind: specs.some((s) => s?.timing !== undefined) ? "profiled runs" : "runs",
    effect:
      "paper 004 §2 counts \"the relative execution speed among cores\" in a pattern, so a thread slowed in some runs and not in others makes patterns of its own, and the load's variation can hide the program's: a quiet machine may find other patterns",
    concurrency: Math.max(1, ...specs.map((s) => s?.concurrency ?? 1)),
  });
}

/** The measure the target's campaign's profiler declares (the runs clustered are the profiled ones, never a
 * pair's plain runs'), or the one asked for if the profiler records it. */
async function measureFor(sources: Sources, target: Resolved, asked: MeasureName | null): Promise<MeasureName> {
  const id = target.target.kind === "design" || target.target.kind === "campaign" ? target.target.campaignId : null;
  const spec = id === null ? null : await sources.campaignSpec(id);
  const measures = spec ? PROFILER_MEASURES[spec.profiler.name] : undefined;
  if (!spec || !measures) return asked ?? "wall";
  if (asked !== null && !measures.available.includes(asked)) {
    throw new ApiError(
      "invalid-arguments",
      `${MEASURE_INFO[asked].title} is not recorded under ${spec.profiler.name}: choose one of ${measures.available.join(", ")}`,
      [{ path: "metric", message: `one of ${measures.available.join(", ")}` }],
    );
  }
  return asked ?? measures.default;
}

async function readTimelines(sources: Sources, target: Resolved, a: PatternArgs): Promise<Timelines> {
  const source = a.source === "auto" ? (target.runs.some((r) => r.hasCct) ? "uftrace" : "sampler") : a.source;
  const pcvs = new Map<number, RunPcv>();
  const notes: string[] = [];
  const events = { traced: 0, without: 0 };
  const stage = `per-thread timelines (${source})`;
  const read = source === "uftrace" ? await tracedTimelines(sources, target.runs, a.seed, a.intervals, events) : null;
  for (const [i, r] of target.runs.entries()) {
    sources.progress(stage, i, target.runs.length);
    let pcv: RunPcv | null;
    try {
      pcv = read ? read(i) : await sampledPcv(sources, r, a.intervals);
    } catch (e) {
      // A run whose stored data cannot be read is left out and named; a bug is not.
      if (!isUserError(e)) throw e;
      notes.push(`${runLabel(r)} left out: ${e instanceof Error ? e.message : String(e)}`);
      continue;
    }
    if (pcv === null) notes.push(`${runLabel(r)} has no ${source === "uftrace" ? "trace" : "/proc samples"}: left out`);
    else if (pcv.threads.length === 0)
      notes.push(`${runLabel(r)}: its ${source === "uftrace" ? "trace" : "samples"} show no thread running: left out`);
    else pcvs.set(r.id, pcv);
  }
  sources.progress(stage, target.runs.length, target.runs.length);
  if (events.traced > 0 && events.without === events.traced) notes.push(NO_SCHEDULER_EVENTS);
  if (pcvs.size === 0) {
    const profiled = target.failed.filter((r) => r.role !== "timing").length;
    const how =
      target.runs.length === 0 && profiled > 0
        ? `every profiled run failed (${profiled}), so none left a trace or samples`
        : source === "uftrace"
          ? "run the campaign under uftrace (or choose --source sampler)"
          : "run the campaign under the sampler profiler or uftrace";
    throw new ApiError(
      "not-found",
      `${target.label}: no run has per-thread timelines to find execution patterns in; ${how}${notes.length > 0 ? ` (${notes.slice(0, 3).join("; ")}${notes.length > 3 ? `; ${notes.length - 3} more` : ""})` : ""}`,
    );
  }
  return { source, pcvs, notes };
}

/** Said when no run's trace holds a scheduler event (issue 28: idle_pool recorded with --no-event
 * had main's sem_wait in 15 runs of 24 and its waiting in main's own time in the others). */
const NO_SCHEDULER_EVENTS =
  "no trace holds scheduler events (uftrace --no-event): waiting counts as time in the function that waited, and where library calls were traced too, uftrace drops some at random, so the same wait shows in sem_wait in one run and in its caller in another; record with scheduler events, or with --no-event --no-libcall";

/** The traced runs' timelines (runTimelines.ts: kept in the workspace, or read in the reader pool), as
 * one function of a run's index: its PCV, an empty one when no thread ran, null when it has no trace,
 * or the error its trace gave. Function directions are drawn from the analysis seed (004 §4.1.2's
 * "randomly projected"). */
async function tracedTimelines(
  sources: Sources,
  runs: readonly RunRow[],
  seed: number,
  intervals: number,
  events: { traced: number; without: number },
): Promise<(i: number) => RunPcv | null> {
  const traced = runs.filter((r) => r.hasCct);
  const settled = await sources.runTimelines(traced, { seed, intervals, dims: PROJECTED_DIMENSIONS });
  const byId = new Map(traced.map((r, i) => [r.id, settled[i]]));
  for (const s of settled) {
    if (!s.ok) continue;
    events.traced++;
    if (!s.value.schedulerEvents) events.without++;
  }
  return (i) => {
    const s = byId.get(runs[i].id);
    if (s === undefined) return null;
    if (!s.ok) throw s.error;
    return s.value.pcv ?? { intervals, dims: PROJECTED_DIMENSIONS, spanNs: 0, threads: [] };
  };
}

/** What the sampler stores (runner/profilers/procSampler.ts), checked before use. */
const samplesSchema = z.object({
  threads: z.array(
    z.object({
      pid: z.number(),
      tid: z.number(),
      name: z.string(),
      tMs: z.array(z.number()),
      cpuNs: z.array(z.number()),
      cpu: z.array(z.number()),
    }),
  ),
});

/** The run's PCV from its /proc samples; no threads when none ran, null when it has no samples. */
async function sampledPcv(sources: Sources, r: RunRow, intervals: number): Promise<RunPcv | null> {
  const text = await sources.artifactText(r, "samples");
  if (text === null) return null;
  let parsed: z.output<typeof samplesSchema>;
  try {
    parsed = samplesSchema.parse(JSON.parse(text));
  } catch (e) {
    const detail =
      e instanceof z.ZodError
        ? e.issues
            .map((i) => `${i.path.join(".") || "the file"}: ${i.message}`)
            .slice(0, 2)
            .join("; ")
        : e instanceof Error
          ? e.message
          : String(e);
    throw new Error(`its stored /proc samples are not readable (${detail})`);
  }
  const threads: SampledThread[] = parsed.threads.filter(
    (t) => t.tMs.length === t.cpuNs.length && t.tMs.length === t.cpu.length,
  );
  const timelines = samplerTimelines(threads, PROJECTED_DIMENSIONS);
  return timelines.length === 0
    ? { intervals, dims: PROJECTED_DIMENSIONS, spanNs: 0, threads: [] }
    : runPcv(timelines, intervals, PROJECTED_DIMENSIONS);
}

/** Clusters the input with the shared arguments, stages told to `progress`. */
export function clusterRuns(input: PatternInput, a: PatternArgs, progress: Sources["progress"]) {
  if (input.runs.length === 0) throw new ApiError("not-found", `${input.label}: no run to find execution patterns in`);
  return findPatterns(input, patternParameters(a), PROJECTED_DIMENSIONS, (stage, done, total) =>
    progress(stage, done, total),
  );
}
