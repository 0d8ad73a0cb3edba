// The noise tests of a split (engine/patterns/splitNoise.ts): their draws have the geometry of the
// noise they stand for, the bound holds as often as it says, and the Monte Carlo p-values are
// uniform when the observed statistic comes from the null itself (so a split passes α = 0.05 in 5%
// of such cases, as a test should).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { drawNoise, monteCarloP, noiseBound, normals, testBimodality } from "../../engine/patterns/splitNoise.js";
import { proposeSplit } from "../../engine/patterns/splitCandidate.js";
import { seededRandom } from "../../engine/stats/random.js";

function meanPairDistance2(p: { data: Float64Array; n: number; dims: number }): number {
  let s = 0;
  let pairs = 0;
  for (let a = 0; a < p.n; a++)
    for (let b = a + 1; b < p.n; b++) {
      let d = 0;
      for (let j = 0; j < p.dims; j++) d += (p.data[a * p.dims + j] - p.data[b * p.dims + j]) ** 2;
      s += d;
      pairs++;
    }
  return s / pairs;
}

describe("noise against which a split is tested (splitNoise.ts)", () => {
  it("draws n points whose squared distances average 2σ²D, in n dimensions when D ≥ n and in D otherwise", () => {
    const random = seededRandom(1);
    const normal = normals(random);
    for (const [n, D] of [
      [10, 500],
      [30, 12],
    ]) {
      let sum = 0;
      const draws = 300;
      for (let k = 0; k < draws; k++) {
        const p = drawNoise({ variance: 0.01, dims: D }, n, normal, random);
        assert.equal(p.dims, Math.min(n, D));
        sum += meanPairDistance2(p);
      }
      // E‖x − y‖² = 2σ²D for two independent N(0, σ²I_D) points.
      assert.ok(Math.abs(sum / draws / (2 * 0.01 * D) - 1) < 0.02, `${n} points, ${D} dimensions: ${sum / draws}`);
    }
  });

  it("bounds the separation pure noise reaches, but for about 1% of draws", () => {
    const random = seededRandom(2);
    const normal = normals(random);
    const n = 12;
    const D = 400;
    const bound = noiseBound({ variance: 0.0025, dims: D }, n);
    let over = 0;
    for (let k = 0; k < 300; k++) {
      const data = Float64Array.from({ length: n * D }, () => 0.05 * normal());
      if (proposeSplit({ data, n, dims: D }, n, 2)!.between > bound) over++;
    }
    assert.ok(over <= 6, `${over} of 300 draws beyond the bound`);
  });

  it("gives p ≤ 0.05 in 5% of cases where the observed value comes from the null", () => {
    const random = seededRandom(3);
    let small = 0;
    for (let k = 0; k < 400; k++) if (monteCarloP(random(), () => random()).p <= 0.05) small++;
    // Binomial(400, 0.05): 20 expected, 3 standard deviations either side.
    assert.ok(small >= 7 && small <= 33, `${small} of 400`);
  });

  it("finds two groups along an axis more than one even spread gives, and one even spread not", () => {
    const random = seededRandom(4);
    const candidateOf = (t: Float64Array) => {
      const points = { data: t, n: t.length, dims: 1 };
      return proposeSplit(points, t.length, 2)!;
    };
    let even = 0;
    for (let k = 0; k < 40; k++) {
      const groups = Float64Array.from({ length: 24 }, (_, i) => (i % 3 === 0 ? 1 : 0) + 0.1 * (random() - 0.5));
      assert.ok(testBimodality(candidateOf(groups), 24, 2, random).p <= 0.05, "two groups");
      const spread = Float64Array.from({ length: 24 }, () => random());
      if (testBimodality(candidateOf(spread), 24, 2, random).p <= 0.05) even++;
    }
    assert.ok(even <= 4, `one even spread taken for two groups in ${even} of 40`);
  });
});
