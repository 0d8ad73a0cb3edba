// Prioritisation and trimming (paper 000 §4, §7 step 5): patterns and, within
// each, the subtrees under every node are sorted by VIM (σ·N summed over the
// (sub)pattern); with β > 0, those under β × the largest VIM at their level
// are dropped, with the segments that ran through them.
import { preorder, vim, type VcgNode } from "./vcgTypes.js";

export function subtreeVim(n: VcgNode): number {
  let v = vim(n.stats);
  for (const c of n.children) v += subtreeVim(c);
  return v;
}

/** Sorted and trimmed roots; the nodes are changed in place. */
export function prioritize(roots: readonly VcgNode[], beta: number): VcgNode[] {
  const kept = sortAndTrim(roots, beta);
  for (const r of kept) order(r, beta);
  // Segments through dropped nodes are dropped too.
  const alive = new Set(kept.flatMap((r) => [...preorder(r)]));
  for (const n of alive) {
    n.ols = n.ols.filter((s) => s.nodes.every((x) => alive.has(x)));
    n.cls = n.cls.filter((s) => s.nodes.every((x) => alive.has(x)));
  }
  return kept;
}

function order(n: VcgNode, beta: number): void {
  n.children = sortAndTrim(n.children, beta);
  for (const c of n.children) order(c, beta);
}

function sortAndTrim(nodes: readonly VcgNode[], beta: number): VcgNode[] {
  const scored = nodes.map((n) => ({ n, v: subtreeVim(n) })).sort((a, b) => b.v - a.v || a.n.fname.localeCompare(b.n.fname));
  const top = scored[0]?.v ?? 0;
  return scored.filter((s) => s.v >= beta * top).map((s) => s.n);
}
