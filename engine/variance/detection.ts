// Detection patterns (paper 001 §3.2–3.4): for each high-variant context, the
// minimal distinguishing call chain (Algorithm 1) that tells it apart from the
// significant contexts of the same function that are not high-variant; equal
// chains grouped and split by a similarity measure in a pattern-similarity
// tree (§3.3); patterns ranked by VIM = kσN (§3.4); the Pattern Set of those
// with at least 10% of the largest VIM, and its overlap with another run's
// (§4, Table 1).
import type { ContextColumns } from "../cct/contextTable.js";
import type { Tagging } from "./tagging.js";
import { chebyshevT } from "./parameters.js";
import { mergeStats, type VcgStats } from "./vcgTypes.js";
import type { DetectionRow } from "./result.js";

/** Pattern Set: VIM at least 10% of the largest (001 §4). */
export const PATTERN_SET_SHARE = 0.1;

/** Decides whether a group of patterns behaves alike. */
export type SimilarityMeasure = (a: VcgStats, b: VcgStats) => boolean;

/** 001 §3.3's measure: means and CoVs within 10% of each other. */
export const withinTenPercent: SimilarityMeasure = (a, b) => {
  const close = (x: number, y: number) => Math.abs(x - y) <= 0.1 * Math.max(Math.abs(x), Math.abs(y));
  return close(a.meanNs, b.meanNs) && close(cov(a), cov(b));
};

function cov(s: VcgStats): number {
  return s.meanNs > 0 ? Math.sqrt(s.varianceNs2) / s.meanNs : 0;
}

export interface DetectionPattern {
  /** The call chain, outermost function first; it matches a context whose path ends with it. */
  readonly chain: readonly string[];
  /** The tagged contexts it stands for. */
  readonly contexts: readonly number[];
  readonly stats: VcgStats;
  readonly cov: number;
  /** k·σ·N with Chebyshev's k for the tagging probability (001 §3.4, Eq. 2). */
  readonly vim: number;
}

export function detectionPatterns(
  cols: ContextColumns,
  functions: readonly string[],
  tagging: Tagging,
  chebyshevProbability: number,
  similar: SimilarityMeasure = withinTenPercent,
): DetectionPattern[] {
  const k = chebyshevT(1 - chebyshevProbability);
  const forest = significantForest(cols, functions, tagging);
  const items = startItems(cols, tagging, forest);
  const stats = items.map((it): VcgStats => ({
    n: cols.n[it.ctx],
    meanNs: cols.meanNs[it.ctx],
    varianceNs2: tagging.variance[it.ctx],
  }));
  const leaves = splitGroups(items, forest.index, stats, similar);
  const keys = new Map<DetectionPattern, string>();
  const keyOf = (p: DetectionPattern) => keys.get(p) ?? (keys.set(p, p.chain.join(">")), keys.get(p)!);
  return leaves
    .map((g) => {
      const s = g.members.map((m) => stats[m]).reduce(mergeStats);
      return {
        chain: chainOf(
          forest.index,
          items[g.members[0]].node,
          g.length,
          (x) => functions[cols.fn[forest.contextOf[x]]],
        ),
        contexts: g.members.map((m) => items[m].ctx),
        stats: s,
        cov: cov(s),
        vim: k * Math.sqrt(s.varianceNs2) * s.n,
      };
    })
    .sort((a, b) => b.vim - a.vim || keyOf(a).localeCompare(keyOf(b)));
}

/** The patterns evaluated on another CCT: their chains matched at the end of its contexts' paths,
 * every occurrence counted (001 §4: the statistics a pattern predicts for the regression input),
 * significant or not. The chains join its contexts in one forest (as paths from a root of their
 * own), so a chain's matches are the contexts beside its node in reversed-path order. */
export function evaluatePatterns(
  patterns: readonly DetectionPattern[],
  cols: ContextColumns,
  functions: readonly string[],
  tagging: Tagging,
  chebyshevProbability: number,
): DetectionPattern[] {
  const k = chebyshevT(1 - chebyshevProbability);
  const { index, chainNode } = chainForest(cols, functions, patterns);
  const at = positions(index.order);
  return patterns.map((p, i) => {
    const length = p.chain.length;
    const contexts: number[] = [];
    if (length === 0) for (let c = 1; c < cols.size; c++) contexts.push(c);
    else for (const x of sharing(index, at[chainNode[i]], length)) if (x < cols.size - 1) contexts.push(x + 1);
    const counted = contexts.filter((c) => cols.n[c] > 0).sort((a, b) => a - b);
    const stats = counted
      .map((c) => ({ n: cols.n[c], meanNs: cols.meanNs[c], varianceNs2: tagging.variance[c] }))
      .reduce(mergeStats, { n: 0, meanNs: 0, varianceNs2: 0 });
    return {
      chain: p.chain,
      contexts: counted,
      stats,
      cov: cov(stats),
      vim: k * Math.sqrt(stats.varianceNs2) * stats.n,
    };
  });
}

/** The chains in the Pattern Set (001 §4). */
export function patternSet(patterns: readonly DetectionPattern[]): Set<string> {
  const top = patterns.reduce((m, p) => Math.max(m, p.vim), 0);
  return new Set(patterns.filter((p) => top > 0 && p.vim >= PATTERN_SET_SHARE * top).map((p) => p.chain.join(" > ")));
}

/** The patterns as result rows, each marked when it is in their Pattern Set. */
export function detectionRows(patterns: readonly DetectionPattern[]): DetectionRow[] {
  const set = patternSet(patterns);
  return patterns.map((d) => ({
    chain: d.chain,
    contexts: d.contexts.length,
    n: d.stats.n,
    meanNs: d.stats.meanNs,
    cov: d.cov,
    vim: d.vim,
    inPatternSet: set.has(d.chain.join(" > ")),
  }));
}

/** Share of the profiling Pattern Set also in the regression Pattern Set (001 Table 1, "Pattern Set overlap"). */
export function patternSetOverlap(profiling: Set<string>, regression: Set<string>): number {
  if (profiling.size === 0) return 0;
  return [...profiling].filter((c) => regression.has(c)).length / profiling.size;
}

/** The significant contexts (whose ancestors are all significant) as a forest under the CCT root,
 * each node named by its function's name, so chains compare by name as the paper's strings do. */
interface Forest {
  readonly index: SuffixIndex;
  /** Per context its node, or −1; per node its context. */
  readonly nodeOf: Int32Array;
  readonly contextOf: Int32Array;
}

function significantForest(cols: ContextColumns, functions: readonly string[], tagging: Tagging): Forest {
  const nodeOf = new Int32Array(cols.size).fill(-1);
  const contextOf: number[] = [];
  const parent: number[] = [];
  const name: number[] = [];
  const ids = new Map<string, number>();
  for (let c = 1; c < cols.size; c++) {
    if (!tagging.significant[c]) continue;
    nodeOf[c] = contextOf.push(c) - 1;
    parent.push(nodeOf[cols.parent[c]]);
    name.push(idOf(ids, functions[cols.fn[c]]));
  }
  return {
    index: indexSuffixes(Int32Array.from(parent), Int32Array.from(name), ids.size),
    nodeOf,
    contextOf: Int32Array.from(contextOf),
  };
}

/** A name's id: 1, 2, … in order of first use. */
function idOf(ids: Map<string, number>, name: string): number {
  let id = ids.get(name);
  if (id === undefined) ids.set(name, (id = ids.size + 1));
  return id;
}

/** A high-variant context and the length of its chain. */
interface Item {
  readonly ctx: number;
  readonly node: number;
  readonly length: number;
}

/** Algorithm 1 with the broad-brush match set of §3.3, tagged against untagged significant contexts
 * of the function: each chain is one caller longer than the longest suffix its path shares with
 * any untagged one, or the whole path. In reversed-path order the longest shared suffix is with
 * the nearest untagged context on either side, so one pass each way finds it. */
function startItems(cols: ContextColumns, tagging: Tagging, forest: Forest): Item[] {
  const { index, nodeOf } = forest;
  const at = positions(index.order);
  const byFn = new Map<number, number[]>();
  for (let c = 1; c < cols.size; c++) {
    if (!tagging.significant[c]) continue;
    const all = byFn.get(cols.fn[c]);
    if (all) all.push(c);
    else byFn.set(cols.fn[c], [c]);
  }
  const items: Item[] = [];
  for (const all of byFn.values()) {
    const shared = new Map<number, number>();
    const sorted = [...all].sort((a, b) => at[nodeOf[a]] - at[nodeOf[b]]);
    for (const pass of [sorted, [...sorted].reverse()]) {
      let other = -1;
      for (const c of pass) {
        if (!tagging.highVariant[c]) other = nodeOf[c];
        else if (other >= 0) shared.set(c, Math.max(shared.get(c) ?? 0, commonSuffix(index, nodeOf[c], other)));
      }
    }
    for (const c of all)
      if (tagging.highVariant[c])
        items.push({ ctx: c, node: nodeOf[c], length: Math.min(index.depth[nodeOf[c]], 1 + (shared.get(c) ?? 0)) });
  }
  return items;
}

/** Items with one chain: a range [lo, hi) of the items in reversed-path order, and the items in
 * their original order (the order the paper's grouping keeps). */
interface Group {
  readonly lo: number;
  readonly hi: number;
  readonly length: number;
  readonly members: readonly number[];
}

/** Equal chains grouped, then split in the pattern-similarity tree (001 §3.3): a group whose
 * patterns are not all alike gets one more caller for every pattern, and identical chains are
 * regrouped. Depth-first with an explicit stack (chains grow as long as the recursion), leaves in
 * the order the recursive walk finds them. Items with one chain are adjacent in reversed-path
 * order, so a group is a range there and splits where neighbours share fewer callers. */
function splitGroups(
  items: readonly Item[],
  index: SuffixIndex,
  stats: readonly VcgStats[],
  similar: SimilarityMeasure,
): Group[] {
  const at = positions(index.order);
  const sorted = items
    .map((_, i) => i)
    .sort((a, b) => items[a].length - items[b].length || at[items[a].node] - at[items[b].node]);
  // shared[i]: callers items sorted[i] and sorted[i + 1] share, when their chains are as long.
  const shared = Int32Array.from(sorted, (a, i) =>
    i + 1 < sorted.length && items[sorted[i + 1]].length === items[a].length
      ? commonSuffix(index, items[a].node, items[sorted[i + 1]].node)
      : -1,
  );
  const place = new Int32Array(items.length);
  sorted.forEach((a, i) => (place[a] = i));
  const depth = (m: number) => index.depth[items[m].node];
  const alike = (members: readonly number[]) => {
    for (let i = 0; i < members.length; i++)
      for (let j = i + 1; j < members.length; j++) if (!similar(stats[members[i]], stats[members[j]])) return false;
    return true;
  };
  const leaves: Group[] = [];
  const stack = regroup(
    { lo: 0, hi: sorted.length, members: items.map((_, i) => i) },
    (i) => items[sorted[i]].length,
    shared,
    place,
  ).reverse();
  for (let g = stack.pop(); g; g = stack.pop()) {
    if (alike(g.members) || g.members.every((m) => depth(m) <= g.length)) {
      leaves.push(g);
      continue;
    }
    // While the members share more callers, one more each leaves the group whole and as unalike:
    // go straight to the length where they part.
    let length = Infinity;
    for (let i = g.lo; i + 1 < g.hi; i++) length = Math.min(length, shared[i]);
    if (g.members.every((m) => depth(m) <= length)) {
      leaves.push({ ...g, length });
      continue;
    }
    const next = (i: number) => Math.min(length + 1, index.depth[items[sorted[i]].node]);
    for (const sub of regroup(g, next, shared, place).reverse()) stack.push(sub);
  }
  return leaves;
}

/** The items of `g` regrouped by chain when item sorted[i] has chain length length(i): runs of the
 * range whose neighbours have one length and share that many callers, in order of first member. */
function regroup(
  g: Omit<Group, "length">,
  length: (i: number) => number,
  shared: Int32Array,
  place: Int32Array,
): Group[] {
  const run = new Int32Array(g.hi - g.lo);
  const bounds: { lo: number; hi: number }[] = [];
  for (let i = g.lo; i < g.hi; i++) {
    if (i === g.lo || length(i) !== length(i - 1) || shared[i - 1] < length(i)) bounds.push({ lo: i, hi: i + 1 });
    else bounds[bounds.length - 1].hi = i + 1;
    run[i - g.lo] = bounds.length - 1;
  }
  const groups = new Map<number, number[]>();
  for (const m of g.members) {
    const r = run[place[m] - g.lo];
    const members = groups.get(r);
    if (members) members.push(m);
    else groups.set(r, [m]);
  }
  return [...groups].map(([r, members]) => ({ ...bounds[r], length: length(bounds[r].lo), members }));
}

/** The last `length` names of node x's path, outermost first. */
function chainOf(index: SuffixIndex, x: number, length: number, nameOf: (node: number) => string): string[] {
  const chain: string[] = new Array(length);
  for (let i = length - 1; i >= 0; i--, x = index.up[0][x]) chain[i] = nameOf(x);
  return chain;
}

/** The regression's contexts (context c is node c − 1) and, after them, the patterns' chains as
 * paths from roots of their own, sharing their common beginnings. */
function chainForest(
  cols: ContextColumns,
  functions: readonly string[],
  patterns: readonly DetectionPattern[],
): { index: SuffixIndex; chainNode: Int32Array } {
  const ids = new Map<string, number>();
  const parent: number[] = [];
  const name: number[] = [];
  for (let c = 1; c < cols.size; c++) {
    parent.push(cols.parent[c] - 1);
    name.push(idOf(ids, functions[cols.fn[c]]));
  }
  for (const p of patterns) for (const fname of p.chain) idOf(ids, fname);
  // Trie children keyed (parent node + 1)·(names + 1) + name, node −1 being the chains' root
  // (exact while nodes · names < 2⁵³).
  const stride = ids.size + 1;
  const child = new Map<number, number>();
  const chainNode = Int32Array.from(patterns, (p) => {
    let x = -1;
    for (const fname of p.chain) {
      const id = ids.get(fname)!;
      const key = (x + 1) * stride + id;
      let next = child.get(key);
      if (next === undefined) {
        next = parent.push(x) - 1;
        name.push(id);
        child.set(key, next);
      }
      x = next;
    }
    return x;
  });
  return { index: indexSuffixes(Int32Array.from(parent), Int32Array.from(name), ids.size), chainNode };
}

/** The nodes whose reversed path shares its first `length` names with that of the node at
 * `position` in reversed-path order: the run around it whose neighbours share as many. */
function sharing(index: SuffixIndex, position: number, length: number): number[] {
  const { order } = index;
  let lo = position;
  let hi = position + 1;
  while (lo > 0 && commonSuffix(index, order[lo - 1], order[lo]) >= length) lo--;
  while (hi < order.length && commonSuffix(index, order[hi - 1], order[hi]) >= length) hi++;
  return Array.from(order.subarray(lo, hi));
}

/** Where each node stands in `order`. */
function positions(order: Int32Array): Int32Array {
  const at = new Int32Array(order.length);
  order.forEach((x, i) => (at[x] = i));
  return at;
}

/** A forest (parents numbered before their children, −1 for none, names ≥ 1) with its reversed
 * root paths — each node, its caller, its caller's caller, … — ranked by prefix doubling, so the
 * suffix two paths share is found in O(log depth), and paths of one suffix are adjacent. */
interface SuffixIndex {
  /** Names on the path from the root. */
  readonly depth: Int32Array;
  /** Per level k: each node's class among the first 2^k names of its reversed path (all of
   * them when fewer), numbered in lexicographic order. */
  readonly rank: readonly Int32Array[];
  /** Per level k: the ancestor 2^k up, or −1. */
  readonly up: readonly Int32Array[];
  /** The nodes in lexicographic order of their reversed paths. */
  readonly order: Int32Array;
}

function indexSuffixes(parent: Int32Array, name: Int32Array, names: number): SuffixIndex {
  const n = parent.length;
  const depth = new Int32Array(n);
  let maxDepth = 0;
  for (let x = 0; x < n; x++) maxDepth = Math.max(maxDepth, (depth[x] = parent[x] < 0 ? 1 : depth[parent[x]] + 1));
  let level = rankPairs(name, new Int32Array(n), names);
  const rank = [level.rank];
  const up = [parent];
  // Doubling stops once a class spans whole paths, or every path is a class of its own.
  for (let span = 1; span < maxDepth && level.classes < n; span *= 2) {
    const r = rank[rank.length - 1];
    const u = up[up.length - 1];
    level = rankPairs(
      r,
      u.map((a) => (a < 0 ? 0 : r[a])),
      level.classes,
    );
    rank.push(level.rank);
    up.push(u.map((a) => (a < 0 ? -1 : u[a])));
  }
  return { depth, rank, up, order: level.order };
}

/** Dense ranks 1, 2, … of the pairs (first[x], second[x]), keys in [0, maxKey], in lexicographic
 * order, and that order: two stable counting sorts, least significant key first. */
function rankPairs(
  first: Int32Array,
  second: Int32Array,
  maxKey: number,
): { rank: Int32Array; classes: number; order: Int32Array } {
  const n = first.length;
  const order = sortByKey(
    first,
    sortByKey(
      second,
      Int32Array.from({ length: n }, (_, i) => i),
      maxKey,
    ),
    maxKey,
  );
  const rank = new Int32Array(n);
  let classes = 0;
  for (let i = 0; i < n; i++) {
    const x = order[i];
    const y = order[i - 1];
    if (i === 0 || first[x] !== first[y] || second[x] !== second[y]) classes++;
    rank[x] = classes;
  }
  return { rank, classes, order };
}

function sortByKey(key: Int32Array, items: Int32Array, maxKey: number): Int32Array {
  const start = new Int32Array(maxKey + 2);
  for (const x of items) start[key[x] + 1]++;
  for (let v = 1; v < start.length; v++) start[v] += start[v - 1];
  const sorted = new Int32Array(items.length);
  for (const x of items) sorted[start[key[x]]++] = x;
  return sorted;
}

/** The number of names at the end of x's path that y's path ends with too (x ≠ y): descending the
 * levels, a block of equal class is shared whole. */
function commonSuffix(index: SuffixIndex, x: number, y: number): number {
  let length = 0;
  for (let k = index.rank.length - 1; k >= 0 && x >= 0 && y >= 0; k--) {
    if (index.rank[k][x] !== index.rank[k][y]) continue;
    length += Math.min(2 ** k, index.depth[x]);
    x = index.up[k][x];
    y = index.up[k][y];
  }
  return length;
}
