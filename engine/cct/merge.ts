// Merging per-thread trees into one: contexts with the same call chain are one
// context, with exactly pooled statistics (Chan et al. for mean, variance and
// the child covariance), so merged statistics equal statistics of merged data.
import type { ContextColumns } from "./contextTable.js";
import { mergeCovariance, type ContextCovariance } from "./covariance.js";
import type { Cct } from "./cct.js";

export function mergeThreads(cct: Cct, pick?: (pid: number, tid: number) => boolean): ContextColumns {
  const chosen = cct.threads.filter((t) => !pick || pick(t.pid, t.tid));
  const out = new MergedColumns(cct.maxCovarianceChildren);
  for (const t of chosen) out.add(t.contexts);
  return out.finish();
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
  private omitted = new Set<number>();
  private index = new Map<string, number>();
  private seen: boolean[] = [false];

  constructor(private readonly maxChildren: number) {}

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
    const key = `${parent}:${fn}`;
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
      this.children[parent].push(m);
      if (this.children[parent].length > this.maxChildren) this.markOmitted(parent);
    }
    return m;
  }

  private mergeStats(m: number, t: ContextColumns, c: number): void {
    const nA = this.n[m];
    const nB = t.n[c];
    const n = nA + nB;
    if (n > 0) {
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
    const dim = (ctx: number) => children.indexOf(ctx) + 1;
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
export function mergeCcts(ccts: readonly Cct[], pick?: (pid: number, tid: number) => boolean): { functions: string[]; columns: ContextColumns } {
  const functions: string[] = [];
  const ids = new Map<string, number>();
  const out = new MergedColumns(Math.max(0, ...ccts.map((c) => c.maxCovarianceChildren)));
  for (const cct of ccts) {
    const rename = Int32Array.from(cct.functions, (name) => {
      let id = ids.get(name);
      if (id === undefined) ids.set(name, (id = functions.push(name) - 1));
      return id;
    });
    for (const t of cct.threads) {
      if (pick && !pick(t.pid, t.tid)) continue;
      out.add({ ...t.contexts, fn: Int32Array.from(t.contexts.fn, (f) => (f < 0 ? f : rename[f])) });
    }
  }
  return { functions, columns: out.finish() };
}
