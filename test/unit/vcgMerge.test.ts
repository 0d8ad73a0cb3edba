// Merging, prioritising and trimming VCG patterns (paper 000 §4, §6) on
// patterns built by hand: what merges, what the compatibility checks refuse,
// and the properties the issue names.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { mergePatterns } from "../../engine/variance/merge.js";
import { agglomerate, mergeWithin } from "../../engine/variance/agglomerate.js";
import { prioritize } from "../../engine/variance/prioritize.js";
import { preorder, type VcgNode, type VcgNodeType, type VcgSegment } from "../../engine/variance/vcgTypes.js";

function node(fname: string, type: VcgNodeType, ccs: string, n: number, meanNs: number, sdNs: number, children: VcgNode[] = []): VcgNode {
  const x: VcgNode = { fname, type, stats: { n, meanNs, varianceNs2: sdNs * sdNs }, ccs: new Set([ccs]), children, parent: null, ols: [], cls: [], contexts: [] };
  for (const c of children) c.parent = x;
  return x;
}

function segment(nodes: VcgNode[], varianceNs2: number): VcgSegment {
  const s: VcgSegment = { nodes, component: 0, stats: { n: nodes[0].stats.n, meanNs: 1, varianceNs2 } };
  nodes[0].ols.push(s);
  for (const x of nodes.slice(1)) x.cls.push(s);
  return s;
}

const count = (roots: VcgNode[]) => roots.reduce((k, r) => k + [...preorder(r)].length, 0);

describe("merging patterns", () => {
  it("merges two patterns of like behaviour with exact statistics and both call contexts", () => {
    const a = node("F", "Task", "main [0]", 100, 1000, 500, [node("G", "Contributor", "[0]", 300, 200, 20)]);
    const b = node("F", "Task", "main [3]", 50, 1000, 500, [node("G", "Contributor", "[0]", 150, 200, 20)]);
    const m = mergePatterns(a, b, 0.01)!;
    assert.ok(m, "merged");
    assert.equal(m.cost, 0);
    assert.deepEqual([...m.node.ccs].sort(), ["main [0]", "main [3]"]);
    assert.equal(m.node.stats.n, 150);
    assert.equal(m.node.children.length, 1);
    assert.equal(m.node.children[0].stats.n, 450);
    // The inputs are untouched.
    assert.equal(a.stats.n, 100);
  });

  it("refuses different behaviour under low pressure and accepts it under high pressure", () => {
    const a = node("F", "Task", "main [0]", 100, 1000, 50);
    const b = node("F", "Task", "main [1]", 100, 5000, 50);
    assert.equal(mergePatterns(a, b, 0.4), null);
    assert.ok(mergePatterns(a, b, 1.0));
  });

  it("refuses different names or types whatever the pressure", () => {
    assert.equal(mergePatterns(node("F", "Task", "a", 1, 1, 1), node("G", "Task", "b", 1, 1, 1), 1), null);
    assert.equal(mergePatterns(node("F", "Task", "a", 1, 1, 1), node("F", "Contrast", "b", 1, 1, 1), 1), null);
  });

  it("refuses call contexts that one side would split (call-context compatibility check)", () => {
    const x = node("X", "Task", "[0]", 10, 10, 5);
    x.ccs = new Set(["[0]", "[1]"]);
    const a = node("F", "Task", "m", 10, 100, 50, [x]);
    const b = node("F", "Task", "n", 10, 100, 50, [node("X", "Task", "[0]", 5, 10, 5), node("X", "Task", "[1]", 5, 10, 5)]);
    assert.equal(mergePatterns(a, b, 1), null);
  });

  it("refuses a segment on one side that the other side's matching subtree lacks (originating segment check)", () => {
    const la = node("L", "Contributor", "[3]", 10, 10, 1);
    const a = node("H", "Task", "m", 10, 100, 50, [la]);
    segment([a, la], 2000);
    const b = node("H", "Task", "n", 10, 100, 50, [node("L", "Contributor", "[3]", 10, 10, 1)]);
    assert.equal(mergePatterns(a, b, 1), null);
    // Without the child on the other side there is no conflict: the segment is carried over.
    const c = node("H", "Task", "o", 10, 100, 50);
    const m = mergePatterns(a, c, 1)!;
    assert.ok(m);
    assert.equal(m.node.ols.length, 1);
    assert.deepEqual(m.node.ols[0].nodes.map((x) => x.fname), ["H", "L"]);
  });

  it("merges the segments both sides have, with pooled statistics", () => {
    const mk = (ccs: string) => {
      const l = node("L", "Contributor", "[3]", 10, 10, 1);
      const h = node("H", "Task", ccs, 10, 100, 50, [l]);
      segment([h, l], 2000);
      return h;
    };
    const m = mergePatterns(mk("m"), mk("n"), 0.01)!;
    assert.equal(m.node.ols.length, 1);
    assert.equal(m.node.ols[0].stats.n, 20);
    assert.equal(m.node.children[0].cls[0], m.node.ols[0]);
  });
});

describe("merging inside a pattern (000 §4, §6)", () => {
  /** H with two L subtrees (call sites [0] and [3]), each L with an F whose back-edge goes to H. */
  const pattern = (bothCarry: boolean) => {
    const f1 = node("F", "Contributor", "[0]", 30, 200, 20);
    const f2 = node("F", "Contributor", "[0]", 40, 200, 20);
    const l1 = node("L", "Contrast", "[0]", 30, 300, 20, [f1]);
    const l2 = node("L", "Contrast", "[3]", 40, 300, 20, [f2]);
    const h = node("H", "Task", "main [0]", 10, 5000, 2500, [l1, l2]);
    segment([h, l1, f1], 2000);
    if (bothCarry) segment([h, l2, f2], 3000);
    return h;
  };

  it("merges sibling subtrees whose outer segments correspond, re-pointing the ancestor's segment to the merged nodes", () => {
    const h = pattern(true);
    mergeWithin(h, 1);
    assert.equal(h.children.length, 1, "one L under H");
    const [l] = h.children;
    assert.deepEqual([...l.ccs].sort(), ["[0]", "[3]"]);
    assert.equal(h.ols.length, 1, "one back-edge into H");
    const seg = h.ols[0];
    assert.deepEqual(seg.nodes, [h, l, l.children[0]]);
    // Exact pooled statistics of the two segments (10 invocations of H each side).
    assert.equal(seg.stats.n, 20);
    assert.equal(l.cls[0], seg);
    assert.equal(l.children[0].cls[0], seg);
  });

  it("keeps them apart when only one carries a segment (it would name two contradicting underliers)", () => {
    const h = pattern(false);
    mergeWithin(h, 1);
    assert.equal(h.children.length, 2);
    assert.equal(h.ols.length, 1);
  });
});

describe("agglomerative layers, prioritising and trimming", () => {
  const patterns = (means: number[]) => means.map((m, i) => node("F", "Task", `main [${i}]`, 10 + i, m, m / 2));

  it("merges like patterns into one and keeps unlike ones apart", () => {
    const out = agglomerate(patterns([1000, 1010, 990, 50_000]), 0.2);
    assert.equal(out.length, 2);
    assert.deepEqual(out.map((r) => r.ccs.size).sort(), [1, 3]);
  });

  it("never gains nodes when τ_S rises", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 7 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (ms, t1, t2) => {
        const [lo, hi] = t1 <= t2 ? [t1, t2] : [t2, t1];
        const make = () => patterns(ms.map((m) => m * 1000));
        assert.ok(count(agglomerate(make(), hi)) <= count(agglomerate(make(), lo)));
      }),
    );
  });

  it("trims nothing with β = 0, and sorts by VIM", () => {
    const roots = [node("A", "Task", "x", 1, 10, 1), node("B", "Task", "y", 1000, 10, 5), node("C", "Task", "z", 10, 10, 2)];
    const kept = prioritize(roots, 0);
    assert.deepEqual(kept.map((r) => r.fname), ["B", "C", "A"]);
    // β = 0.1: A (VIM 1) and C (VIM 20) fall under 10% of B's 5000.
    assert.deepEqual(prioritize(roots, 0.1).map((r) => r.fname), ["B"]);
  });

  it("gives the same output for the same input", () => {
    const run = () => agglomerate(patterns([1000, 1010, 990, 50_000, 1005]), 0.3).map((r) => [...r.ccs].sort().join(",") + `:${r.stats.n}`);
    assert.deepEqual(run(), run());
  });
});
