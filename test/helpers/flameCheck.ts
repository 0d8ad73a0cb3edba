// Checks of flame graph data shared by test/unit/flameTree.test.ts (trees
// worked by hand) and test/stress/flameTree.test.ts (random trees).
import assert from "node:assert/strict";
import { mergeCcts } from "../../engine/cct/merge.js";
import type { Cct } from "../../engine/cct/cct.js";
import { flameGraph, type FlameGraph } from "../../engine/flame/flameGraph.js";
import type { DiffInput } from "../../engine/flame/flameDiff.js";

export const side = (label: string, ccts: readonly Cct[]): DiffInput => ({
  label,
  runs: ccts.length,
  ...mergeCcts(ccts),
});
export const graphOf = (ccts: readonly Cct[]): FlameGraph => {
  const { functions, columns } = mergeCcts(ccts);
  return flameGraph(columns, functions, { label: "t", runs: ccts.length, thread: null, threads: [], warnings: [] });
};

export type Tree = {
  readonly parent: readonly number[];
  readonly fn: readonly number[];
  readonly functions: readonly string[];
};

export const close = (a: number | null, b: number, what: string) =>
  assert.ok(a !== null && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b)), `${what}: ${a} vs ${b}`);

/** A parent precedes its children, which fit in it, inclusive = self + children, all finite; a parent's shares
 * (own code and children) are all given or none, none where it never varies, and sum to 1. */
export function checkShape(g: FlameGraph): void {
  const k = g.parent.length;
  assert.equal(g.parent[0], -1);
  const children = new Array<number>(k).fill(0);
  const shares = new Array<number>(k).fill(0);
  for (let c = 1; c < k; c++) {
    const p = g.parent[c];
    assert.ok(p >= 0 && p < c, "a parent precedes its children");
    children[p] += g.inclusiveNs[c];
    assert.equal(
      g.varianceShare[c] === null,
      g.ownVarianceShare[p] === null,
      "a parent's shares are all given or none",
    );
    shares[p] += g.varianceShare[c] ?? 0;
  }
  for (const column of [g.inclusiveNs, g.selfNs, g.n, g.meanNs, g.stdNs, g.minNs, g.maxNs])
    assert.ok(column.every(Number.isFinite));
  for (let c = 0; c < k; c++) {
    assert.ok(children[c] <= g.inclusiveNs[c] * (1 + 1e-12), "children fit in their parent");
    if (c > 0) close(g.selfNs[c] + children[c], g.inclusiveNs[c], "inclusive = self + children");
    const own = g.ownVarianceShare[c];
    if (g.stdNs[c] === 0) assert.equal(own, null, `context ${c} never varies, yet its own code has share ${own}`);
    if (own !== null)
      assert.ok(
        Number.isFinite(own) && Math.abs(own + shares[c] - 1) <= 1e-9,
        `shares of context ${c} sum to ${own + shares[c]}`,
      );
  }
}
