// The studentized intervals' quantiles (engine/trend/studentized.ts) are found
// by selection instead of a sort: checked against R's type 7 computed from a
// sorted copy by hand, on seeded values with many ties (quantised t* values,
// as few workloads give), at every length up to 40 and the quantiles the
// intervals ask, and the ends.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { quantile } from "../../engine/trend/studentized.js";
import { seededRandom } from "../../engine/stats/random.js";

/** R's quantile(x, p, type = 7), from a sorted copy. */
function type7(values: Float64Array, p: number): number {
  const s = values.slice().sort();
  const h = (s.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, s.length - 1);
  return s[lo] + (s[hi] - s[lo]) * (h - lo);
}

describe("quantile by selection", () => {
  it("equals R's type 7 from a sorted copy, ties and all", () => {
    const random = seededRandom(7);
    for (let n = 1; n <= 40; n++)
      for (let trial = 0; trial < 25; trial++) {
        // Half the trials quantised to a few values, so ties straddle the order statistics asked.
        const levels = trial % 2 === 0 ? 3 : 1e6;
        const values = Float64Array.from({ length: n }, () => Math.floor(random() * levels) - levels / 2);
        for (const p of [0, 0.025, 0.25, 0.5, 0.975, 1])
          assert.equal(quantile(values.slice(), p), type7(values, p), `n ${n}, trial ${trial}, p ${p}`);
      }
  });

  it("gives the hand-computed quantiles of 1 … 10", () => {
    const values = Float64Array.from([7, 3, 10, 1, 9, 2, 8, 5, 4, 6]);
    // h = 9p: p 0.025 → 1 + 0.225·(2 − 1); p 0.975 → 9 + 0.775·(10 − 9).
    assert.equal(quantile(values.slice(), 0.025), 1.225);
    assert.equal(quantile(values.slice(), 0.975), 9.775);
    assert.equal(quantile(values.slice(), 0.5), 5.5);
  });
});
