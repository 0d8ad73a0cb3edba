// Merging per-thread trees into one: contexts with the same call chain are one
// context, with exactly pooled statistics (Chan et al. for mean, variance and
// the child covariance), so merged statistics equal statistics of merged data.
import type { ContextColumns } from "./contextTable.js";
import { mergeCovariance, type ContextCovariance } from "./covariance.js";
import type { Cct } from "./cct.js";

export function mergeThreads(cct: Cct, pick?: (pid: number, tid: number) => boolean): ContextColumns {
  const chosen = cct.threads.filter((t) => !pick || pick(t.pid, t.tid));
  if (chosen.length === 1) return onlyThread(chosen[0].contexts, cct.maxCovarianceChildren);
  const out = new MergedColumns(cct.maxCovarianceChildren, cct.functions.length);
  for (const t of chosen) out.add(t.contexts);
  return out.finish();
}

/**
 * What merging one thread gives, without the merge's maps and copies (a tree
 * of a million contexts took seconds and a gigabyte to merge with nothing):
 * the same tree and numbers, the root without statistics of its own, a
 * context without calls without mean or M2, and a context whose covariance
 * the thread did not keep counted as omitted (test/stress/mergeOneThread.test.ts
 * compares the two).
 */
function onlyThread(t: ContextColumns, maxChildren: number): ContextColumns {
  const k = t.size;
  const [n, meanNs, m2, minNs, maxNs, inclusiveNs, selfNs, calledOnce] = [
    t.n,
    t.meanNs,
    t.m2,
    t.minNs,
    t.maxNs,
    t.inclusiveNs,
    t.selfNs,
    t.calledOnce,
  ].map((c) => c.slice());
  const roots = [n, meanNs, m2, minNs, maxNs, inclusiveNs, selfNs, calledOnce];
  const rootValues = [0, 0, 0, Infinity, -Infinity, 0, 0, 0];
  if (k > 0) for (let i = 0; i < roots.length; i++) roots[i][0] = rootValues[i];
  const children = new Int32Array(k);
  for (let c = 1; c < k; c++) {
    children[t.parent[c]]++;
    if (n[c] === 0) meanNs[c] = m2[c] = 0;
  }
  const omitted = new Set(t.covarianceOmitted);
  for (let c = 1; c < k; c++) if (children[c] > maxChildren || (n[c] > 0 && !t.covariance[c])) omitted.add(c);
  return {
    size: k,
    parent: t.parent.slice(),
    fn: t.fn.slice(),
    n,
    meanNs,
    m2,
    minNs,
    maxNs,
    inclusiveNs,
    selfNs,
    calledOnce,
    covariance: Array.from({ length: k }, (_, c) => (c === 0 || omitted.has(c) ? null : t.covariance[c])),
    covarianceOmitted: [...omitted].sort((a, b) => a - b),
  };
}

class MergedColumns {
  private parent: number[] = [-1];
  private fn: number[] = [-1];
  private n: number[] = [0];
  private mean: number[] = [0];
  private m2: number[] = [0];
  private min: number[] = [Infinity];
  private max: number[] = [-Infinity];
  private incl: number[] = [0];
  private self: number[] = [0];
  private once: number[] = [0];
  private cov: (ContextCovariance | null)[] = [null];
  private children: number[][] = [[]];
  /** Per context, its place among its parent's children: its covariance dimension is that + 1. */
  private slot: number[] = [-1];
  private omitted = new Set<number>();
  /** Contexts by (parent, function): a number key while parent × functions stays an exact integer. */
  private index = new Map<number | string, number>();
  private readonly numericKeys: boolean;
  private seen: boolean[] = [false];

  /** `functions`: the size of the function table the trees' ids index. */
  constructor(
    private readonly maxChildren: number,
    private readonly functions: number,
  ) {
    this.numericKeys = Number.isSafeInteger(2 ** 31 * (functions + 1));
  }

  add(t: ContextColumns): void {
    const map = new Int32Array(t.size);
    map[0] = 0;
    for (let c = 1; c < t.size; c++) {
      const m = this.contextFor(map[t.parent[c]], t.fn[c]);
      map[c] = m;
      this.mergeStats(m, t, c);
    }
    for (let c = 1; c < t.size; c++) this.mergeCov(map[c], t, c, map);
    for (const c of t.covarianceOmitted) this.markOmitted(map[c]);
  }

  finish(): ContextColumns {
    const k = this.parent.length;
    const covariance = this.cov.map((c, i) => (this.omitted.has(i) ? null : c));
    return {
      size: k,
      parent: Int32Array.from(this.parent),
      fn: Int32Array.from(this.fn),
      n: Float64Array.from(this.n),
      meanNs: Float64Array.from(this.mean),
      m2: Float64Array.from(this.m2),
      minNs: Float64Array.from(this.min),
      maxNs: Float64Array.from(this.max),
      inclusiveNs: Float64Array.from(this.incl),
      selfNs: Float64Array.from(this.self),
      calledOnce: Float64Array.from(this.once),
      covariance,
      covarianceOmitted: [...this.omitted].sort((a, b) => a - b),
    };
  }

  private contextFor(parent: number, fn: number): number {
    // A string per context cost a second of a million-context merge, and its memory.
    const key = this.numericKeys ? parent * (this.functions + 1) + fn : `${parent}:${fn}`;
    let m = this.index.get(key);
    if (m === undefined) {
      m = this.parent.length;
      this.index.set(key, m);
      this.parent.push(parent);
      this.fn.push(fn);
      this.n.push(0);
      this.mean.push(0);
      this.m2.push(0);
      this.min.push(Infinity);
      this.max.push(-Infinity);
      this.incl.push(0);
      this.self.push(0);
      this.once.push(0);
      this.cov.push(null);
      this.children.push([]);
      this.seen.push(false);
      this.slot.push(this.children[parent].length);
      this.children[parent].push(m);
      if (this.children[parent].length > this.maxChildren) this.markOmitted(parent);
    }
    return m;
  }

  private mergeStats(m: number, t: ContextColumns, c: number): void {
    const nA = this.n[m];
    const nB = t.n[c];
    const n = nA + nB;
    if (nA === 0) {
      // The first calls seen: taken as they are (the pooled formula would round the mean).
      this.mean[m] = nB > 0 ? t.meanNs[c] : 0;
      this.m2[m] = nB > 0 ? t.m2[c] : 0;
    } else if (nB > 0) {
      const delta = t.meanNs[c] - this.mean[m];
      this.mean[m] += (delta * nB) / n;
      this.m2[m] += t.m2[c] + (delta * delta * nA * nB) / n;
    }
    this.n[m] = n;
    this.min[m] = Math.min(this.min[m], t.minNs[c]);
    this.max[m] = Math.max(this.max[m], t.maxNs[c]);
    this.incl[m] += t.inclusiveNs[c];
    this.self[m] += t.selfNs[c];
    this.once[m] += t.calledOnce[c];
  }

  private mergeCov(m: number, t: ContextColumns, c: number, map: Int32Array): void {
    const b = t.covariance[c];
    if (this.omitted.has(m)) return;
    if (!b) {
      // A thread that kept no covariance for this context makes the merge inexact.
      if (t.n[c] > 0 || this.seen[m]) this.markOmitted(m);
      return;
    }
    const children = this.children[m];
    const dim = (ctx: number) => this.slot[ctx] + 1;
    const mapB = [0, ...b.childContexts.map((child) => dim(map[child]))];
    const a = this.cov[m] ?? { n: 0, mean: [0], matrix: [0], childContexts: [] };
    const mapA = [0, ...a.childContexts.map(dim)];
    this.cov[m] = mergeCovariance(a, b, children, mapA, mapB);
    this.seen[m] = true;
  }

  private markOmitted(m: number): void {
    this.omitted.add(m);
    this.cov[m] = null;
  }
}

/** The threads of several CCTs (a design's runs) merged into one tree over a
 * function table they share: each tree's function ids are renamed into it. */
export function mergeCcts(
  ccts: readonly Cct[],
  pick?: (pid: number, tid: number) => boolean,
): { functions: string[]; columns: ContextColumns } {
  const functions: string[] = [];
  const ids = new Map<string, number>();
  const renames = ccts.map((cct) =>
    Int32Array.from(cct.functions, (name) => {
      let id = ids.get(name);
      if (id === undefined) ids.set(name, (id = functions.push(name) - 1));
      return id;
    }),
  );
  const out = new MergedColumns(Math.max(0, ...ccts.map((c) => c.maxCovarianceChildren)), functions.length);
  for (const [k, cct] of ccts.entries()) {
    const rename = renames[k];
    for (const t of cct.threads) {
      if (pick && !pick(t.pid, t.tid)) continue;
      out.add({ ...t.contexts, fn: Int32Array.from(t.contexts.fn, (f) => (f < 0 ? f : rename[f])) });
    }
  }
  return { functions, columns: out.finish() };
}
