// What keeps two patterns of one function apart when their trees overlay
// (paper 000 §6): a back-edge in one with no counterpart in the other, where
// the other has the nodes to carry it. MergeContributionStructure refuses such
// a merge at any τ_S, so the split rests on one contribution passing the bar
// (000 §2) in one set of invocations and not in the other; near the bar that
// can change from one recording of the same program to the next. Said with the
// result, with the contribution on both sides, rather than left unexplained.
import { contributionConflicts } from "./merge.js";
import { contributionFraction, type VcgNode } from "./vcgTypes.js";
import type { KeptApartEdge, KeptApartRow } from "./result.js";

/** Every pair of the final patterns with the same root function and type whose back-edges alone
 * keep them apart, in the patterns' order; `rootIds` are the roots' node ids. */
export function keptApart(roots: readonly VcgNode[], rootIds: readonly number[]): KeptApartRow[] {
  const rows: KeptApartRow[] = [];
  for (let i = 0; i < roots.length; i++)
    for (let j = i + 1; j < roots.length; j++) {
      const [a, b] = [roots[i], roots[j]];
      if (a.fname !== b.fname || a.type !== b.type) continue;
      const conflicts = contributionConflicts(a, b);
      if (!conflicts || conflicts.length === 0) continue;
      rows.push({
        fname: a.fname,
        roots: [rootIds[i], rootIds[j]],
        backEdges: conflicts.map((c): KeptApartEdge => ({
          in: c.side === 0 ? rootIds[i] : rootIds[j],
          chain: c.segment.nodes.map((n) => n.fname),
          cf: contributionFraction(c.segment),
          otherCf: otherShare(c.originator, c.underlier),
        })),
      });
    }
  return rows;
}

/** The underlier's variance over the originator's, where it runs as often as the originator:
 * then, run once in every invocation, it is its self term over σ² (000 §2: "G1 is always invoked
 * exactly once per invocation of F, therefore … C_11 = σ²_G1"). Otherwise no such figure. */
function otherShare(originator: VcgNode, underlier: VcgNode | null): number | null {
  if (!underlier || underlier.stats.n !== originator.stats.n || !(originator.stats.varianceNs2 > 0)) return null;
  return underlier.stats.varianceNs2 / originator.stats.varianceNs2;
}
