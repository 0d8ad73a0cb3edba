// Patterns checked on halves of the runs (engine/patterns/stability.ts, 004 §5.3): behaviours that
// are there are reproduced by both halves; a partition of noise made by hand is reproduced by none.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { searchClusters } from "../../engine/patterns/bic.js";
import { reproducedByHalves } from "../../engine/patterns/stability.js";
import { seededRandom } from "../../engine/stats/random.js";

function blobs(centres: number, perBlob: number, dims: number, seed: number) {
  const random = seededRandom(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const n = centres * perBlob;
  const data = new Float64Array(n * dims);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < dims; j++) data[i * dims + j] = (j === i % centres && centres > 1 ? 2 : 0) + 0.05 * normal();
  return { data, n, dims };
}

describe("patterns reproduced on halves (stability.ts)", () => {
  const search =
    (random: () => number) =>
    (half: Parameters<typeof searchClusters>[0], noise: Parameters<typeof searchClusters>[4]) =>
      searchClusters(half, 30, 1, random, noise).clusters;
  const noise = { variance: 0.0025, dims: 40 };

  it("counts two halves for each of three behaviours", () => {
    const points = blobs(3, 10, 40, 1);
    const assignment = Int32Array.from({ length: points.n }, (_, i) => i % 3);
    const random = seededRandom(2);
    assert.deepEqual([...reproducedByHalves(points, assignment, 3, search(random), noise, random)], [2, 2, 2]);
  });

  it("counts none for two halves of noise cut apart by hand", () => {
    const points = blobs(1, 30, 40, 3);
    const assignment = Int32Array.from({ length: points.n }, (_, i) => (i < 15 ? 0 : 1));
    const random = seededRandom(4);
    assert.deepEqual([...reproducedByHalves(points, assignment, 2, search(random), noise, random)], [0, 0]);
  });
});
