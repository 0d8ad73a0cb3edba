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
import type { PlanMatrix, TermedSegment } from "../../engine/variance/segments.js";

function node(
  fname: string,
  type: VcgNodeType,
  ccs: string,
  n: number,
  meanNs: number,
  sdNs: number,
  children: VcgNode[] = [],
): VcgNode {
  const x: VcgNode = {
    fname,
    type,
    stats: { n, meanNs, varianceNs2: sdNs * sdNs },
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
    const b = node("F", "Task", "n", 10, 100, 50, [
      node("X", "Task", "[0]", 5, 10, 5),
      node("X", "Task", "[1]", 5, 10, 5),
    ]);
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
    assert.deepEqual(
      m.node.ols[0].nodes.map((x) => x.fname),
      ["H", "L"],
    );
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
  /** H's plan matrix over (own code, F under L1, F under L2): 10 invocations of H; F1 and F2 vary
   * 2000 and 3000 ns² per invocation of H and covary 500. */
  const plan: PlanMatrix = { n: 10, mean: [4400, 200, 400], matrix: [0, 0, 0, 0, 2000, 500, 0, 500, 3000] };
  /** A segment from H whose statistics are component `i` of H's plan. */
  const termed = (nodes: VcgNode[], i: number): TermedSegment => {
    const s: TermedSegment = {
      nodes,
      component: 0,
      stats: { n: 10, meanNs: plan.mean[i], varianceNs2: plan.matrix[i * 3 + i] },
      terms: { matrix: plan, components: [i] },
    };
    nodes[0].ols.push(s);
    for (const x of nodes.slice(1)) x.cls.push(s);
    return s;
  };
  /** H with two L subtrees (call sites [0] and [3]), each L with an F whose back-edge goes to H. */
  const pattern = (bothCarry: boolean) => {
    const f1 = node("F", "Contributor", "[0]", 30, 200, 20);
    const f2 = node("F", "Contributor", "[0]", 40, 200, 20);
    const l1 = node("L", "Contrast", "[0]", 30, 300, 20, [f1]);
    const l2 = node("L", "Contrast", "[3]", 40, 300, 20, [f2]);
    const h = node("H", "Task", "main [0]", 10, 5000, 2500, [l1, l2]);
    termed([h, l1, f1], 1);
    if (bothCarry) termed([h, l2, f2], 2);
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
    assert.equal(l.cls[0], seg);
    assert.equal(l.children[0].cls[0], seg);
  });

  it("adds up two segments of the same invocations of their originator (000 §4), not pools them (§6.1)", () => {
    const h = pattern(true);
    mergeWithin(h, 1);
    // Y^{H|F1} + Y^{H|F2} over H's 10 invocations: mean 200 + 400 = 600, variance
    // 2000 + 3000 + 2·500 = 6000. (Pooled as separate invocations it was N = 20, mean 300 and
    // (10·(2000 + 100²) + 10·(3000 + 100²))/20 = 12500.)
    assert.deepEqual(h.ols[0].stats, { n: 10, meanNs: 600, varianceNs2: 6000 });
    // The merged segment sums the two components, should it be merged again.
    assert.deepEqual((h.ols[0] as TermedSegment).terms.components, [1, 2]);
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
      fc.property(
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 7 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (ms, t1, t2) => {
          const [lo, hi] = t1 <= t2 ? [t1, t2] : [t2, t1];
          const make = () => patterns(ms.map((m) => m * 1000));
          assert.ok(count(agglomerate(make(), hi)) <= count(agglomerate(make(), lo)));
        },
      ),
    );
  });

  it("trims nothing with β = 0, and sorts by VIM", () => {
    const roots = [
      node("A", "Task", "x", 1, 10, 1),
      node("B", "Task", "y", 1000, 10, 5),
      node("C", "Task", "z", 10, 10, 2),
    ];
    const kept = prioritize(roots, 0);
    assert.deepEqual(
      kept.map((r) => r.fname),
      ["B", "C", "A"],
    );
    // β = 0.1: A (VIM 1) and C (VIM 20) fall under 10% of B's 5000.
    assert.deepEqual(
      prioritize(roots, 0.1).map((r) => r.fname),
      ["B"],
    );
  });

  it("merges as layers that try every pair afresh (000 §4), though it keeps the costs of pairs that outlive a layer", () => {
    // The reference: every layer computes every pair's merge, then merges the cheapest disjoint ones.
    const reference = (points: VcgNode[], tauS: number): VcgNode[] => {
      let layer = points;
      for (;;) {
        const pairs = layer.flatMap((a, i) =>
          layer
            .slice(i + 1)
            .flatMap((b, d) =>
              (a.fname === b.fname && a.type === b.type ? [mergePatterns(a, b, tauS)] : []).flatMap((m) =>
                m ? [{ i, j: i + 1 + d, m }] : [],
              ),
            ),
        );
        if (pairs.length === 0) return layer;
        pairs.sort((x, y) => x.m.cost - y.m.cost || x.i - y.i || x.j - y.j);
        const used = new Set<number>();
        const next = pairs.flatMap((p) =>
          used.has(p.i) || used.has(p.j) ? [] : (used.add(p.i), used.add(p.j), [p.m.node]),
        );
        layer = [...next, ...layer.filter((_, i) => !used.has(i))];
      }
    };
    const shape = (roots: VcgNode[]) => roots.map((r) => `${r.fname}:${[...r.ccs].sort().join(",")}:${r.stats.n}`);
    const point = fc.record({
      f: fc.constantFrom("F", "G"),
      n: fc.integer({ min: 1, max: 50 }),
      mean: fc.integer({ min: 1, max: 40 }),
      sd: fc.integer({ min: 0, max: 40 }),
    });
    fc.assert(
      fc.property(fc.array(point, { maxLength: 16 }), fc.double({ min: 0, max: 1, noNaN: true }), (ps, tauS) => {
        const make = () => ps.map((p, i) => node(p.f, "Task", `main [${i}]`, p.n, p.mean * 100, p.sd * 100));
        assert.deepEqual(shape(agglomerate(make(), tauS)), shape(reference(make(), tauS)));
      }),
    );
  });

  it("gives the same output for the same input", () => {
    const run = () =>
      agglomerate(patterns([1000, 1010, 990, 50_000, 1005]), 0.3).map(
        (r) => [...r.ccs].sort().join(",") + `:${r.stats.n}`,
      );
    assert.deepEqual(run(), run());
  });
});
