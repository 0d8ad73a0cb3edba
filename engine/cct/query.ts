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

/** Names all rows' call chains may hold together. Each row carries its whole chain, so a chain
 * 100,000 calls deep made depth × contexts = 10¹⁰ names (the probe's out-of-memory); past this
 * budget the lighter rows are left out, and the caller says so. 4 M names is about 32 MB. */
export const PATH_NAMES_BUDGET = 4_000_000;

/** Contexts with calls, heaviest first by `sort`, each with its call chain: all of them, or the
 * heaviest whose chains fit in `budget` names together (cut: how many were left out), or the
 * `limit` heaviest (0: no limit) when they fit. */
export function contextRows(
  cols: ContextColumns,
  functions: readonly string[],
  sort: ContextSort = "total",
  budget = PATH_NAMES_BUDGET,
  limit = 0,
): ContextRow[] & { cut?: number } {
  // Depths first (a parent's id is below its children's), so chains are built only for the rows kept.
  const depth = new Int32Array(cols.size);
  const ids: number[] = [];
  for (let c = 1; c < cols.size; c++) {
    depth[c] = depth[cols.parent[c]] + 1;
    if (cols.n[c] > 0) ids.push(c);
  }
  const cov = (c: number) => (cols.meanNs[c] > 0 ? Math.sqrt(cols.m2[c] / cols.n[c]) / cols.meanNs[c] : 0);
  const key: Record<ContextSort, (c: number) => number> = {
    total: (c) => cols.inclusiveNs[c],
    self: (c) => cols.selfNs[c],
    cov,
  };
  const k = key[sort];
  ids.sort((a, b) => k(b) - k(a) || a - b);
  const rows: ContextRow[] & { cut?: number } = [];
  let names = 0;
  for (const c of ids) {
    if (limit > 0 && rows.length === limit) break;
    names += depth[c];
    if (names > budget) {
      rows.cut = ids.length - rows.length;
      break;
    }
    const n = cols.n[c];
    const std = Math.sqrt(cols.m2[c] / n);
    const mean = cols.meanNs[c];
    rows.push({
      id: c,
      path: chainOf(cols, functions, c, depth[c]),
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
  return rows;
}

/** A context's call chain, root first, by walking its parents. */
export function chainOf(cols: ContextColumns, functions: readonly string[], c: number, depth: number): string[] {
  const path = new Array<string>(depth);
  for (let at = depth - 1, p = c; at >= 0; at--, p = cols.parent[p]) path[at] = functions[cols.fn[p]];
  return path;
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
