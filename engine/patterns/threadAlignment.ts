// Thread alignment (paper 004 §3.2.2 "core alignment", applied to threads:
// thread ids change from run to run the way the paper's thread-to-core mapping
// does). The paper's four steps: (1) a gse-feature per core; (2) K-means over
// them, K by BIC, so cores that ran the same thread fall in one cluster; (3) an
// alignment matrix, a row per run and a column per cluster holding the core
// of that cluster; (4) each run's PCV reordered by that matrix.
//
// Where this goes beyond the paper, and why. The paper's cores have no
// identity, so step 2 has to discover which ones ran the same thread; a trace
// names each thread's role: its start routine (or the name the program gave
// it), e.g. every thread of a pool runs pool_loop. Clustering gse-features
// (per unit of busy time) instead split one role into kinds by what its
// threads waited in (issue 28: two idle pool threads of identical runs, one
// whose trace kept its sem_wait and one whose time stayed in the pool loop,
// fell into two kinds, 9 runs to 3, so identical runs had different slots
// filled), and by how much of the run waiting took when waiting counted as
// time (uftrace --no-event). So here:
//   - a kind is a role: threads of one name, one kind, whatever they did;
//   - a kind has as many slots (columns of the alignment matrix, Fig. 10) as
//     the most threads of it any run has;
//   - which of a run's threads of a kind goes in which slot is step 2's
//     question asked within the kind: the threads' aligned vectors are
//     matched one to one to the slots' templates (the mean aligned vector of
//     the threads placed in that slot over all runs), the least total squared
//     distance by the Hungarian method, and the templates refitted until they
//     settle (a k-means whose clusters take one thread of each run, K = the
//     slot count). The aligned vectors, what the final clustering compares,
//     not the time-summed gse-features: two workers of examples/pool.c run the
//     same functions and differ in when (the tail starts later and runs
//     longer), and matched by gse-features they swapped slots from run to run
//     (a third pattern mixing both behaviours on a real 40-run campaign).
// So the worker that ran the job goes in one slot and the ones that waited in
// the others, in every run, whichever thread the scheduler picked (§3.2.2
// Fig. 7: runs that differ only in which thread ran where are one pattern). A
// run with fewer threads of a kind leaves the slots it matches worst empty
// (zero vectors), so an idle pool thread that one run lacks costs only its own
// small vector.
import { assign } from "./assignment.js";
import { addRowScaled, squaredDistance } from "../stats/rowKernels.js";
import { principalScores } from "./principalAxes.js";
import type { AlignedThread, RunPcv } from "./pcv.js";

export interface Slot {
  /** The kind of thread (its role), or −1 without alignment. */
  readonly kind: number;
  /** Which of the kind's slots, the busiest first. */
  readonly rank: number;
}

export interface ThreadModel {
  readonly dims: number;
  readonly intervals: number;
  /** Roles found, busiest first; a kind is an index into it. */
  readonly roles: readonly string[];
  readonly slots: readonly Slot[];
  /** Per slot, the mean aligned vector (intervals × dims) of the threads placed in it; row-major. */
  readonly templates: Float64Array;
}

/** Where a run's threads went: an index into run.threads per slot (−1: empty), and the threads left over. */
export interface Placement {
  readonly slots: Int32Array;
  readonly overflow: readonly number[];
}

/** Rounds of matching and refitting at most (real recordings settle in two or three). */
export const MAX_ALIGNMENT_ROUNDS = 20;

/** The role of a thread: its name (a trace names a thread by its start routine, traceTimelines.ts). */
export function roleOf(t: AlignedThread): string {
  return t.name;
}

/** Kinds (roles) over all runs, their slots, and the slots' templates (steps 2–3). */
export function threadModel(runs: readonly RunPcv[], intervals: number, dims: number): ThreadModel {
  const size = intervals * dims;
  const byRole = new Map<string, { busy: number; threads: number }>();
  for (const r of runs)
    for (const t of r.threads) {
      const e = byRole.get(roleOf(t)) ?? { busy: 0, threads: 0 };
      e.busy += t.busy.reduce((a, b) => a + b, 0) / intervals;
      e.threads++;
      byRole.set(roleOf(t), e);
    }
  // Roles in a fixed order: the busiest first (mean busy share of their threads), so slot 0 is the main worker.
  const roles = [...byRole]
    .sort((a, b) => b[1].busy / b[1].threads - a[1].busy / a[1].threads || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([name]) => name);
  const slots: Slot[] = [];
  const templates: Float64Array[] = [];
  roles.forEach((role, kind) => {
    const fitted = fitRole(
      runs.map((r) => threadsOfRole(r, role)),
      size,
    );
    fitted.forEach((template, rank) => {
      slots.push({ kind, rank });
      templates.push(template);
    });
  });
  const flat = new Float64Array(slots.length * size);
  templates.forEach((t, s) => flat.set(t, s * size));
  return { dims, intervals, roles, slots, templates: flat };
}

/** Without alignment: threads in the order of their ids, as the paper's PCV orders cores by id. */
export function unalignedModel(runs: readonly RunPcv[], intervals: number, dims: number): ThreadModel {
  const most = Math.max(0, ...runs.map((r) => r.threads.length));
  return {
    dims,
    intervals,
    roles: [],
    slots: Array.from({ length: most }, (_, rank) => ({ kind: -1, rank })),
    templates: new Float64Array(0),
  };
}

/** A run's threads of one role, in order of start (then id): the order ties are broken in. */
function threadsOfRole(run: RunPcv, role: string): AlignedThread[] {
  return run.threads.filter((t) => roleOf(t) === role).sort((a, b) => a.start - b.start || a.tid - b.tid);
}

/** The slot templates of one role: as many as the most threads any run has. Matching and refitting
 * only improve on where they start, so three starts are tried and the one whose first matching is
 * closest (least total squared distance) is refitted: the runs that have that many threads give the
 * first templates, rank by rank,
 * with each run's threads in order of (1) start; (2) their score on the first principal axis of
 * what sets a run's threads of the role apart (each less the mean of its run's), which for two
 * threads a run is the best start there is (the total distance is least when the two templates lie
 * farthest apart, and they do with each run's pair ordered along the first axis of the pairs'
 * differences); (3) their distance from the mean of all the role's threads, the odd one first (one
 * worker that ran the job among idle ones). Start order alone gave every template the same mix
 * where which worker runs the job is the scheduler's choice, a balance refitting does not leave. */
function fitRole(perRun: readonly AlignedThread[][], size: number): Float64Array[] {
  const k = Math.max(0, ...perRun.map((ts) => ts.length));
  if (k === 0) return [];
  if (k === 1)
    return meanOf(
      perRun.map((ts) => ts.slice(0, 1)),
      1,
      size,
    );
  const all = perRun.flat();
  const axis = withinRunAxis(perRun, all, size);
  const grand = average(all, size);
  const apart = new Map(all.map((t) => [t, squaredDistance(t.features, 0, grand, 0, size)]));
  const orders: ((ts: readonly AlignedThread[]) => AlignedThread[])[] = [
    (ts) => [...ts],
    (ts) => [...ts].sort((a, b) => axis.get(b)! - axis.get(a)!),
    (ts) => [...ts].sort((a, b) => apart.get(b)! - apart.get(a)!),
  ];
  // The start whose first matching is closest is refitted (refitting all three cost 64 threads a
  // run 3 s for 100 runs, for the same fit on real recordings).
  const full = perRun.filter((ts) => ts.length === k);
  const starts = orders.map((order) => meanOf(full.map(order), k, size));
  const firstCost = starts.map((t) => perRun.reduce((sum, ts) => sum + matchToTemplates(ts, t, size).cost, 0));
  const best = refit(perRun, starts[firstCost.indexOf(Math.min(...firstCost))], size);
  // The kind's slots busiest first (largest template), so #1 is the worker that did the most.
  const weight = best.templates.map((t) => t.reduce((a, x) => a + x * x, 0));
  return best.templates
    .map((t, i) => ({ t, i }))
    .sort((a, b) => weight[b.i] - weight[a.i] || a.i - b.i)
    .map(({ t }) => t);
}

/** Each thread's score on the first principal axis of the threads less their run's mean. */
function withinRunAxis(
  perRun: readonly AlignedThread[][],
  all: readonly AlignedThread[],
  size: number,
): Map<AlignedThread, number> {
  const data = new Float64Array(all.length * size);
  let at = 0;
  for (const ts of perRun) {
    const mean = average(ts, size);
    for (const t of ts) {
      for (let j = 0; j < size; j++) data[at * size + j] = t.features[j] - mean[j];
      at++;
    }
  }
  const scores = principalScores({ data, n: all.length, dims: size }, 1)[0] ?? new Float64Array(all.length);
  return new Map(all.map((t, i) => [t, scores[i]]));
}

/** Matching and refitting from `templates` until the total squared distance of the threads to
 * their templates stops falling (each step can only lower it); the templates and that distance. */
function refit(
  perRun: readonly AlignedThread[][],
  start: Float64Array[],
  size: number,
): { templates: Float64Array[]; cost: number } {
  let templates = start;
  let cost = Infinity;
  for (let round = 0; round < MAX_ALIGNMENT_ROUNDS; round++) {
    const matched = perRun.map((ts) => matchToTemplates(ts, templates, size));
    const total = matched.reduce((sum, m) => sum + m.cost, 0);
    if (!(total < cost * (1 - SETTLED))) break;
    cost = total;
    templates = meanOf(
      perRun.map((ts, r) => matched[r].slots.map((i) => (i >= 0 ? ts[i] : null))),
      templates.length,
      size,
      templates,
    );
  }
  return { templates, cost };
}

/** A relative fall of the total distance below which the templates have settled: a millionth, far
 * below what moves a thread from one slot to another on real recordings. */
const SETTLED = 1e-6;

/** For each slot, the index of the thread placed there (−1: none): the least total squared distance. */
function matchToTemplates(
  threads: readonly AlignedThread[],
  templates: readonly Float64Array[],
  size: number,
): { slots: number[]; cost: number } {
  const cost = new Float64Array(threads.length * templates.length);
  threads.forEach((t, i) =>
    templates.forEach((m, s) => (cost[i * templates.length + s] = squaredDistance(t.features, 0, m, 0, size))),
  );
  const slotOf = assign(cost, threads.length, templates.length);
  const out = new Array<number>(templates.length).fill(-1);
  let total = 0;
  slotOf.forEach((s, i) => {
    if (s < 0) return;
    out[s] = i;
    total += cost[i * templates.length + s];
  });
  return { slots: out, cost: total };
}

/** Per slot, the mean of the threads in it over the runs (a slot no run fills keeps `keep`'s). */
function meanOf(
  perRun: readonly (readonly (AlignedThread | null)[])[],
  k: number,
  size: number,
  keep?: readonly Float64Array[],
): Float64Array[] {
  const sums = Array.from({ length: k }, () => new Float64Array(size));
  const counts = new Int32Array(k);
  for (const ts of perRun)
    ts.forEach((t, s) => {
      if (t === null) return;
      addRowScaled(sums[s], 0, t.features, 0, size, 1);
      counts[s]++;
    });
  return sums.map((sum, s) => (counts[s] > 0 ? sum.map((x) => x / counts[s]) : (keep?.[s] ?? sum)));
}

function average(threads: readonly AlignedThread[], size: number): Float64Array {
  const out = new Float64Array(size);
  for (const t of threads) addRowScaled(out, 0, t.features, 0, size, 1 / threads.length);
  return out;
}

/** Step 4: the run's threads put in the model's slots; threads of a role the model lacks, or more
 * of a role than it has slots for, are left over. */
export function placeThreads(model: ThreadModel, run: RunPcv): Placement {
  const slots = new Int32Array(model.slots.length).fill(-1);
  const overflow: number[] = [];
  if (model.roles.length === 0) {
    const byId = run.threads.map((t, i) => ({ t, i })).sort((a, b) => a.t.tid - b.t.tid);
    byId.forEach(({ i }, at) => (at < slots.length ? (slots[at] = i) : overflow.push(i)));
    return { slots, overflow };
  }
  const size = model.intervals * model.dims;
  const index = new Map(run.threads.map((t, i) => [t, i]));
  const known = new Set(model.roles);
  model.roles.forEach((role, kind) => {
    const at = model.slots.flatMap((s, i) => (s.kind === kind ? [i] : []));
    const threads = threadsOfRole(run, role);
    const templates = at.map((i) => model.templates.subarray(i * size, (i + 1) * size));
    const bySlot = matchToTemplates(threads, templates, size).slots;
    bySlot.forEach((t, s) => t >= 0 && (slots[at[s]] = index.get(threads[t])!));
    threads.forEach((t, i) => bySlot.includes(i) || overflow.push(index.get(t)!));
  });
  run.threads.forEach((t, i) => known.has(roleOf(t)) || overflow.push(i));
  overflow.sort((a, b) => a - b);
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
