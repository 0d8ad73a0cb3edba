// The least-cost assignment (engine/patterns/assignment.ts) against every assignment tried by hand
// (all injections of the smaller side into the larger, for matrices up to 5 × 5).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { assign } from "../../engine/patterns/assignment.js";

/** The least total cost over every one-to-one assignment of rows to columns (rows ≤ cols). */
function bruteForce(cost: Float64Array, rows: number, cols: number): number {
  let best = Infinity;
  const used = new Array<boolean>(cols).fill(false);
  const walk = (i: number, sum: number) => {
    if (i === rows) return void (best = Math.min(best, sum));
    for (let j = 0; j < cols; j++) {
      if (used[j]) continue;
      used[j] = true;
      walk(i + 1, sum + cost[i * cols + j]);
      used[j] = false;
    }
  };
  walk(0, 0);
  return best;
}

function total(cost: Float64Array, cols: number, rowToCol: Int32Array): number {
  let s = 0;
  rowToCol.forEach((j, i) => j >= 0 && (s += cost[i * cols + j]));
  return s;
}

describe("least-cost assignment", () => {
  it("finds the least total cost, each column used once, for square and rectangular matrices", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 25, maxLength: 25 }),
        (rows, cols, values) => {
          const cost = Float64Array.from(values.slice(0, rows * cols));
          const got = assign(cost, rows, cols);
          const placed = [...got].filter((j) => j >= 0);
          assert.equal(placed.length, Math.min(rows, cols), "every row placed while columns last");
          assert.equal(new Set(placed).size, placed.length, "no column twice");
          // More rows than columns: the same as assigning the columns to rows.
          const expected =
            rows <= cols
              ? bruteForce(cost, rows, cols)
              : bruteForce(
                  Float64Array.from({ length: rows * cols }, (_, k) => cost[(k % rows) * cols + Math.floor(k / rows)]),
                  cols,
                  rows,
                );
          assert.equal(total(cost, cols, got), expected);
        },
      ),
      { numRuns: 300, seed: 28 },
    );
  });

  it("gives the same assignment for the same costs, ties to the lower indices", () => {
    const flat = new Float64Array(9).fill(1);
    assert.deepEqual([...assign(flat, 3, 3)], [...assign(flat, 3, 3)]);
    assert.deepEqual([...assign(Float64Array.from([0, 5, 5, 0]), 2, 2)], [0, 1]);
    assert.deepEqual([...assign(Float64Array.from([5, 0, 0, 5]), 2, 2)], [1, 0]);
  });
});
