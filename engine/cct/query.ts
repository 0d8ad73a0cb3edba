// Reading a finished CCT: context rows with their statistics, and totals per
// function that count a recursive function's nested activations once (a
// context's inclusive time is added only where no ancestor is the same function).
import type { ContextColumns } from "./contextTable.js";

export interface ContextRow {
  readonly id: number;
  readonly path: readonly string[];
  readonly n: number;
  readonly meanNs: number;
  readonly stdNs: number;
  /** σ/μ; 0 when the mean is 0. */
  readonly cov: number;
  readonly minNs: number;
  readonly maxNs: number;
  readonly inclusiveNs: number;
  readonly selfNs: number;
}

export type ContextSort = "total" | "self" | "cov";

export function contextRows(cols: ContextColumns, functions: readonly string[], sort: ContextSort = "total"): ContextRow[] {
  const paths: string[][] = [[]];
  const rows: ContextRow[] = [];
  for (let c = 1; c < cols.size; c++) {
    paths[c] = [...paths[cols.parent[c]], functions[cols.fn[c]]];
    const n = cols.n[c];
    if (n === 0) continue;
    const std = Math.sqrt(cols.m2[c] / n);
    const mean = cols.meanNs[c];
    rows.push({
      id: c,
      path: paths[c],
      n,
      meanNs: mean,
      stdNs: std,
      cov: mean > 0 ? std / mean : 0,
      minNs: cols.minNs[c],
      maxNs: cols.maxNs[c],
      inclusiveNs: cols.inclusiveNs[c],
      selfNs: cols.selfNs[c],
    });
  }
  const key: Record<ContextSort, (r: ContextRow) => number> = {
    total: (r) => r.inclusiveNs,
    self: (r) => r.selfNs,
    cov: (r) => r.cov,
  };
  const k = key[sort];
  return rows.sort((a, b) => k(b) - k(a) || a.id - b.id);
}

export interface FunctionRow {
  readonly name: string;
  readonly calls: number;
  readonly totalNs: number;
  readonly selfNs: number;
}

export function functionRows(cols: ContextColumns, functions: readonly string[]): FunctionRow[] {
  const calls = new Float64Array(functions.length);
  const total = new Float64Array(functions.length);
  const self = new Float64Array(functions.length);
  for (let c = 1; c < cols.size; c++) {
    const f = cols.fn[c];
    calls[f] += cols.n[c];
    self[f] += cols.selfNs[c];
    if (!hasAncestorFn(cols, c, f)) total[f] += cols.inclusiveNs[c];
  }
  return functions
    .map((name, f) => ({ name, calls: calls[f], totalNs: total[f], selfNs: self[f] }))
    .filter((r) => r.calls > 0)
    .sort((a, b) => b.totalNs - a.totalNs || a.name.localeCompare(b.name));
}

function hasAncestorFn(cols: ContextColumns, c: number, f: number): boolean {
  for (let p = cols.parent[c]; p > 0; p = cols.parent[p]) if (cols.fn[p] === f) return true;
  return false;
}
