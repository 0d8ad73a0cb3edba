// Statistics of measurements on hand-computed cases.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { median, quantileSorted } from "simple-statistics";
import { BOOTSTRAP_RESAMPLES, summarize } from "../../engine/stats/summary.js";
import { seededRandom } from "../../engine/stats/random.js";

describe("summary statistics", () => {
  it("a hand-computed case with one outlier", () => {
    const s = summarize([4, 1, 100, 3, 2], 7);
    assert.equal(s.n, 5);
    assert.equal(s.mean, 22);
    assert.equal(s.median, 3);
    // Sample σ: deviations −18, −21, 78, −19, −20; squares sum 7610; /4 = 1902.5.
    assert.ok(Math.abs(s.std - Math.sqrt(1902.5)) < 1e-12);
    assert.ok(Math.abs(s.cov - Math.sqrt(1902.5) / 22) < 1e-12);
    assert.equal(s.mad, 1); // |x − 3| = 1, 2, 97, 0, 1 → median 1
    assert.deepEqual([s.min, s.max], [1, 100]);
    // Linear interpolation between order statistics (R type 7): position
    // (5 − 1)·0.9 = 3.6 in the sorted values 1 2 3 4 100 → 4 + 0.6·(100 − 4).
    assert.ok(Math.abs(s.p90 - 61.6) < 1e-9);
    // Modified Z of 100: 0.6745·97/1 ≈ 65 > 3.5; of 1: 0.6745·2 ≈ 1.35.
    assert.deepEqual(s.outliers, [2]);
  });

  it("intervals are reproducible from the seed and hold the point estimate", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 1, max: 1e6, noNaN: true }), { minLength: 2, maxLength: 40 }),
        fc.integer({ min: 0, max: 1000 }),
        (xs, seed) => {
          const a = summarize(xs, seed);
          assert.deepEqual(summarize(xs, seed), a);
          assert.ok(a.meanCi95!.low <= a.mean + 1e-9 && a.mean - 1e-9 <= a.meanCi95!.high);
          assert.ok(a.medianCi95.low <= a.medianCi95.high);
        },
      ),
      { numRuns: 50 },
    );
  });

  it("the median's interval is the percentile bootstrap of simple-statistics' median over the same resamples", () => {
    // The resamples drawn as the seed gives them (seed + 1: the mean's interval takes none), each one's
    // median as simple-statistics computes it: the summary sorts its resamples in place instead.
    const reference = (xs: readonly number[], seed: number) => {
      const random = seededRandom(seed + 1);
      const medians = Array.from({ length: BOOTSTRAP_RESAMPLES }, () =>
        median(xs.map(() => xs[Math.floor(random() * xs.length)])),
      ).sort((a, b) => a - b);
      return { low: quantileSorted(medians, 0.025), high: quantileSorted(medians, 0.975) };
    };
    fc.assert(
      fc.property(
        // Ties and negatives included: small integers drawn often.
        fc.array(fc.oneof(fc.integer({ min: -3, max: 3 }), fc.double({ min: -1e6, max: 1e6, noNaN: true })), {
          minLength: 1,
          maxLength: 30,
        }),
        fc.integer({ min: 0, max: 1000 }),
        (xs, seed) => assert.deepEqual(summarize(xs, seed).medianCi95, reference(xs, seed)),
      ),
      { numRuns: 200 },
    );
  });

  it("constant data: no spread, no outliers", () => {
    const s = summarize([5, 5, 5], 1);
    assert.deepEqual([s.std, s.cov, s.mad, s.outliers.length, s.meanCi95!.low, s.meanCi95!.high], [0, 0, 0, 0, 5, 5]);
  });

  it("gives the mean Student's t interval, worked by hand, and none for a single run", () => {
    // Mean 100, s² = 200/3 over 4 runs: t(0.975, 3) = 3.182446305284263 (scipy), half-width 3.1824·√(200/3)/2.
    const s = summarize([90, 100, 110, 100], 1);
    const half = (3.182446305284263 * Math.sqrt(200 / 3)) / 2;
    assert.ok(Math.abs(s.meanCi95!.low - (100 - half)) < 1e-9 && Math.abs(s.meanCi95!.high - (100 + half)) < 1e-9);
    assert.equal(summarize([7], 1).meanCi95, null);
  });

  it("a measure that cannot be negative gets no negative bound: two runs far apart, the interval from 0", () => {
    // Mean 500, s = √(2·400²) = 565.69 over 2 runs: t(0.975, 1) = 12.706204736174698 (scipy), half-width
    // 12.7062·565.69/√2 = 5082.5: t's interval is −4582.5 to 5582.5; the mean of times is at least 0.
    const s = summarize([100, 900], 1);
    const half = (12.706204736174698 * Math.sqrt(2 * 400 ** 2)) / Math.SQRT2;
    assert.equal(s.meanCi95!.low, 0);
    assert.ok(Math.abs(s.meanCi95!.high - (500 + half)) < 1e-9);
    // Values that can be negative (differences) keep t's interval whole.
    assert.ok(Math.abs(summarize([-400, 400], 1).meanCi95!.low + half) < 1e-9);
  });
});
