// What any read that succeeds must give, however odd its input (the readers'
// fuzz tests): every context's parent before it, its function in the table,
// whole non-negative counts and finite statistics, and no negative time (the
// kernel takes an event earlier than the one before it at that one's time).
import assert from "node:assert/strict";
import type { Cct } from "../../engine/cct/cct.js";

export function assertWellFormed(cct: Cct): void {
  for (const t of cct.threads) {
    const c = t.contexts;
    const where = (i: number) => `thread ${t.pid}/${t.tid} context ${i}`;
    for (let i = 1; i < c.size; i++) {
      assert.ok(c.parent[i] >= 0 && c.parent[i] < i, `${where(i)}: parent ${c.parent[i]}`);
      assert.ok(c.fn[i] >= 0 && c.fn[i] < cct.functions.length, `${where(i)}: function ${c.fn[i]}`);
      assert.ok(Number.isInteger(c.n[i]) && c.n[i] >= 0, `${where(i)}: N ${c.n[i]}`);
      if (c.n[i] === 0) continue;
      for (const [name, column] of [
        ["mean", c.meanNs],
        ["min", c.minNs],
        ["max", c.maxNs],
        ["inclusive", c.inclusiveNs],
        ["self", c.selfNs],
        ["M2", c.m2],
      ] as const) {
        assert.ok(Number.isFinite(column[i]), `${where(i)}: ${name} ${column[i]}`);
      }
      assert.ok(
        c.m2[i] >= 0 && c.minNs[i] <= c.maxNs[i],
        `${where(i)}: M2 ${c.m2[i]}, min ${c.minNs[i]}, max ${c.maxNs[i]}`,
      );
      assert.ok(c.minNs[i] >= 0 && c.selfNs[i] >= 0, `${where(i)}: min ${c.minNs[i]}, self ${c.selfNs[i]}`);
    }
  }
}
