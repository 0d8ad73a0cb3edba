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

export function detectionPatterns(cols: ContextColumns, functions: readonly string[], tagging: Tagging, chebyshevProbability: number, similar: SimilarityMeasure = withinTenPercent): DetectionPattern[] {
  const k = chebyshevT(1 - chebyshevProbability);
  const paths = pathsOf(cols, functions);
  const statsOf = (c: number): VcgStats => ({ n: cols.n[c], meanNs: cols.meanNs[c], varianceNs2: tagging.variance[c] });
  const byFn = new Map<number, number[]>();
  for (let c = 1; c < cols.size; c++) if (tagging.significant[c]) byFn.set(cols.fn[c], [...(byFn.get(cols.fn[c]) ?? []), c]);
  // Algorithm 1 with the broad-brush match set of §3.3: tagged against untagged contexts of the function.
  const start: { ctx: number; length: number }[] = [];
  for (const all of byFn.values()) {
    const match = all.filter((c) => tagging.highVariant[c]);
    const other = all.filter((c) => !tagging.highVariant[c]);
    for (const m of match) {
      let length = 1;
      while (length < paths[m].length && other.some((o) => sameSuffix(paths[m], paths[o], length))) length++;
      start.push({ ctx: m, length });
    }
  }
  const leaves: { ctx: number; length: number }[][] = [];
  const split = (group: { ctx: number; length: number }[]) => {
    const alike = group.every((a, i) => group.slice(i + 1).every((b) => similar(statsOf(a.ctx), statsOf(b.ctx))));
    const longer = group.filter((g) => g.length < paths[g.ctx].length);
    if (alike || longer.length === 0) return void leaves.push(group);
    // One more caller for every pattern of the group, then identical chains regrouped (§3.3).
    for (const sub of groupByChain(group.map((g) => ({ ctx: g.ctx, length: Math.min(g.length + 1, paths[g.ctx].length) })), paths).values()) split(sub);
  };
  for (const g of groupByChain(start, paths).values()) split(g);
  return leaves
    .map((g) => {
      const stats = g.map((x) => statsOf(x.ctx)).reduce(mergeStats);
      return { chain: paths[g[0].ctx].slice(-g[0].length), contexts: g.map((x) => x.ctx), stats, cov: cov(stats), vim: k * Math.sqrt(stats.varianceNs2) * stats.n };
    })
    .sort((a, b) => b.vim - a.vim || a.chain.join(">").localeCompare(b.chain.join(">")));
}

/** The patterns evaluated on another CCT: their chains matched at the end of its contexts' paths,
 * every occurrence counted (001 §4: the statistics a pattern predicts for the regression input),
 * significant or not. */
export function evaluatePatterns(patterns: readonly DetectionPattern[], cols: ContextColumns, functions: readonly string[], tagging: Tagging, chebyshevProbability: number): DetectionPattern[] {
  const k = chebyshevT(1 - chebyshevProbability);
  const paths = pathsOf(cols, functions);
  return patterns.map((p) => {
    const contexts: number[] = [];
    for (let c = 1; c < cols.size; c++) if (cols.n[c] > 0 && sameSuffix(paths[c], p.chain, p.chain.length)) contexts.push(c);
    const stats = contexts.map((c) => ({ n: cols.n[c], meanNs: cols.meanNs[c], varianceNs2: tagging.variance[c] })).reduce(mergeStats, { n: 0, meanNs: 0, varianceNs2: 0 });
    return { chain: p.chain, contexts, stats, cov: cov(stats), vim: k * Math.sqrt(stats.varianceNs2) * stats.n };
  });
}

/** The chains in the Pattern Set (001 §4). */
export function patternSet(patterns: readonly DetectionPattern[]): Set<string> {
  const top = Math.max(0, ...patterns.map((p) => p.vim));
  return new Set(patterns.filter((p) => top > 0 && p.vim >= PATTERN_SET_SHARE * top).map((p) => p.chain.join(" > ")));
}

/** The patterns as result rows, each marked when it is in their Pattern Set. */
export function detectionRows(patterns: readonly DetectionPattern[]): DetectionRow[] {
  const set = patternSet(patterns);
  return patterns.map((d) => ({ chain: d.chain, contexts: d.contexts.length, n: d.stats.n, meanNs: d.stats.meanNs, cov: d.cov, vim: d.vim, inPatternSet: set.has(d.chain.join(" > ")) }));
}

/** Share of the profiling Pattern Set also in the regression Pattern Set (001 Table 1, "Pattern Set overlap"). */
export function patternSetOverlap(profiling: Set<string>, regression: Set<string>): number {
  if (profiling.size === 0) return 0;
  return [...profiling].filter((c) => regression.has(c)).length / profiling.size;
}

function pathsOf(cols: ContextColumns, functions: readonly string[]): string[][] {
  const paths: string[][] = [[]];
  for (let c = 1; c < cols.size; c++) paths[c] = [...paths[cols.parent[c]], functions[cols.fn[c]]];
  return paths;
}

/** The last `length` names of a and b are equal (and both are that long). */
function sameSuffix(a: readonly string[], b: readonly string[], length: number): boolean {
  if (a.length < length || b.length < length) return false;
  for (let i = 1; i <= length; i++) if (a[a.length - i] !== b[b.length - i]) return false;
  return true;
}

function groupByChain(items: { ctx: number; length: number }[], paths: string[][]): Map<string, { ctx: number; length: number }[]> {
  const groups = new Map<string, { ctx: number; length: number }[]>();
  for (const it of items) {
    const key = paths[it.ctx].slice(-it.length).join("\u0000");
    groups.set(key, [...(groups.get(key) ?? []), it]);
  }
  return groups;
}
