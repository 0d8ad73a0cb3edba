// Hierarchical agglomerative merging in layers (paper 000 §4): in each layer
// the cheapest compatible pairs whose merge cost is at most τ_S are merged,
// each point at most once; merged and unmerged points form the next layer,
// until no pair can merge. First inside every pattern, bottom-up, with the
// subtrees under each node as the points; then across patterns.
import { mergePatterns } from "./merge.js";
import { preorder, type VcgNode } from "./vcgTypes.js";

export function agglomerate(points: readonly VcgNode[], tauS: number): VcgNode[] {
  let layer = [...points];
  for (;;) {
    const pairs: { i: number; j: number; cost: number; node: VcgNode }[] = [];
    for (let i = 0; i < layer.length; i++) {
      for (let j = i + 1; j < layer.length; j++) {
        // Root name and type must match (MergePatternTrees, lines 2–5): skip the attempt early.
        if (layer[i].fname !== layer[j].fname || layer[i].type !== layer[j].type) continue;
        const m = mergePatterns(layer[i], layer[j], tauS);
        if (m) pairs.push({ i, j, cost: m.cost, node: m.node });
      }
    }
    if (pairs.length === 0) return layer;
    pairs.sort((a, b) => a.cost - b.cost || a.i - b.i || a.j - b.j);
    const consumed = new Set<number>();
    const next: VcgNode[] = [];
    for (const p of pairs) {
      if (consumed.has(p.i) || consumed.has(p.j)) continue;
      consumed.add(p.i);
      consumed.add(p.j);
      next.push(p.node);
    }
    layer = [...next, ...layer.filter((_, i) => !consumed.has(i))];
  }
}

/** Merges inside a pattern, bottom-up: each node's children subtrees are the points.
 * A subtree lying on a segment that starts above it is kept apart: merging it would
 * change a segment outside the two subtrees (a conservative reading of §6's checks). */
export function mergeWithin(node: VcgNode, tauS: number): void {
  for (const c of node.children) mergeWithin(c, tauS);
  const carriesOuter = (c: VcgNode) => [...preorder(c)].some((n) => n.cls.some((s) => !isWithin(s.nodes[0], c)));
  const free = node.children.filter((c) => !carriesOuter(c));
  if (free.length < 2) return;
  const merged = agglomerate(free, tauS);
  for (const m of merged) m.parent = node;
  node.children = [...merged, ...node.children.filter((c) => carriesOuter(c))];
}

function isWithin(n: VcgNode, root: VcgNode): boolean {
  for (let x: VcgNode | null = n; x; x = x.parent) if (x === root) return true;
  return false;
}
