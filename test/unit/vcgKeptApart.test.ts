// What keeps two patterns of one function apart (paper 000 §6): patterns built
// by hand whose trees overlay and whose back-edges do or do not, and the
// figures the result gives for the split (keptApart.ts).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { contributionConflicts, mergePatterns } from "../../engine/variance/merge.js";
import { keptApart } from "../../engine/variance/keptApart.js";
import type { VcgNode, VcgNodeType } from "../../engine/variance/vcgTypes.js";

function node(
  fname: string,
  type: VcgNodeType,
  ccs: string,
  n: number,
  sdNs: number,
  children: VcgNode[] = [],
): VcgNode {
  const x: VcgNode = {
    fname,
    type,
    stats: { n, meanNs: 1000, varianceNs2: sdNs * sdNs },
    ccs: new Set([ccs]),
    children,
    parent: null,
    ols: [],
    cls: [],
    contexts: [],
  };
  for (const c of children) c.parent = x;
  return x;
}

/** A back-edge from the last node to the first, its variance as given. */
function backEdge(nodes: VcgNode[], varianceNs2: number): void {
  const s = { nodes, component: 0, stats: { n: nodes[0].stats.n, meanNs: 1, varianceNs2 } };
  nodes[0].ols.push(s);
  for (const x of nodes.slice(1)) x.cls.push(s);
}

/** step over decode and filter, 40 calls each; filter's back-edge only where `withFilter`. */
function step(ccs: string, stepSd: number, filterSd: number, withFilter: boolean): VcgNode {
  const decode = node("decode", "Task", "[0]", 40, 900);
  const filter = node("filter", "Task", "[1]", 40, filterSd);
  const root = node("step", "Task", ccs, 40, stepSd, [decode, filter]);
  backEdge([root, decode], 900 * 900);
  if (withFilter) backEdge([root, filter], filterSd * filterSd);
  return root;
}

describe("patterns kept apart by their back-edges (000 §6)", () => {
  it("names the back-edge one has and the other could carry, with its share on both sides", () => {
    // Under right, filter (400²) is 16% of step's 1000²; under left step varies 1400²: 8.2%, no back-edge.
    const right = step("main [2] right [0]", 1000, 400, true);
    const left = step("main [1] left [0]", 1400, 400, false);
    assert.equal(mergePatterns(left, right, 1), null, "refused at τ_S = 1 (MergeContributionStructure, lines 3–8)");
    const rows = keptApart([left, right], [0, 3]);
    assert.equal(rows.length, 1);
    assert.deepEqual(rows[0].roots, [0, 3]);
    assert.equal(rows[0].backEdges.length, 1);
    const e = rows[0].backEdges[0];
    assert.deepEqual([e.in, e.chain], [3, ["step", "filter"]]);
    assert.ok(Math.abs(e.cf - 0.16) < 1e-12, `${e.cf}`);
    assert.ok(Math.abs(e.otherCf! - (400 * 400) / (1400 * 1400)) < 1e-12, `${e.otherCf}`);
  });

  it("gives no figure for the other side where the underlier runs a different number of times", () => {
    const right = step("main [2] right [0]", 1000, 400, true);
    const left = step("main [1] left [0]", 1400, 400, false);
    left.children[1].stats = { ...left.children[1].stats, n: 80 };
    assert.equal(keptApart([left, right], [0, 3])[0].backEdges[0].otherCf, null);
  });

  it("says nothing of patterns whose back-edges agree, or whose trees do not overlay", () => {
    // Same back-edges: only the timings (the KS cost against τ_S) could keep them apart.
    assert.deepEqual(keptApart([step("a", 1000, 400, true), step("b", 1400, 400, true)], [0, 3]), []);
    // Under one, decode stands for call sites [0] and [1]; under the other, [1] is decode's and [0]
    // filter's: both of its children would land on one merged child (MergePatternTrees, lines 11–26).
    const other = step("b", 1400, 400, false);
    other.children[0].ccs = new Set(["[1]"]);
    other.children[1].ccs = new Set(["[0]"]);
    const shifted = step("a", 1000, 400, true);
    shifted.children[0].ccs = new Set(["[0]", "[1]"]);
    assert.equal(contributionConflicts(shifted, other), null);
    assert.deepEqual(keptApart([shifted, other], [0, 3]), []);
  });
});
