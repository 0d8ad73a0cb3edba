// Thread alignment (paper 004 §3.2.2 "core alignment", applied to threads:
// thread ids change from run to run the way the paper's thread-to-core mapping
// does). Four steps as in the paper: (1) a gse-feature per thread, its
// features summed over the whole run; (2) k-means over every run's threads,
// K by BIC, so threads doing the same work fall in one kind; (3) the alignment
// matrix, a row per run and a column per kind holding the thread of that kind;
// (4) each run's threads reordered by that matrix. Where a run has several
// threads of one kind (a pool of equal workers) the kind has as many columns
// as the most any run has, filled in order of the threads' start; a run with
// fewer leaves the rest empty (zero vectors), so an idle pool thread that one
// run lacks costs only its own small vector.
import { chooseK, type SplitDecision } from "./bic.js";
import { centroidsOf, squaredDistance } from "./kmeans.js";
import { contentOrder } from "./order.js";
import type { AlignedThread, RunPcv } from "./pcv.js";

export interface Slot {
  /** The kind of thread (its gse-feature cluster), or −1 without alignment. */
  readonly kind: number;
  /** Which of the kind's threads, in order of start. */
  readonly rank: number;
}

export interface ThreadModel {
  readonly dims: number;
  readonly intervals: number;
  /** Kinds of thread found: centroids of the gse-features, row-major. */
  readonly kinds: number;
  readonly centroids: Float64Array;
  /** The splits tried while choosing the number of kinds by BIC. */
  readonly splits: readonly SplitDecision[];
  readonly slots: readonly Slot[];
}

/** Where a run's threads went: an index into run.threads per slot (−1: empty), and the threads left over. */
export interface Placement {
  readonly slots: Int32Array;
  readonly overflow: readonly number[];
}

/** The gse-feature of a thread (004 §3.2.2 step 1, Fig. 9): its interval vectors merged, per unit
 * of the time it was busy, so the feature says what the thread runs (its paths: "similar gse-features,
 * and thus similar execution paths from similar threads") and not how much of this run it filled: the
 * same worker in a slow run and a fast one is one kind, and the pattern is left to the final
 * clustering. A thread that never ran has the zero vector: idle threads are a kind of their own. */
export function gseFeature(t: AlignedThread, intervals: number, dims: number): Float64Array {
  const out = new Float64Array(dims);
  for (let j = 0; j < intervals; j++) for (let k = 0; k < dims; k++) out[k] += t.features[j * dims + k];
  let busy = 0;
  for (let j = 0; j < intervals; j++) busy += t.busy[j];
  if (busy > 0) for (let k = 0; k < dims; k++) out[k] /= busy;
  return out;
}

/** Kinds of thread over all runs (steps 1–2) and the slots they give (step 3). */
export function threadModel(runs: readonly RunPcv[], intervals: number, dims: number, kmax: number): ThreadModel {
  const threads = runs.flatMap((r) => r.threads);
  const all = threads.map((t) => gseFeature(t, intervals, dims));
  if (all.length === 0) return { dims, intervals, kinds: 0, centroids: new Float64Array(0), splits: [], slots: [] };
  const data = new Float64Array(all.length * dims);
  const order = contentOrder(all);
  order.forEach((i, at) => data.set(all[i], at * dims));
  const points = { data, n: all.length, dims };
  const choice = chooseK(points, kmax);
  // Kinds in a fixed order: the busiest first (mean busy share of their threads), so slot 0 is the
  // main worker in every analysis.
  const kinds = choice.best.k;
  const found = centroidsOf(points, choice.best.assignment, kinds);
  const busy = new Float64Array(kinds);
  const members = new Int32Array(kinds);
  order.forEach((i, at) => {
    const c = choice.best.assignment[at];
    members[c]++;
    busy[c] += threads[i].busy.reduce((a, b) => a + b, 0) / intervals;
  });
  const byWeight = Array.from({ length: kinds }, (_, c) => c).sort((a, b) => busy[b] / members[b] - busy[a] / members[a] || a - b);
  const centroids = new Float64Array(kinds * dims);
  byWeight.forEach((c, at) => centroids.set(found.subarray(c * dims, (c + 1) * dims), at * dims));
  const model = { dims, intervals, kinds, centroids, splits: choice.splits, slots: [] as Slot[] };
  const most = new Int32Array(kinds);
  for (const r of runs) {
    const count = new Int32Array(kinds);
    for (const t of r.threads) count[kindOf(model, gseFeature(t, intervals, dims))]++;
    for (let c = 0; c < kinds; c++) most[c] = Math.max(most[c], count[c]);
  }
  for (let c = 0; c < kinds; c++) for (let rank = 0; rank < most[c]; rank++) model.slots.push({ kind: c, rank });
  return model;
}

/** Without alignment: threads in the order of their ids, as the paper's PCV orders cores by id. */
export function unalignedModel(runs: readonly RunPcv[], intervals: number, dims: number): ThreadModel {
  const most = Math.max(0, ...runs.map((r) => r.threads.length));
  return { dims, intervals, kinds: 0, centroids: new Float64Array(0), splits: [], slots: Array.from({ length: most }, (_, rank) => ({ kind: -1, rank })) };
}

/** The nearest kind of a gse-feature. */
export function kindOf(model: Pick<ThreadModel, "kinds" | "centroids" | "dims">, gse: Float64Array): number {
  let best = 0;
  let bestD = Infinity;
  for (let c = 0; c < model.kinds; c++) {
    const d = squaredDistance(gse, 0, model.centroids, c * model.dims, model.dims);
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best;
}

/** Step 4: the run's threads put in the model's slots. */
export function placeThreads(model: ThreadModel, run: RunPcv): Placement {
  const slots = new Int32Array(model.slots.length).fill(-1);
  const overflow: number[] = [];
  const ordered = run.threads.map((t, i) => ({ t, i })).sort((a, b) => a.t.start - b.t.start || a.t.tid - b.t.tid);
  if (model.kinds === 0) {
    const byId = run.threads.map((t, i) => ({ t, i })).sort((a, b) => a.t.tid - b.t.tid);
    byId.forEach(({ i }, at) => (at < slots.length ? (slots[at] = i) : overflow.push(i)));
    return { slots, overflow };
  }
  for (const { t, i } of ordered) {
    const kind = kindOf(model, gseFeature(t, model.intervals, model.dims));
    const free = model.slots.findIndex((s, at) => s.kind === kind && slots[at] === -1);
    if (free >= 0) slots[free] = i;
    else overflow.push(i);
  }
  return { slots, overflow };
}

/** The aligned PCV: the slots' interval vectors one after another, zeros for an empty slot. */
export function alignedVector(model: ThreadModel, run: RunPcv, placement: Placement): Float64Array {
  const size = model.intervals * model.dims;
  const out = new Float64Array(model.slots.length * size);
  placement.slots.forEach((i, at) => {
    if (i >= 0) out.set(run.threads[i].features, at * size);
  });
  return out;
}
