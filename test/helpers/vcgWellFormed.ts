// What any dominant-variance result must be, whatever the tree it came from
// (the depth tests): every node's parent and children agree, numbers finite,
// segments join two or more of its nodes, patterns start at parentless roots,
// and every node lies in exactly one pattern.
import assert from "node:assert/strict";
import type { DominantVarianceResult } from "../../engine/variance/result.js";

export function assertVcgWellFormed(r: DominantVarianceResult): void {
  const ids = new Set(r.nodes.map((n) => n.id));
  for (const n of r.nodes) {
    assert.ok(n.parent === null || ids.has(n.parent));
    for (const c of n.children) assert.equal(r.nodes[c].parent, n.id);
    assert.ok(Number.isFinite(n.meanNs) && Number.isFinite(n.varianceNs2));
  }
  for (const s of r.segments)
    assert.ok(s.nodes.length >= 2 && s.nodes.every((id) => ids.has(id)) && Number.isFinite(s.cf));
  for (const p of r.patterns) assert.ok(ids.has(p.root) && r.nodes[p.root].parent === null && Number.isFinite(p.vim));
  assert.equal(
    r.patterns.reduce((n, p) => n + p.nodes, 0),
    r.nodes.length,
    "every node in one pattern",
  );
}
