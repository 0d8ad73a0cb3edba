// The order of VCG patterns (paper 000 §4, §7 step 5): "the patterns in the
// final merged layer … are prioritized and trimmed. Prioritization sorts the
// patterns in the order of their dominance … The next step of trimming can
// optionally be performed". A pattern is ranked by its VIM as merged; trimming
// then drops what is small below it. The result shows both VIMs and says which
// one orders (issue 28 item 4: the first pattern printed had a lower VIM than
// the second, ranked by one VIM and shown with the other).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { prioritize } from "../../engine/variance/prioritize.js";
import { numberNodes, patternSummaries } from "../../engine/variance/analyze.js";
import { DEFAULT_PARAMETERS } from "../../engine/variance/parameters.js";
import { VCG_EXPORTERS } from "../../engine/report/exporters.js";
import { RANKING } from "../../engine/report/vcgText.js";
import { vim, type VcgNode } from "../../engine/variance/vcgTypes.js";
import type { DominantVarianceResult } from "../../engine/variance/result.js";

/** A Task node whose VIM (σ·N) is `v`: N = 1, σ = v. */
function node(fname: string, v: number, children: VcgNode[] = []): VcgNode {
  const x: VcgNode = {
    fname,
    type: "Task",
    stats: { n: 1, meanNs: 10 * v, varianceNs2: v * v },
    ccs: new Set([fname]),
    children,
    parent: null,
    ols: [],
    cls: [],
    contexts: [],
  };
  for (const c of children) c.parent = x;
  return x;
}

function result(roots: VcgNode[], beta: number): DominantVarianceResult {
  return resultOf(prioritize(roots, beta), beta);
}

/** Prioritised roots as the analysis' result. */
function resultOf(kept: VcgNode[], beta: number): DominantVarianceResult {
  const { nodes, segs, rootIds } = numberNodes(kept, 0.96, () => []);
  return {
    parameters: { ...DEFAULT_PARAMETERS, beta },
    time: null,
    cct: { contexts: 0, significant: 0, highVariant: 0, totalNs: 1 },
    initial: { nodes: nodes.length, patterns: kept.length },
    patterns: patternSummaries(kept, rootIds),
    nodes,
    segments: segs,
    contributions: [],
    detection: [],
    covarianceOmitted: [],
    keptApart: [],
  };
}

describe("VCG pattern order", () => {
  // A: root 10, one child of 100 and twenty of 9 (each under 10% of 100, trimmed at β = 0.1):
  // 290 as merged, 110 once trimmed. B: one node of 200. Hand-computed.
  const patterns = () => [
    node("B", 200),
    node("A", 10, [node("a", 100), ...Array.from({ length: 20 }, (_, i) => node(`t${i}`, 9))]),
  ];

  it("ranks by the VIM as merged, and shows it beside the VIM of what trimming left", () => {
    const r = result(patterns(), 0.1);
    assert.deepEqual(
      r.patterns.map((p) => [r.nodes[p.root].fname, p.vim, p.shownVim, p.nodes]),
      [
        ["A", 290, 110, 2],
        ["B", 200, 200, 1],
      ],
    );
    const text = String(VCG_EXPORTERS.text.render(r, {}));
    assert.ok(text.includes(RANKING), "the text says which VIM orders");
    assert.match(text, /Pattern 1: V = 2\.900e\+2 as merged, 1\.100e\+2 shown, 2 nodes/);
    assert.match(text, /Pattern 2: V = 2\.000e\+2 as merged, 2\.000e\+2 shown, 1 nodes/);
  });

  it("gives the same patterns in the same order at every β (trimming never reorders)", () => {
    const order = (beta: number) => result(patterns(), beta).patterns.map((p) => p.vim);
    assert.deepEqual(order(0), [290, 200]);
    assert.deepEqual(order(0.1), [290, 200]);
  });

  it("on any forest: patterns and siblings in descending ranking VIM, each its untrimmed subtree's σ·N, shown ≤ ranked", () => {
    const tree: fc.Memo<VcgNode> = fc.memo((d) =>
      fc
        .tuple(
          fc.integer({ min: 0, max: 1000 }),
          d > 1 ? fc.array(tree(d - 1), { maxLength: 4 }) : fc.constant([] as VcgNode[]),
        )
        .map(([v, cs]) => node("f", v, [...cs])),
    );
    fc.assert(
      fc.property(fc.array(tree(4), { minLength: 1, maxLength: 6 }), fc.constantFrom(0, 0.1, 0.5), (roots, beta) => {
        const untrimmed = new Map<VcgNode, number>();
        const total = (n: VcgNode): number => {
          const v = vim(n.stats) + n.children.reduce((s, c) => s + total(c), 0);
          untrimmed.set(n, v);
          return v;
        };
        roots.forEach(total);
        const kept = prioritize(roots, beta);
        const r = resultOf(kept, beta);
        const vims = r.patterns.map((p) => p.vim);
        assert.deepEqual(
          vims,
          [...vims].sort((a, b) => b - a),
        );
        for (const p of r.patterns) assert.ok(p.shownVim <= p.vim + 1e-9 * p.vim);
        const walk = (n: VcgNode) => {
          assert.equal(n.rankVim, untrimmed.get(n));
          const sib = n.children.map((c) => c.rankVim!);
          assert.deepEqual(
            sib,
            [...sib].sort((a, b) => b - a),
          );
          n.children.forEach(walk);
        };
        kept.forEach(walk);
      }),
    );
  });
});
