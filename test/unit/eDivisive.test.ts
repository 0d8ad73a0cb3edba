// E-Divisive means (engine/history): the divergence on hand-worked cases and against its definition
// computed pair by pair, the hierarchical search with its permutation test, Benjamini–Hochberg on a
// hand-worked case, and the false alarms on series without a change over seeded trials.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { bestSplit, EnergyScratch, segmentPoints, splitQ } from "../../engine/history/energy.js";
import { eDivisive, seriesSeed } from "../../engine/history/eDivisive.js";
import { adjustedPValues } from "../../engine/history/benjaminiHochberg.js";
import { seededRandom } from "../../engine/stats/random.js";

/** Q̂(τ) straight from Matteson & James §2 (α = 1), every pair summed. */
function naiveQ(z: readonly number[], tau: number): number {
  const x = z.slice(0, tau);
  const y = z.slice(tau);
  const n = x.length;
  const m = y.length;
  let cross = 0;
  for (const a of x) for (const b of y) cross += Math.abs(a - b);
  const within = (v: number[]) => {
    let s = 0;
    for (let i = 0; i < v.length; i++) for (let k = i + 1; k < v.length; k++) s += Math.abs(v[i] - v[k]);
    return s;
  };
  const e = (2 / (n * m)) * cross - (2 / (n * (n - 1))) * within(x) - (2 / (m * (m - 1))) * within(y);
  return ((n * m) / (n + m)) * e;
}

test("Q̂ of [0,0,1,1] split in the middle is 2 (worked by hand)", () => {
  // Cross distances 4 over 2·2 pairs, none within: Ê = 2/4 · 4 = 2, Q̂ = (2·2/4) · 2 = 2.
  assert.equal(splitQ(4, 0, 0, 2, 2), 2);
  const z = [0, 0, 1, 1];
  assert.deepEqual(bestSplit(segmentPoints(z), 2, new EnergyScratch(4)), { tau: 2, q: 2 });
});

test("Q̂ of [1,2,4,8,16,32] is largest at τ = 4, 248/9 (worked by hand)", () => {
  // τ=2: cross 108, within 1 and 92 → Ê = 27 − 1 − 92/6, Q̂ = 128/9; τ=3: cross 147, within 6 and 48 → Q̂ = 22;
  // τ=4: cross 162, within 23 and 16 → Ê = 40.5 − 23/6 − 16, Q̂ = 248/9.
  const z = [1, 2, 4, 8, 16, 32];
  assert.ok(Math.abs(naiveQ(z, 2) - 128 / 9) < 1e-12);
  assert.ok(Math.abs(naiveQ(z, 3) - 22) < 1e-12);
  const best = bestSplit(segmentPoints(z), 2, new EnergyScratch(6))!;
  assert.equal(best.tau, 4);
  assert.ok(Math.abs(best.q - 248 / 9) < 1e-9);
});

test("every split's Q̂ by the rank tree equals the pair-by-pair definition, ties included", () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 4, maxLength: 40 }),
      fc.integer({ min: 2, max: 5 }),
      (z, minSegment) => {
        const best = bestSplit(segmentPoints(z), minSegment, new EnergyScratch(z.length));
        const lo = Math.max(2, minSegment);
        if (z.length < 2 * lo) return best === null;
        let want = -Infinity;
        for (let t = lo; t <= z.length - lo; t++) want = Math.max(want, naiveQ(z, t));
        return best !== null && Math.abs(best.q - want) <= 1e-9 * Math.max(1, Math.abs(want));
      },
    ),
  );
});

function noisy(seed: number, levels: readonly number[], sd: number): number[] {
  const r = seededRandom(seed);
  // A sum of 12 uniforms less 6: close to a standard normal, and all from the seed.
  const normal = () => Array.from({ length: 12 }, r).reduce((a, b) => a + b, 0) - 6;
  return levels.map((l) => l * (1 + sd * normal()));
}

const options = (z: readonly number[]) => ({ minSegment: 3, level: 0.05, maxPermutations: 199, seed: seriesSeed(z) });

test("a 20 % step at point 12 of 20 noisy points is found there, and again the same from the same data", () => {
  const z = noisy(7, [...Array(12).fill(1), ...Array(8).fill(1.2)], 0.03);
  const r = eDivisive(z, options(z));
  assert.deepEqual(
    r.changes.map((c) => c.index),
    [12],
  );
  assert.ok(r.changes[0].pValue <= 0.05);
  assert.equal(r.tests.length, 2, "the first test found it, the second ended the search");
  assert.deepEqual(eDivisive([...z], options(z)), r);
});

test("two steps are both found, each where it is", () => {
  const z = noisy(11, [...Array(10).fill(1), ...Array(10).fill(1.3), ...Array(10).fill(0.9)], 0.03);
  const r = eDivisive(z, options(z));
  assert.deepEqual(
    r.changes.map((c) => c.index).sort((a, b) => a - b),
    [10, 20],
  );
});

test("series without a change: false alarms over 400 seeded trials stay within the test's level", () => {
  // The first test is at level 0.05 and valid (Besag–Clifford), so a false alarm has probability at most
  // 0.05: 400 trials expect at most 20; 31 is beyond that by more than 2.5 binomial standard deviations (4.4).
  let alarms = 0;
  for (let t = 0; t < 400; t++) {
    const z = noisy(1000 + t, Array(20).fill(1), 0.05);
    if (eDivisive(z, options(z)).changes.length > 0) alarms++;
  }
  assert.ok(alarms <= 31, `${alarms} of 400 series without a change had one`);
  console.log(`false alarms: ${alarms} of 400 series without a change (level 0.05)`);
});

test("constant and too-short series give no change point and no test", () => {
  assert.deepEqual(eDivisive(Array(12).fill(5), options(Array(12).fill(5))).changes, []);
  assert.deepEqual(eDivisive([1, 2, 3, 4, 5], options([1, 2, 3, 4, 5])), { changes: [], tests: [] });
});

test("Benjamini–Hochberg adjusted p-values (worked by hand)", () => {
  // Sorted .01 .03 .04 .2, m = 4: .2·4/4 = .2; .04·4/3 = .0533; .03·4/2 = .06 → .0533; .01·4/1 = .04.
  const q = adjustedPValues([0.01, 0.04, 0.03, 0.2]);
  const want = [0.04, 0.16 / 3, 0.16 / 3, 0.2];
  q.forEach((v, i) => assert.ok(Math.abs(v - want[i]) < 1e-12, `${i}: ${v}`));
});
