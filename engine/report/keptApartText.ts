// Why two VCG patterns rooted at one function stay apart (DominantVarianceResult.keptApart), in words
// the command line's text and the workbench's VCG view both print.
import type { DominantVarianceResult, KeptApartRow } from "../variance/result.js";

/** Why two patterns of one function stay apart: the first back-edge (nearest the root) one has and
 * the other lacks, with the contribution on both sides against the bar (000 §2, §6). */
export function keptApartText(r: DominantVarianceResult, k: KeptApartRow): string {
  const rank = (id: number) => r.patterns.findIndex((p) => p.root === id) + 1;
  const [a, b] = k.roots.map(rank);
  const e = k.backEdges[0];
  const other = rank(e.in === k.roots[0] ? k.roots[1] : k.roots[0]);
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const [from, ...rest] = e.chain;
  const via = rest.slice(0, -1);
  const there =
    e.otherCf === null
      ? `not measured in pattern ${other}`
      : `${pct(e.otherCf)} of ${from}'s variance in pattern ${other}`;
  const more = k.backEdges.length > 1 ? ` (and ${k.backEdges.length - 1} more back-edge(s) below it)` : "";
  return `patterns ${a} and ${b} (${k.fname}) are kept apart by their back-edges, not their timings (000 §6: a back-edge in one with no counterpart in the other merges at no τ_S): ${rest.at(-1)} ⇢ ${from}${via.length > 0 ? ` through ${via.join(", ")}` : ""}, cf ${pct(e.cf)} in pattern ${rank(e.in)}, ${there}; the bar is ${pct(r.parameters.minContribution)} (000 §2)${more}. A contribution near the bar can pass it in one recording and not in the next.`;
}
