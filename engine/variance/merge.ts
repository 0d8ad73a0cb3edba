// Merging VCG patterns (paper 000 §4, §6). MergePatternTrees overlays two
// trees, matching children by their call-context sets; MergeContributionStructure
// carries the linear segments over, refusing incompatible ones; the merged
// statistics are exact (§6.1); the merge cost is a weighted breadth-first
// average of Kolmogorov–Smirnov differences, abandoned as soon as it exceeds
// τ_S. The originals are never changed: a merge builds new nodes.
import { ksDifference, ZERO } from "./ks.js";
import { mergeStats, weight, type VcgNode, type VcgSegment, type VcgStats } from "./vcgTypes.js";

interface Merged {
  readonly root: VcgNode;
  /** Per merged node, its corresponding nodes in the two inputs (000 §6 "CorrNodes"). */
  readonly corr: Map<VcgNode, [VcgNode | null, VcgNode | null]>;
  /** Each input node's merged node. */
  readonly image: Map<VcgNode, VcgNode>;
  /** Per merged segment, its statistics on each side (null: absent there). */
  readonly sides: Map<VcgSegment, [VcgStats | null, VcgStats | null]>;
}

/** Two corresponding nodes to overlay, under merged node `parent` with the call contexts `ccs`
 * its overlay gave them (both null at the root). */
interface Pair {
  readonly p1: VcgNode | null;
  readonly p2: VcgNode | null;
  readonly parent: VcgNode | null;
  readonly ccs: Set<string> | null;
}

/** MergePatternTrees (000 §6, lines 1–45): the merge-candidate tree, or null when the call contexts
 * are incompatible. An explicit stack, as patterns are as deep as the recursion they came from;
 * pairs are taken in the recursion's pre-order, so `corr` lists merged nodes in that order. */
function mergeTrees(a: VcgNode, b: VcgNode, out: Merged): VcgNode | null {
  let root: VcgNode | null = null;
  const stack: Pair[] = [{ p1: a, p2: b, parent: null, ccs: null }];
  for (let pair = stack.pop(); pair; pair = stack.pop()) {
    const { p1, p2, parent } = pair;
    if (p1 && p2 && (p1.fname !== p2.fname || p1.type !== p2.type)) return null;
    const children = overlayChildren(p1, p2);
    if (!children) return null;
    const pm = mergedNode(p1, p2, pair.ccs);
    out.corr.set(pm, [p1, p2]);
    if (p1) out.image.set(p1, pm);
    if (p2) out.image.set(p2, pm);
    if (parent) {
      pm.parent = parent;
      parent.children.push(pm);
    } else root = pm;
    for (let m = children.length - 1; m >= 0; m--) stack.push({ ...children[m], parent: pm });
  }
  return root;
}

/** Lines 6–26: the merged children of p1 and p2, each with its call contexts and the child of
 * each side it stands for, or null when the call contexts do not overlay. */
function overlayChildren(p1: VcgNode | null, p2: VcgNode | null): Omit<Pair, "parent">[] | null {
  const assigned = new Map<string, number>();
  let count = 0;
  const all = [...(p1?.children ?? []), ...(p2?.children ?? [])].flatMap((c) => [...c.ccs]);
  const holder = [holders(p1), holders(p2)];
  // Lines 11–26: every call context of one child must land on the same merged child, and
  // (implied by the overlay) no merged child may stand for two children of the same side.
  const owners = [new Map<number, VcgNode>(), new Map<number, VcgNode>()];
  const claimed = [new Set<VcgNode>(), new Set<VcgNode>()];
  const claim = (side: 0 | 1, cc: string): boolean => {
    const child = holder[side].get(cc);
    // A child claimed once has all its call contexts on one merged child: claiming it again changes nothing.
    if (!child || claimed[side].has(child)) return true;
    const m = assigned.get(cc)!;
    for (const cc1 of child.ccs) {
      const a = assigned.get(cc1);
      if (a !== undefined && a !== m) return false;
      assigned.set(cc1, m);
    }
    const other = owners[side].get(m);
    if (other && other !== child) return false;
    owners[side].set(m, child);
    claimed[side].add(child);
    return true;
  };
  for (const cc of all) {
    if (!assigned.has(cc)) assigned.set(cc, count++);
    if (!claim(0, cc) || !claim(1, cc)) return null;
  }
  const ccs = Array.from({ length: count }, () => new Set<string>());
  for (const [cc, m] of assigned) ccs[m].add(cc);
  return ccs.map((set, m) => ({ p1: owners[0].get(m) ?? null, p2: owners[1].get(m) ?? null, ccs: set }));
}

/** Each call context of a node's children and the first child that holds it. */
function holders(n: VcgNode | null): Map<string, VcgNode> {
  const byCc = new Map<string, VcgNode>();
  for (const c of n?.children ?? []) for (const cc of c.ccs) if (!byCc.has(cc)) byCc.set(cc, c);
  return byCc;
}

/** The merged node of p1 and p2 (exact pooled statistics, §6.1), not yet linked to a parent. */
function mergedNode(p1: VcgNode | null, p2: VcgNode | null, ccs: Set<string> | null): VcgNode {
  const base = (p1 ?? p2)!;
  return {
    fname: base.fname,
    type: base.type,
    stats: p1 && p2 ? mergeStats(p1.stats, p2.stats) : base.stats,
    ccs: ccs ?? new Set([...(p1?.ccs ?? []), ...(p2?.ccs ?? [])]),
    children: [],
    parent: null,
    ols: [],
    cls: [],
    contexts: [...(p1?.contexts ?? []), ...(p2?.contexts ?? [])],
  };
}

/** Lines 3–8 at one pair of corresponding nodes: the segments one originates with no corresponding
 * segment at the other, where the other has a child corresponding to the segment's second node
 * (it could have carried it), each with the side (0: c1, 1: c2) that has it. */
function originConflicts(out: Merged, c1: VcgNode, c2: VcgNode): { side: 0 | 1; segment: VcgSegment }[] {
  const image = (n: VcgNode) => out.image.get(n) ?? n;
  const sameSeq = (a: readonly VcgNode[], b: readonly VcgNode[]) =>
    a.length === b.length && a.every((n, i) => image(n) === image(b[i]));
  const found: { side: 0 | 1; segment: VcgSegment }[] = [];
  for (const [side, x, y] of [
    [0, c1, c2],
    [1, c2, c1],
  ] as const)
    for (const ls of x.ols) {
      const matched = y.ols.some((o) => sameSeq(o.nodes, ls.nodes));
      const carrier = ls.nodes[1] && out.corr.get(image(ls.nodes[1]))?.[1 - side];
      if (!matched && carrier) found.push({ side, segment: ls });
    }
  return found;
}

/** MergeContributionStructure (000 §6): false when the two contribution structures are incompatible. */
function mergeContributions(out: Merged): boolean {
  const image = (n: VcgNode) => out.image.get(n) ?? n; // nodes outside the merged trees are shared
  const sameSeq = (a: readonly VcgNode[], b: readonly VcgNode[]) =>
    a.length === b.length && a.every((n, i) => image(n) === image(b[i]));
  for (const [mnode, [c1, c2]] of out.corr) {
    if (c1 && c2) {
      // Originating linear segment compatibility (lines 3–8).
      if (originConflicts(out, c1, c2).length > 0) return false;
      for (const [x, y] of [
        [c1, c2],
        [c2, c1],
      ] as const) {
        // Linear segment internal compatibility (lines 9–14).
        if (
          x.cls.length > 0 &&
          (y.cls.length !== x.cls.length || !x.cls.every((s) => y.cls.some((t) => sameSeq(s.nodes, t.nodes))))
        )
          return false;
      }
    }
    // Lines 15–23: the segments of both sides, on merged nodes, once each.
    for (const [side, c] of [c1, c2].entries()) {
      for (const ls of c?.ols ?? []) {
        const nodes = ls.nodes.map(image);
        let seg = mnode.ols.find((s) => s.nodes.every((n, i) => n === nodes[i]) && s.nodes.length === nodes.length);
        if (!seg) {
          seg = { nodes, component: ls.component, stats: ls.stats };
          mnode.ols.push(seg);
          out.sides.set(seg, [null, null]);
          for (const n of nodes.slice(1)) n.cls.push(seg);
        } else seg.stats = mergeStats(seg.stats, ls.stats);
        out.sides.get(seg)![side] = ls.stats;
      }
    }
  }
  return true;
}

/** The weighted breadth-first average of KS differences (000 §6), or null once it exceeds τ_S. */
function mergeCost(out: Merged, tauS: number): number | null {
  let sumW = 0;
  let sumWD = 0;
  const add = (w: number, d: number) => {
    sumW += w;
    sumWD += w * d;
    return sumW > 0 ? sumWD / sumW : 0;
  };
  const queue = [out.root];
  for (let i = 0; i < queue.length; i++) {
    const m = queue[i];
    const [c1, c2] = out.corr.get(m)!;
    if (add(weight(m.stats), ksDifference(c1?.stats ?? ZERO, c2?.stats ?? ZERO)) > tauS) return null;
    for (const seg of m.ols) {
      const [s1, s2] = out.sides.get(seg)!;
      const underlier = seg.nodes[seg.nodes.length - 1];
      if (add(weight(underlier.stats), ksDifference(s1 ?? ZERO, s2 ?? ZERO)) > tauS) return null;
    }
    for (const c of m.children) queue.push(c);
  }
  return sumW > 0 ? sumWD / sumW : 0;
}

export interface MergeResult {
  readonly node: VcgNode;
  readonly cost: number;
  /** Each node of the two inputs' trees and its merged node. */
  readonly image: ReadonlyMap<VcgNode, VcgNode>;
}

/** Two patterns (or sibling subtrees) merged, with their cost, or null when incompatible or costlier than τ_S. */
export function mergePatterns(a: VcgNode, b: VcgNode, tauS: number): MergeResult | null {
  const out: Merged = { root: null as unknown as VcgNode, corr: new Map(), image: new Map(), sides: new Map() };
  const root = mergeTrees(a, b, out);
  if (!root) return null;
  (out as { root: VcgNode }).root = root;
  if (!mergeContributions(out)) return null;
  const cost = mergeCost(out, tauS);
  return cost === null ? null : { node: root, cost, image: out.image };
}

/** A back-edge one of two patterns has and the other lacks where it has the nodes to carry it. */
export interface ContributionConflict {
  /** 0: the first pattern has it, 1: the second. */
  readonly side: 0 | 1;
  readonly segment: VcgSegment;
  /** In the pattern without it: the node corresponding to the segment's originator, and to its
   * underlier (null: no such node there). */
  readonly originator: VcgNode;
  readonly underlier: VcgNode | null;
}

/** What keeps two patterns of compatible trees apart in their contribution structures: the
 * originating-segment conflicts of MergeContributionStructure (000 §6, lines 3–8), pre-order over
 * the merged tree. Null when the trees themselves do not overlay (MergePatternTrees fails); empty
 * when nothing in the back-edges keeps them apart. */
export function contributionConflicts(a: VcgNode, b: VcgNode): ContributionConflict[] | null {
  const out: Merged = { root: null as unknown as VcgNode, corr: new Map(), image: new Map(), sides: new Map() };
  if (!mergeTrees(a, b, out)) return null;
  const found: ContributionConflict[] = [];
  for (const [c1, c2] of out.corr.values()) {
    if (!c1 || !c2) continue;
    for (const { side, segment } of originConflicts(out, c1, c2)) {
      const under = out.image.get(segment.nodes[segment.nodes.length - 1]);
      found.push({
        side,
        segment,
        originator: side === 0 ? c2 : c1,
        underlier: (under && out.corr.get(under)?.[1 - side]) ?? null,
      });
    }
  }
  return found;
}
