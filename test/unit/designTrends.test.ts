// Two designs' scalability compared (issue 13): generated powerlaws whose
// exponents, coefficients and crossing are known by construction.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { compareTrends, WHOLE_PROGRAM, type DesignSeries } from "../../engine/trend/designTrends.js";
import { seededRandom } from "../../engine/stats/random.js";

const SIZES = [8, 16, 32, 64, 128, 256, 512, 1024, 2048];

/** Runs at SIZES (three each) of locations a·n^b, each with multiplicative noise of ±`noise`. */
function design(name: string, locations: Record<string, [number, number]>, seed: number, noise = 0.02): DesignSeries {
  const random = seededRandom(seed);
  const xs = SIZES.flatMap((n) => [n, n, n]);
  return {
    design: name,
    runIds: xs.map((_, i) => i + 1),
    feature: Float64Array.from(xs),
    locations: Object.entries(locations).map(([loc, [a, b]]) => ({
      name: loc,
      values: Float64Array.from(xs, (x) => a * x ** b * (1 + noise * (2 * random() - 1))),
    })),
  };
}

describe("two designs' trends compared", () => {
  // A: 30·n (merge-like), B: 0.5·n² (insertion-like): they cross where 30n = 0.5n², n = 60.
  const a = design("A", { sort: [30, 1], setup: [5, 1] }, 1);
  const b = design("B", { sort: [0.5, 2], setup: [5, 1] }, 2);

  it("names the quadratic design, with the difference of exponents and the crossing at n = 60", () => {
    const r = compareTrends(a, b, 7, 400);
    const sort = r.locations.find((l) => l.name === "sort")!;
    assert.equal(sort.scalesWorse, "B");
    assert.ok(Math.abs(sort.exponentDifference!.value - 1) < 0.02, String(sort.exponentDifference!.value));
    const iv = sort.exponentDifference!.interval!;
    assert.ok(iv.low <= 1 && iv.high >= 1 && iv.low > 0, JSON.stringify(iv));
    assert.ok(Math.abs(sort.crossover! - 60) < 6, String(sort.crossover));
    assert.equal(sort.crossoverMeasured, true);
    // 30·32 = 960 > 0.5·32² = 512, and 30·64 = 1920 < 0.5·64² = 2048: the data cross between 32 and 64.
    assert.deepEqual(sort.observedCrossing, [32, 64]);
  });

  it("puts the whole program first, and shows neither design worse where both scale alike", () => {
    const r = compareTrends(a, b, 7, 400);
    assert.equal(r.locations[0].name, WHOLE_PROGRAM);
    assert.equal(r.locations[0].scalesWorse, "B");
    const setup = r.locations.find((l) => l.name === "setup")!;
    assert.equal(setup.scalesWorse, null);
    assert.ok(setup.exponentDifference!.interval!.low < 0 && setup.exponentDifference!.interval!.high > 0);
  });

  it("leaves a location one design never reaches without a comparison", () => {
    const c = design("C", { merge: [30, 1] }, 3);
    const d = design("D", { insertion: [0.5, 2] }, 4);
    const r = compareTrends(c, d, 7, 200);
    const merge = r.locations.find((l) => l.name === "merge")!;
    assert.equal(merge.fits[1], null);
    assert.equal(merge.exponentDifference, null);
    assert.equal(r.locations[0].scalesWorse, "D");
  });

  it("does not depend on the order of the runs", () => {
    const reversed = (s: DesignSeries): DesignSeries => ({
      ...s,
      feature: s.feature.slice().reverse(),
      locations: s.locations.map((l) => ({ name: l.name, values: Float64Array.from(l.values).reverse() })),
    });
    const r1 = compareTrends(a, b, 11, 300);
    const r2 = compareTrends(reversed(a), reversed(b), 11, 300);
    // The intervals are drawn from the points in an order of their own: equal to the last bit. The
    // estimates are sums taken in run order: equal to rounding.
    assert.deepEqual(
      r2.locations.map((l) => l.exponentDifference?.interval),
      r1.locations.map((l) => l.exponentDifference?.interval),
    );
    r1.locations.forEach((l, i) =>
      assert.ok(Math.abs(l.exponentDifference!.value - r2.locations[i].exponentDifference!.value) < 1e-12),
    );
  });

  it("gives the same costs the same answer wherever they sit, and a location added changes no other", () => {
    // "sort" again under another name, as a function's self and inclusive cost are when it calls nothing.
    const twin = (s: DesignSeries, extra: DesignSeries["locations"]): DesignSeries => ({
      ...s,
      locations: [...extra, ...s.locations, { name: "sort (self)", values: s.locations[0].values }],
    });
    const r1 = compareTrends(a, b, 5, 300);
    const noise = design("N", { other: [3, 0.5] }, 9).locations;
    const r2 = compareTrends(twin(a, noise), twin(b, noise), 5, 300);
    const at = (r: typeof r1, name: string) => r.locations.find((l) => l.name === name)!;
    const { name: _, ...sort } = at(r2, "sort");
    const { name: __, ...self } = at(r2, "sort (self)");
    assert.deepEqual(self, sort);
    assert.deepEqual(at(r2, "setup"), at(r1, "setup"));
    assert.deepEqual(at(r2, "sort"), at(r1, "sort"));
  });

  it("gives B against A as A against B mirrored", () => {
    const ab = compareTrends(a, b, 5, 300);
    const ba = compareTrends(b, a, 5, 300);
    for (const l of ab.locations) {
      const m = ba.locations.find((x) => x.name === l.name)!;
      assert.deepEqual(m.fits, [l.fits[1], l.fits[0]]);
      assert.equal(m.scalesWorse, l.scalesWorse);
      const [d, e] = [l.exponentDifference!, m.exponentDifference!];
      assert.ok(Math.abs(d.value + e.value) < 1e-12, `${d.value} ${e.value}`);
      assert.ok(Math.abs(d.interval!.low + e.interval!.high) < 1e-9, JSON.stringify([d, e]));
      assert.ok(Math.abs(d.interval!.high + e.interval!.low) < 1e-9, JSON.stringify([d, e]));
    }
  });
});
