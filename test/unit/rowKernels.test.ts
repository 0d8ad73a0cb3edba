// The shared row loops (engine/stats/rowKernels.ts) on hand-computed cases, and
// the property the analyses rely on: a sum accumulated row by row through the
// kernel is, to the bit, the one loop over all rows it replaced.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { addRow, addRowScaled, addSquaredDistance, dotAt, squaredDistance } from "../../engine/stats/rowKernels.js";

const f = (...xs: number[]) => Float64Array.from(xs);

describe("row kernels", () => {
  it("hand-computed: distances, dot products and row sums at offsets", () => {
    // Rows (1, 2, 3) and (0, 0, 1) at offsets 1 and 2: differences 1, 2, 2.
    assert.equal(squaredDistance(f(9, 1, 2, 3), 1, f(7, 7, 0, 0, 1), 2, 3), 9);
    assert.equal(addSquaredDistance(1, f(1, 2, 3), 0, f(0, 0, 1), 0, 3), 10);
    // 1·4 + 2·5 + 3·6.
    assert.equal(dotAt(f(0, 1, 2, 3), 1, f(4, 5, 6), 0, 3), 32);
    const out = f(1, 1, 1, 1);
    addRow(out, 1, f(5, 10, 20), 1, 2);
    assert.deepEqual([...out], [1, 11, 21, 1]);
    addRowScaled(out, 0, f(2, 4), 0, 2, 0.5);
    assert.deepEqual([...out], [2, 13, 21, 1]);
    assert.equal(dotAt(f(), 0, f(), 0, 0), 0);
  });

  it("two sums accumulated row by row are those of one loop over every row, bit for bit", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 60 }),
        (d, xs) => {
          const n = Math.floor(xs.length / d);
          if (n === 0) return;
          const data = Float64Array.from(xs.slice(0, n * d));
          const a = data.map((x) => x / 3);
          const b = data.map((x) => x * 1.7 - 2);
          let total = 0;
          let within = 0;
          for (let i = 0; i < n; i++)
            for (let j = 0; j < d; j++) {
              total += (data[i * d + j] - a[j]) ** 2;
              within += (data[i * d + j] - b[j]) ** 2;
            }
          let t = 0;
          let w = 0;
          for (let i = 0; i < n; i++) {
            t = addSquaredDistance(t, data, i * d, a, 0, d);
            w = addSquaredDistance(w, data, i * d, b, 0, d);
          }
          assert.ok(Object.is(t, total) && Object.is(w, within));
        },
      ),
      { numRuns: 300 },
    );
  });
});
