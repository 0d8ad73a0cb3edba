// Dominant variance arithmetic against hand-worked cases and the papers'
// numbers: contribution sets (000 §2, Listing 1), the Chebyshev threshold and
// statements (000 §2.1, §8.1), the KS difference (000 §6) and merged
// statistics (000 §6.1).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { contributingSets } from "../../engine/variance/contribution.js";
import { chebyshevCovThreshold, chebyshevT } from "../../engine/variance/parameters.js";
import { softRealTime } from "../../engine/variance/realtime.js";
import { ksDifference } from "../../engine/variance/ks.js";
import { mergeStats } from "../../engine/variance/vcgTypes.js";

/** A covariance over (self, children…) from a symmetric matrix given as rows. */
function cov(rows: number[][]) {
  return { n: 10, mean: rows.map(() => 0), matrix: rows.flat(), childContexts: rows.slice(1).map((_, i) => i + 1) };
}

describe("variance contribution (000 §2)", () => {
  it("counts a varying loop and not two mutually exclusive callees of equal cost", () => {
    // dims: self, G1, G3 (loop), G4, G5 (exclusive): C33 = 100, C44 = C55 = 25, C45 = −25.
    const c = cov([
      [0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0],
      [0, 0, 100, 0, 0],
      [0, 0, 0, 25, -25],
      [0, 0, 0, -25, 25],
    ]);
    // σ² = 100 + 25 + 25 − 2·25 = 100. {G4} alone would be 25% of it, but the cross term couples
    // G4 and G5, and together they contribute 0.
    assert.deepEqual(contributingSets(c, 0.1), [{ dims: [2], fraction: 1 }]);
  });

  it("keeps callees that vary in synchrony together (positive cross terms)", () => {
    const c = cov([
      [0, 0, 0],
      [0, 10, 10],
      [0, 10, 10],
    ]);
    assert.deepEqual(contributingSets(c, 0.1), [{ dims: [1, 2], fraction: 1 }]);
  });

  it("can exceed 100% when other components cancel part of the variance (000 §8: 129%)", () => {
    const c = cov([
      [4, -3],
      [-3, 10],
    ]);
    // σ² = 4 + 10 − 6 = 8; |2·C01| = 6 ≥ 0.8 links self and child: one set, 100%.
    assert.deepEqual(contributingSets(c, 0.1), [{ dims: [0, 1], fraction: 1 }]);
    // With a higher bar the cross term no longer links them: the child alone is 10/8.
    assert.deepEqual(contributingSets(c, 0.9), [{ dims: [1], fraction: 1.25 }]);
  });
});

describe("Chebyshev (000 §2.1, §8.1)", () => {
  it("derives CoV 0.4 from a 200% window at 96%", () => {
    assert.ok(Math.abs(chebyshevCovThreshold(2, 0.96) - 0.4) < 1e-12);
    assert.equal(chebyshevT(0.04), 5);
  });

  it("reproduces the mpeg2enc statements of 000 §8.1", () => {
    // μ = 493.9·10⁶ cycles, γ = 0.518: < 4% probability of exceeding (1 + γ/0.2)·μ = 1.77·10⁹ cycles.
    const s = softRealTime(1, 493.9e6, 0.518);
    assert.ok(Math.abs(s.statements[0].exceedsNs - 1.773e9) < 0.001e9);
    assert.equal(s.statements[0].probability, 0.04);
    // and < 25% of exceeding (1 + γ/0.5)·μ.
    assert.ok(Math.abs(s.statements[1].exceedsNs - (1 + 0.518 / 0.5) * 493.9e6) < 1);
  });
});

describe("KS difference of Gaussians (000 §6)", () => {
  it("matches hand-computed values", () => {
    // N(0,1) vs N(1,1): 2Φ(0.5) − 1 = 0.38292.
    assert.ok(Math.abs(ksDifference({ n: 1, meanNs: 0, varianceNs2: 1 }, { n: 1, meanNs: 1, varianceNs2: 1 }) - 0.382925) < 1e-5);
    // N(0,1) vs N(0,2²): densities cross at ±1.3596; Φ(1.3596) − Φ(0.6798) = 0.16134.
    assert.ok(Math.abs(ksDifference({ n: 1, meanNs: 0, varianceNs2: 1 }, { n: 1, meanNs: 0, varianceNs2: 4 }) - 0.16134) < 1e-4);
    assert.equal(ksDifference({ n: 1, meanNs: 5, varianceNs2: 2 }, { n: 1, meanNs: 5, varianceNs2: 2 }), 0);
    // Against an absent node (all mass at 0) a clearly positive metric differs almost fully.
    assert.ok(ksDifference({ n: 1, meanNs: 10, varianceNs2: 4 }, { n: 0, meanNs: 0, varianceNs2: 0 }) > 0.999);
  });
});

describe("merged statistics (000 §6.1)", () => {
  it("equal the statistics of the pooled observations", () => {
    const stats = (xs: number[]) => {
      const m = xs.reduce((s, x) => s + x, 0) / xs.length;
      return { n: xs.length, meanNs: m, varianceNs2: xs.reduce((s, x) => s + (x - m) ** 2, 0) / xs.length };
    };
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1e6 }), { minLength: 1, maxLength: 30 }), fc.array(fc.integer({ min: 0, max: 1e6 }), { minLength: 1, maxLength: 30 }), (a, b) => {
        const merged = mergeStats(stats(a), stats(b));
        const pooled = stats([...a, ...b]);
        assert.equal(merged.n, pooled.n);
        assert.ok(Math.abs(merged.meanNs - pooled.meanNs) <= 1e-9 * Math.max(1, pooled.meanNs));
        assert.ok(Math.abs(merged.varianceNs2 - pooled.varianceNs2) <= 1e-7 * Math.max(1, pooled.varianceNs2));
      }),
    );
  });
});
