// Hierarchical agglomerative merging in layers (paper 000 §4): in each layer
// the cheapest compatible pairs whose merge cost is at most τ_S are merged,
// each point at most once; merged and unmerged points form the next layer,
// until no pair can merge. First inside every pattern, bottom-up, with the
// subtrees under each node as the points; then across patterns.
import { mergePatterns, type MergeResult } from "./merge.js";
import { preorder, type VcgNode, type VcgSegment } from "./vcgTypes.js";
import { sumStats, type TermedSegment } from "./segments.js";

interface Pair {
  readonly a: VcgNode;
  readonly b: VcgNode;
  readonly cost: number;
  /** The points' places in the layer (a's before b's): ties go to the earlier pair. */
  readonly ra: number;
  readonly rb: number;
}

const byCost = (x: Pair, y: Pair) => x.cost - y.cost || x.ra - y.ra || x.rb - y.rb;

/** `applied` is told of every merge made, with the two points it consumed. */
export function agglomerate(
  points: readonly VcgNode[],
  tauS: number,
  applied: (m: MergeResult, a: VcgNode, b: VcgNode) => void = () => {},
): VcgNode[] {
  // A merge builds new nodes and leaves its inputs as they were, so two points that both outlive
  // a layer cost the same in the next: their pair is kept, in its sorted place, and only pairs
  // with a new point are tried. Each layer puts its new points first and keeps the others in
  // order, so a rank that only new points lower keeps the layer's order for kept pairs too.
  let layer = [...points];
  const rank = new Map(layer.map((x, i) => [x, i]));
  let fresh = layer.length;
  let pairs: Pair[] = [];
  for (;;) {
    const tried: Pair[] = [];
    for (let i = 0; i < fresh; i++) {
      for (let j = i + 1; j < layer.length; j++) {
        const [a, b] = [layer[i], layer[j]];
        // Root name and type must match (MergePatternTrees, lines 2–5): skip the attempt early.
        if (a.fname !== b.fname || a.type !== b.type) continue;
        const m = mergePatterns(a, b, tauS);
        if (m) tried.push({ a, b, cost: m.cost, ra: rank.get(a)!, rb: rank.get(b)! });
      }
    }
    pairs = mergeSorted(pairs, tried.sort(byCost));
    if (pairs.length === 0) return layer;
    const consumed = new Set<VcgNode>();
    const next: VcgNode[] = [];
    for (const { a, b } of pairs) {
      if (consumed.has(a) || consumed.has(b)) continue;
      consumed.add(a);
      consumed.add(b);
      // Built again rather than kept for every pair: the same inputs give the same merge.
      const merged = mergePatterns(a, b, tauS)!;
      applied(merged, a, b);
      next.push(merged.node);
    }
    const low = rank.get(layer[0])!;
    next.forEach((x, i) => rank.set(x, low - next.length + i));
    layer = [...next, ...layer.filter((x) => !consumed.has(x))];
    fresh = next.length;
    pairs = pairs.filter((p) => !consumed.has(p.a) && !consumed.has(p.b));
  }
}

/** Two lists sorted by byCost as one. */
function mergeSorted(x: readonly Pair[], y: readonly Pair[]): Pair[] {
  const out: Pair[] = [];
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) out.push(byCost(x[i], y[j]) <= 0 ? x[i++] : y[j++]);
  while (i < x.length) out.push(x[i++]);
  while (j < y.length) out.push(y[j++]);
  return out;
}

/** Merges inside a pattern, bottom-up: each node's children subtrees are the points (000 §4).
 * Subtrees may lie on segments that start above them (from this node or an ancestor). Two such
 * siblings merge only where their segments correspond through the merge (MergeContributionStructure's
 * internal compatibility check, 000 §6), and the segments are then re-pointed to the merged nodes,
 * one segment for each set that lands on the same merged nodes, their sum (repointOuter). */
export function mergeWithin(node: VcgNode, tauS: number): void {
  // Children before parents: pre-order reversed, without recursion (a pattern is as deep as the
  // recursion it came from).
  for (const n of [...preorder(node)].reverse()) {
    if (n.children.length < 2) continue;
    const merged = agglomerate(n.children, tauS, (m, a, b) => repointOuter(m, a, b));
    for (const m of merged) m.parent = n;
    n.children = merged;
  }
}

/** The segments lying in subtrees a and b that start outside them, moved onto the merged subtree.
 * Segments that land on the same merged nodes start at the same originator, from the same
 * invocations of it: the merged segment is their sum (SegmentTerms), with N of the originator. */
function repointOuter(m: MergeResult, a: VcgNode, b: VcgNode): void {
  const outer = new Set<VcgSegment>();
  for (const root of [a, b])
    for (const n of preorder(root)) for (const s of n.cls) if (!isWithin(s.nodes[0], root)) outer.add(s);
  const groups = new Map<string, VcgSegment[]>();
  const ids = new Map<VcgNode, number>();
  const id = (n: VcgNode) => ids.get(n) ?? (ids.set(n, ids.size), ids.size - 1);
  for (const s of outer) {
    const key = s.nodes.map((n) => id(m.image.get(n) ?? n)).join(",");
    groups.set(key, [...(groups.get(key) ?? []), s]);
    // The old segment leaves every list it was on.
    for (const n of s.nodes) {
      n.ols = n.ols.filter((x) => x !== s);
      n.cls = n.cls.filter((x) => x !== s);
    }
  }
  for (const same of groups.values()) {
    const nodes = same[0].nodes.map((n) => m.image.get(n) ?? n);
    const seg: VcgSegment = same.length === 1 ? { ...same[0], nodes } : summed(same, nodes);
    seg.nodes[0].ols.push(seg);
    for (const n of seg.nodes.slice(1)) n.cls.push(seg);
  }
}

/** Segments of one originator added up: their components' sum over its plan matrix. */
function summed(same: readonly VcgSegment[], nodes: VcgNode[]): TermedSegment {
  const all = same.map((s) => (s as Partial<TermedSegment>).terms);
  const matrix = all[0]?.matrix;
  if (!matrix || !all.every((t) => t?.matrix === matrix))
    throw new Error("segments of one originator merged without the terms of its plan matrix");
  const terms = { matrix, components: all.flatMap((t) => t!.components) };
  return { nodes, component: same[0].component, stats: sumStats(terms), terms };
}

function isWithin(n: VcgNode, root: VcgNode): boolean {
  for (let x: VcgNode | null = n; x; x = x.parent) if (x === root) return true;
  return false;
}
