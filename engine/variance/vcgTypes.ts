// The Variance Characterization Graph (paper 000 §5) as the analysis builds
// and merges it: nodes with a type, statistics, call-context set, children,
// and the linear segments they originate or lie on.

export type VcgNodeType = "Task" | "Contributor" | "Contrast";

/** N, mean and population variance (000 §5 item 3; W and CoV are derived). */
export interface VcgStats {
  readonly n: number;
  readonly meanNs: number;
  readonly varianceNs2: number;
}

export interface VcgNode {
  fname: string;
  type: VcgNodeType;
  stats: VcgStats;
  /** Call-context set (000 §5 item 8): each entry the call chain from the parent VCG node (or,
   * at a root, from the CCT root) to this node, as "[i] f [j] g [k]": [i] is the call site in
   * the caller, then each function passed and its call site. uftrace records functions, not
   * call sites, so [i] is the callee function's place among all the functions its caller's
   * function calls, in the order of their names, the same in every thread and run (extract.ts, callSites). */
  ccs: Set<string>;
  children: VcgNode[];
  parent: VcgNode | null;
  /** Segments this node originates (000 §5 item 5) and those it lies on below their originator (item 4). */
  ols: VcgSegment[];
  cls: VcgSegment[];
  /** CCT contexts this node stands for. */
  contexts: number[];
  /** σ·N summed over the subtree under this node as merged, before trimming: what ranked it among
   * its siblings and what β compared (000 §4). Set by prioritize. */
  rankVim?: number;
}

export interface VcgSegment {
  /** Originator first, underlier last (000 §5 "Linear Segment"). */
  nodes: VcgNode[];
  /** The originator's variance component it contributes to: the call site [i] in the
   * originator through which the contribution flows (000 §3.1, "the [3] and [4] variance components of H"). */
  component: number;
  /** T_i = (mean of Y^{H|W}, its variance, N of H) (000 §6.1). */
  stats: VcgStats;
}

/** W = N·mean (000 §5 item 3). */
export function weight(s: VcgStats): number {
  return s.n * s.meanNs;
}

/** VIM = σ·N (000 §4). */
export function vim(s: VcgStats): number {
  return Math.sqrt(s.varianceNs2) * s.n;
}

/** Exact pooled statistics of two sets of observations (000 §6.1). */
export function mergeStats(a: VcgStats, b: VcgStats): VcgStats {
  const n = a.n + b.n;
  if (n === 0) return a;
  const mean = (a.meanNs * a.n + b.meanNs * b.n) / n;
  const variance =
    (a.n * (a.varianceNs2 + (a.meanNs - mean) ** 2) + b.n * (b.varianceNs2 + (b.meanNs - mean) ** 2)) / n;
  return { n, meanNs: mean, varianceNs2: variance };
}

/** Contribution fraction of a segment: Var(Y^{H|W}) / σ²_H (000 §6.1). */
export function contributionFraction(seg: VcgSegment): number {
  const target = seg.nodes[0].stats.varianceNs2;
  return target > 0 ? seg.stats.varianceNs2 / target : 0;
}

/** The nodes under `node`, itself first, depth-first in child order. An explicit stack, not
 * nested generators: a pattern is as deep as the recursion it came from. */
export function* preorder(node: VcgNode): Generator<VcgNode> {
  const stack = [node];
  for (let n = stack.pop(); n; n = stack.pop()) {
    yield n;
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
}
