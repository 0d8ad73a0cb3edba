// Execution patterns of a set of runs (paper 004 §3.2): thread alignment,
// then the final clustering — k-means over the aligned PCVs with K by BIC
// (§3.2.3) — and per pattern its runs, a representative, the metric's mean
// and CoV, and its shape; plus the discovery curve (§5.3) and the model that
// places new runs (reproducibility.ts).
import { chooseK } from "./bic.js";
import { centroidsOf } from "../stats/kmeans.js";
import { squaredDistance } from "../stats/rowKernels.js";
import type { MeasureInfo as MetricInfo } from "../campaign/measures.js";
import { contentOrder } from "./order.js";
import type { PatternParameters } from "./parameters.js";
import type { RunPcv } from "./pcv.js";
import type { ExecutionPatternsResult, MetricSummary, Pattern, PatternRun, SlotInfo } from "./result.js";
import {
  alignedVector,
  placeThreads,
  threadModel,
  unalignedModel,
  type Placement,
  type ThreadModel,
} from "./threadAlignment.js";

export interface PatternInputRun {
  readonly runId: number;
  readonly group: string;
  readonly workload: string | null;
  /** Where the run came in the order runs were made (for the discovery curve). */
  readonly order: number;
  readonly metric: number | null;
  readonly pcv: RunPcv;
}

export interface PatternInput {
  readonly label: string;
  readonly source: "uftrace" | "sampler";
  readonly metric: MetricInfo;
  readonly runs: readonly PatternInputRun[];
  readonly notes: readonly string[];
}

/** What places a new run among the patterns (004 §5.3). */
export interface PatternModel {
  readonly threads: ThreadModel;
  /** Row-major patterns × size of an aligned PCV. */
  readonly centroids: Float64Array;
  readonly size: number;
  readonly patterns: readonly Pattern[];
  /** The root-mean-square distance of all runs to their centroids. */
  readonly typicalDistance: number;
  /** Each run's aligned PCV, in the order of the input runs. */
  readonly vectors: readonly Float64Array[];
  /** Per pattern, the slots every one of its runs filled: a run without such a thread is not that pattern. */
  readonly requiredSlots: readonly (readonly number[])[];
}

export type PatternProgress = (stage: string, done: number, total: number) => void;

export function findPatterns(
  input: PatternInput,
  params: PatternParameters,
  dims: number,
  progress: PatternProgress = () => {},
): { result: ExecutionPatternsResult; model: PatternModel } {
  const runs = input.runs;
  if (runs.length === 0) throw new Error(`${input.label}: no run to cluster`);
  const pcvs = runs.map((r) => r.pcv);
  progress("aligning threads", 0, 1);
  const threads = params.alignThreads
    ? threadModel(pcvs, params.intervals, dims)
    : unalignedModel(pcvs, params.intervals, dims);
  const placements = pcvs.map((p) => placeThreads(threads, p));
  const vectors = pcvs.map((p, i) => alignedVector(threads, p, placements[i]));
  const size = threads.slots.length * params.intervals * dims;
  // Content order in, so the result does not depend on the order runs were listed in.
  const order = contentOrder(vectors);
  const data = new Float64Array(Math.max(1, runs.length * size));
  order.forEach((i, at) => data.set(vectors[i], at * size));
  const points = { data, n: runs.length, dims: size };
  const choice = chooseK(points, params.kmax, (k, kmax) => progress("clustering runs", k, kmax), params.seed);
  const found = centroidsOf(points, choice.best.assignment, choice.best.k);
  const cluster = new Int32Array(runs.length);
  order.forEach((i, at) => (cluster[i] = choice.best.assignment[at]));
  // Patterns named by size, most runs first; equal sizes by their first run in content order.
  const firstAt = new Map<number, number>();
  order.forEach((i, at) => firstAt.has(cluster[i]) || firstAt.set(cluster[i], at));
  const ranked = [...firstAt.keys()].sort(
    (a, b) => choice.best.sizes[b] - choice.best.sizes[a] || firstAt.get(a)! - firstAt.get(b)!,
  );
  const rankOf = new Map(ranked.map((c, r) => [c, r]));
  const centroids = new Float64Array(ranked.length * size);
  ranked.forEach((c, r) => centroids.set(found.subarray(c * size, (c + 1) * size), r * size));
  const distance = vectors.map((v, i) =>
    Math.sqrt(squaredDistance(v, 0, centroids, rankOf.get(cluster[i])! * size, size)),
  );
  const at = new Int32Array(runs.length);
  order.forEach((i, pos) => (at[i] = pos));
  const patternOf = (i: number) => rankOf.get(cluster[i])!;
  const patterns = ranked.map((c, p) => ({
    ...describePattern(p, runs, patternOf, distance, placements, threads.slots.length, params.intervals),
    reproducedBy: choice.reproduced[c],
  }));
  const patternRuns: PatternRun[] = runs.map((r, i) => ({
    runId: r.runId,
    group: r.group,
    workload: r.workload,
    pattern: patternOf(i),
    metric: r.metric,
    distance: distance[i],
    x: choice.plane[at[i] * 2],
    y: choice.plane[at[i] * 2 + 1],
    slots: [...placements[i].slots].map((t) => (t < 0 ? null : r.pcv.threads[t].tid)),
    overflow: placements[i].overflow.map((t) => r.pcv.threads[t].tid),
  }));
  const discovery = discoveryCurve(runs, patternOf);
  const typicalDistance = Math.sqrt(distance.reduce((s, d) => s + d * d, 0) / runs.length);
  const result: ExecutionPatternsResult = {
    label: input.label,
    source: input.source,
    metric: input.metric,
    parameters: { ...params, dims },
    runs: patternRuns,
    patterns,
    slots: slotInfo(threads, runs, placements),
    threadSplits: [],
    patternSplits: choice.splits,
    discovery,
    runsToSeeAll: discovery.indexOf(patterns.length) + 1,
    notes: [...input.notes, ...stabilityNotes(patterns)],
  };
  const requiredSlots = patterns.map((_, p) =>
    threads.slots
      .map((_, slot) => slot)
      .filter((slot) => placements.every((pl, i) => patternOf(i) !== p || pl.slots[slot] >= 0)),
  );
  return { result, model: { threads, centroids, size, patterns, typicalDistance, vectors, requiredSlots } };
}

function describePattern(
  p: number,
  runs: readonly PatternInputRun[],
  patternOf: (i: number) => number,
  distance: readonly number[],
  placements: readonly Placement[],
  slots: number,
  intervals: number,
): Pattern {
  const members = runs.map((_, i) => i).filter((i) => patternOf(i) === p);
  const representative = members.reduce((best, i) =>
    distance[i] < distance[best] || (distance[i] === distance[best] && runs[i].runId < runs[best].runId) ? i : best,
  );
  const groups: Record<string, number> = {};
  for (const i of members) groups[runs[i].group] = (groups[runs[i].group] ?? 0) + 1;
  const activity = Array.from({ length: slots }, (_, s) =>
    Array.from(
      { length: intervals },
      (_, j) => members.reduce((sum, i) => sum + busyAt(runs[i].pcv, placements[i], s, j), 0) / members.length,
    ),
  );
  return {
    name: `P${p + 1}`,
    runs: members.map((i) => runs[i].runId).sort((a, b) => a - b),
    representative: runs[representative].runId,
    groups,
    metric: summary(members.map((i) => runs[i].metric).filter((m): m is number => m !== null)),
    activity,
    radius: Math.max(...members.map((i) => distance[i])),
  };
}

/** A pattern that neither half of the runs, clustered on its own, tells from the others (004 §5.3). */
function stabilityNotes(patterns: readonly Pattern[]): string[] {
  return patterns
    .filter((p) => patterns.length > 1 && p.reproducedBy === 0)
    .map(
      (p) =>
        `${p.name} (${p.runs.length} ${p.runs.length === 1 ? "run" : "runs"}) is not reproduced when the runs are halved and each half clustered on its own: treat it as provisional until more runs show it`,
    );
}

function busyAt(pcv: RunPcv, placement: Placement, slot: number, interval: number): number {
  const t = placement.slots[slot];
  return t < 0 ? 0 : pcv.threads[t].busy[interval];
}

export function summary(values: readonly number[]): MetricSummary | null {
  if (values.length === 0) return null;
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const sd = n > 1 ? Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1)) : 0;
  return { n, mean, cov: mean === 0 ? 0 : sd / mean, min: Math.min(...values), max: Math.max(...values) };
}

/** Distinct patterns seen after each run, in the order the runs were made. */
function discoveryCurve(runs: readonly PatternInputRun[], patternOf: (i: number) => number): number[] {
  const seen = new Set<number>();
  return runs
    .map((r, i) => ({ order: r.order, runId: r.runId, i }))
    .sort((a, b) => a.order - b.order || a.runId - b.runId)
    .map(({ i }) => seen.add(patternOf(i)).size);
}

function slotInfo(model: ThreadModel, runs: readonly PatternInputRun[], placements: readonly Placement[]): SlotInfo[] {
  return model.slots.map((s, at) => {
    const names = new Map<string, number>();
    placements.forEach((p, i) => {
      const t = p.slots[at];
      if (t >= 0) names.set(runs[i].pcv.threads[t].name, (names.get(runs[i].pcv.threads[t].name) ?? 0) + 1);
    });
    const threadName = [...names].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? "";
    return {
      label: s.kind < 0 ? `thread #${s.rank + 1}` : `kind ${s.kind + 1} #${s.rank + 1}`,
      kind: s.kind,
      rank: s.rank,
      threadName,
    };
  });
}
