// The sandwich of one function as the engine gives it (issue 31 item 4,
// outside the workbench): the flame graph's function row for it (self, total,
// calls), its callers' and callees' trees (sandwich.ts, the one
// implementation the workbench draws too), and what the graph was read from.
// A name the graph does not hold is answered with the names nearest to it.
import type { FlameGraph } from "./flameGraph.js";
import { functionTable, sandwich, type FunctionRow, type SandwichTree } from "./sandwich.js";

export interface SandwichResult {
  readonly label: string;
  readonly runs: number;
  readonly thread: string | null;
  readonly warnings: readonly string[];
  /** The chosen function's self and total time (per run) and calls, all its contexts merged. */
  readonly function: FunctionRow;
  /** Every thread shown, per run: what the function's total is a share of. */
  readonly allNs: number;
  /** Inverted: node 0 the function, its children its callers, up to the top of the stack. */
  readonly callers: SandwichTree;
  /** Node 0 the function, below it what it called, all its outermost contexts merged. */
  readonly callees: SandwichTree;
}

/** The sandwich of `name` in `g`, or null where no context of `g` calls it. */
export function sandwichOf(g: FlameGraph, name: string): SandwichResult | null {
  const row = functionTable(g).find((r) => r.name === name);
  if (!row) return null;
  const s = sandwich(g, row.fn);
  return {
    label: g.label,
    runs: g.runs,
    thread: g.thread,
    warnings: g.warnings,
    function: row,
    allNs: g.inclusiveNs[0] ?? 0,
    callers: s.callers,
    callees: s.callees,
  };
}

/** How many names a miss offers: enough to spot a typo or a namespace, few enough to read in one line. */
export const NEAREST_NAMES = 5;

/** The names of `names` nearest to `wanted`: those that contain it (or it them, ignoring case)
 * first, the closest in length first; then by edit distance, at most half the wanted name's length away
 * (further is a different name, not a misspelling of it). */
export function nearestNames(wanted: string, names: Iterable<string>, count = NEAREST_NAMES): string[] {
  const w = wanted.toLowerCase();
  const scored: { name: string; score: number }[] = [];
  const limit = Math.max(1, Math.floor(w.length / 2));
  for (const name of new Set(names)) {
    const n = name.toLowerCase();
    if (n.includes(w) || (n.length > 0 && w.includes(n)))
      scored.push({ name, score: -1 / (1 + Math.abs(n.length - w.length)) });
    else {
      const d = editDistance(w, n, limit);
      if (d <= limit) scored.push({ name, score: d });
    }
  }
  scored.sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
  return scored.slice(0, count).map((s) => s.name);
}

/** Levenshtein distance, or limit + 1 as soon as every path exceeds `limit` (a banded early exit). */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, row[j]);
    }
    if (best > limit) return limit + 1;
    prev = row;
  }
  return prev[b.length];
}

export interface SandwichRow {
  readonly node: number;
  readonly depth: number;
  /** From the chosen function outwards: its callers (for the callers' tree) or callees. */
  readonly path: readonly string[];
}

/** A sandwich tree's nodes depth first, the heaviest child first (how its text and CSV list it). */
export function sandwichRows(t: SandwichTree): SandwichRow[] {
  const k = t.parent.length;
  const kids: number[][] = Array.from({ length: k }, () => []);
  for (let i = 1; i < k; i++) kids[t.parent[i]].push(i);
  for (const c of kids) c.sort((a, b) => t.inclusiveNs[b] - t.inclusiveNs[a]);
  const rows: SandwichRow[] = [];
  const stack: { node: number; depth: number; path: readonly string[] }[] =
    k > 0 ? [{ node: 0, depth: 0, path: [t.functions[t.fn[0]]] }] : [];
  while (stack.length > 0) {
    const r = stack.pop()!;
    rows.push(r);
    const c = kids[r.node];
    for (let i = c.length - 1; i >= 0; i--)
      stack.push({ node: c[i], depth: r.depth + 1, path: [...r.path, t.functions[t.fn[c[i]]]] });
  }
  return rows;
}
