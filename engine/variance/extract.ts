// Initial extraction of VCG patterns from the tagged CCT (paper 000 §7 step 3,
// §5): Task (high-variant), Contributor (low-variant underlier of a segment),
// Contrast (a low-variant context of a function that is high-variant
// elsewhere, or a transmitter inside a segment). Other contexts are unused:
// they only appear inside the call-context sets of the nodes below them.
import type { ContextColumns } from "../cct/contextTable.js";
import type { Tagging } from "./tagging.js";
import type { Segment, TermedSegment } from "./segments.js";
import type { VcgNode, VcgNodeType } from "./vcgTypes.js";

export function extractPatterns(
  cols: ContextColumns,
  functions: readonly string[],
  tagging: Tagging,
  segments: readonly Segment[],
): VcgNode[] {
  // Each root node stands for its pattern (000 §6: "a pattern refers to the root node").
  const k = cols.size;
  const type = labelContexts(cols, tagging, segments);
  const site = callSites(cols, functions);
  const node: (VcgNode | undefined)[] = new Array(k);
  const roots: VcgNode[] = [];
  for (let c = 1; c < k; c++) {
    const t = type[c];
    if (t === null) continue;
    // The call chain up to the nearest ancestor that is a VCG node: the unused contexts in between.
    let a = cols.parent[c];
    let chain = `[${site[c]}]`;
    while (a > 0 && type[a] === null) {
      chain = `[${site[a]}] ${functions[cols.fn[a]]} ${chain}`;
      a = cols.parent[a];
    }
    const parent = a > 0 ? node[a]! : null;
    if (parent === null) chain = chainFromRoot(cols, functions, site, c);
    const n: VcgNode = {
      fname: functions[cols.fn[c]],
      type: t,
      stats: { n: cols.n[c], meanNs: cols.meanNs[c], varianceNs2: tagging.variance[c] },
      ccs: new Set([chain]),
      children: [],
      parent,
      ols: [],
      cls: [],
      contexts: [c],
    };
    node[c] = n;
    if (parent) parent.children.push(n);
    else roots.push(n);
  }
  for (const s of segments) {
    const seg: TermedSegment = {
      nodes: s.contexts.map((c) => node[c]!),
      component: site[s.contexts[1]],
      stats: { n: s.n, meanNs: s.meanNs, varianceNs2: s.varianceNs2 },
      terms: s.terms,
    };
    seg.nodes[0].ols.push(seg);
    for (const n of seg.nodes.slice(1)) n.cls.push(seg);
  }
  return roots;
}

/** The type of each context, or null for an unused one (000 §5 item 2, §7 step 3). */
function labelContexts(cols: ContextColumns, tagging: Tagging, segments: readonly Segment[]): (VcgNodeType | null)[] {
  const k = cols.size;
  const usedFns = new Set<number>();
  for (let c = 1; c < k; c++) if (tagging.highVariant[c]) usedFns.add(cols.fn[c]);
  const underlier = new Set(segments.map((s) => s.contexts[s.contexts.length - 1]));
  const internal = new Set(segments.flatMap((s) => s.contexts.slice(1, -1)));
  const type: (VcgNodeType | null)[] = new Array(k).fill(null);
  for (let c = 1; c < k; c++) {
    if (!tagging.significant[c]) continue;
    if (tagging.highVariant[c]) type[c] = "Task";
    else if (underlier.has(c)) type[c] = "Contributor";
    else if (internal.has(c) || usedFns.has(cols.fn[c])) type[c] = "Contrast";
  }
  return type;
}

/** Each context's call site [i] in its caller (000 §5 item 8). uftrace records functions, not
 * call sites, so [i] stands for the callee function: its place, in name order, among the
 * functions its caller's function calls anywhere in the trace. Names, unlike the order of first
 * calls (which follows the order of threads and which of them are selected), are the same in
 * every run, so [i] is stable across threads and runs; and the same callee under the same caller
 * function has the same [i] in every context, so identical behaviour under two contexts that call
 * G and K in different orders has identical call-context sets, as MergePatternTrees needs (§6). */
function callSites(cols: ContextColumns, functions: readonly string[]): Int32Array {
  const callees = new Map<number, Set<number>>();
  for (let c = 1; c < cols.size; c++) {
    const caller = cols.fn[cols.parent[c]];
    let set = callees.get(caller);
    if (!set) callees.set(caller, (set = new Set()));
    set.add(cols.fn[c]);
  }
  // By code unit, not locale, so the order is the same on every machine.
  const byName = (a: number, b: number) => (functions[a] < functions[b] ? -1 : functions[a] > functions[b] ? 1 : a - b);
  const rank = new Map<number, Map<number, number>>();
  for (const [caller, set] of callees) rank.set(caller, new Map([...set].sort(byName).map((fn, i) => [fn, i])));
  const site = new Int32Array(cols.size);
  for (let c = 1; c < cols.size; c++) site[c] = rank.get(cols.fn[cols.parent[c]])!.get(cols.fn[c])!;
  return site;
}

/** A root node's call chain from the CCT root: "main [i] f [j]" down to the node. */
function chainFromRoot(cols: ContextColumns, functions: readonly string[], site: Int32Array, c: number): string {
  const parts: string[] = [];
  for (let a = cols.parent[c], x = c; a > 0; x = a, a = cols.parent[a])
    parts.unshift(`${functions[cols.fn[a]]} [${site[x]}]`);
  return parts.length > 0 ? parts.join(" ") : "(root)";
}
