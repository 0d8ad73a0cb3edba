// Hierarchical agglomerative merging in layers (paper 000 §4): in each layer
// the cheapest compatible pairs whose merge cost is at most τ_S are merged,
// each point at most once; merged and unmerged points form the next layer,
// until no pair can merge. First inside every pattern, bottom-up, with the
// subtrees under each node as the points; then across patterns.
import { mergePatterns, type MergeResult } from "./merge.js";
import { mergeStats, preorder, type VcgNode, type VcgSegment } from "./vcgTypes.js";

/** `applied` is told of every merge made, with the two points it consumed. */
export function agglomerate(points: readonly VcgNode[], tauS: number, applied: (m: MergeResult, a: VcgNode, b: VcgNode) => void = () => {}): VcgNode[] {
  let layer = [...points];
  for (;;) {
    const pairs: { i: number; j: number; cost: number; merged: MergeResult }[] = [];
    for (let i = 0; i < layer.length; i++) {
      for (let j = i + 1; j < layer.length; j++) {
        // Root name and type must match (MergePatternTrees, lines 2–5): skip the attempt early.
        if (layer[i].fname !== layer[j].fname || layer[i].type !== layer[j].type) continue;
        const m = mergePatterns(layer[i], layer[j], tauS);
        if (m) pairs.push({ i, j, cost: m.cost, merged: m });
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
      applied(p.merged, layer[p.i], layer[p.j]);
      next.push(p.merged.node);
    }
    layer = [...next, ...layer.filter((_, i) => !consumed.has(i))];
  }
}

/** Merges inside a pattern, bottom-up: each node's children subtrees are the points (000 §4).
 * Subtrees may lie on segments that start above them (from this node or an ancestor). Two such
 * siblings merge only where their segments correspond through the merge (MergeContributionStructure's
 * internal compatibility check, 000 §6), and the segments are then re-pointed to the merged nodes,
 * one segment for each corresponding pair, with exact pooled statistics (§6.1). */
export function mergeWithin(node: VcgNode, tauS: number): void {
  for (const c of node.children) mergeWithin(c, tauS);
  if (node.children.length < 2) return;
  const merged = agglomerate(node.children, tauS, (m, a, b) => repointOuter(m, a, b));
  for (const m of merged) m.parent = node;
  node.children = merged;
}

/** The segments lying in subtrees a and b that start outside them, moved onto the merged subtree. */
function repointOuter(m: MergeResult, a: VcgNode, b: VcgNode): void {
  const outer = new Set<VcgSegment>();
  for (const root of [a, b]) for (const n of preorder(root)) for (const s of n.cls) if (!isWithin(s.nodes[0], root)) outer.add(s);
  const groups = new Map<string, VcgSegment[]>();
  const ids = new Map<VcgNode, number>();
  const id = (n: VcgNode) => ids.get(n) ?? (ids.set(n, ids.size), ids.size - 1);
  for (const s of outer) {
    const nodes = s.nodes.map((n) => m.image.get(n) ?? n);
    const key = nodes.map(id).join(",");
    groups.set(key, [...(groups.get(key) ?? []), { ...s, nodes }]);
    // The old segment leaves every list it was on.
    for (const n of s.nodes) {
      n.ols = n.ols.filter((x) => x !== s);
      n.cls = n.cls.filter((x) => x !== s);
    }
  }
  for (const same of groups.values()) {
    const seg: VcgSegment = { nodes: same[0].nodes, component: same[0].component, stats: same.map((s) => s.stats).reduce(mergeStats) };
    seg.nodes[0].ols.push(seg);
    for (const n of seg.nodes.slice(1)) n.cls.push(seg);
  }
}
function isWithin(n: VcgNode, root: VcgNode): boolean {
  for (let x: VcgNode | null = n; x; x = x.parent) if (x === root) return true;
  return false;
}
