// Prioritisation and trimming (paper 000 §4, §7 step 5): patterns and, within
// each, the subtrees under every node are sorted by VIM (σ·N summed over the
// (sub)pattern); with β > 0, those under β × the largest VIM at their level
// are dropped, with the segments that ran through them. §4 orders the steps:
// the final layer is "prioritized and trimmed. Prioritization sorts the
// patterns in the order of their dominance … The next step of trimming can
// optionally be performed", so a (sub)pattern's dominance is its VIM as
// merged, before anything below it is trimmed: trimming never reorders, and
// the same patterns come in the same order at every β. Each kept node keeps
// that VIM (rankVim) so the result can say what ranked it beside what is shown.
import { preorder, vim, type VcgNode, type VcgSegment } from "./vcgTypes.js";

export function subtreeVim(n: VcgNode): number {
  return subtreeVims([n]).get(n)!;
}

/** Every node's subtree VIM, each computed once from its children's (children before parents:
 * reversed pre-order), summed in child order. */
function subtreeVims(roots: readonly VcgNode[]): Map<VcgNode, number> {
  const vims = new Map<VcgNode, number>();
  const nodes = roots.flatMap((r) => [...preorder(r)]);
  for (let i = nodes.length - 1; i >= 0; i--) {
    const n = nodes[i];
    let v = vim(n.stats);
    for (const c of n.children) v += vims.get(c)!;
    vims.set(n, v);
  }
  return vims;
}

/** Sorted and trimmed roots; the nodes are changed in place. */
export function prioritize(roots: readonly VcgNode[], beta: number): VcgNode[] {
  // Every level is ranked by the untrimmed subtrees below it (trimming goes top-down).
  const vims = subtreeVims(roots);
  for (const [n, v] of vims) n.rankVim = v;
  const kept = sortAndTrim(roots, beta, vims);
  const stack = [...kept];
  for (let n = stack.pop(); n; n = stack.pop()) {
    n.children = sortAndTrim(n.children, beta, vims);
    for (const c of n.children) stack.push(c);
  }
  // Segments through dropped nodes are dropped too.
  const alive = new Set(kept.flatMap((r) => [...preorder(r)]));
  // A segment lies on as many nodes as it is long: judge it once.
  const survives = new Map<VcgSegment, boolean>();
  const keep = (s: VcgSegment) =>
    survives.get(s) ??
    (survives.set(
      s,
      s.nodes.every((x) => alive.has(x)),
    ),
    survives.get(s)!);
  for (const n of alive) {
    n.ols = n.ols.filter(keep);
    n.cls = n.cls.filter(keep);
  }
  return kept;
}

function sortAndTrim(nodes: readonly VcgNode[], beta: number, vims: ReadonlyMap<VcgNode, number>): VcgNode[] {
  const scored = nodes
    .map((n) => ({ n, v: vims.get(n)! }))
    .sort((a, b) => b.v - a.v || a.n.fname.localeCompare(b.n.fname));
  const top = scored[0]?.v ?? 0;
  return scored.filter((s) => s.v >= beta * top).map((s) => s.n);
}
