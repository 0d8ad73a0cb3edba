// k-means and the BIC choice of K (engine/stats/kmeans.ts, engine/patterns/bic.ts): the settled clusters are Lloyd's fixed point; K is
// recovered on data whose clusters are known.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { chooseK } from "../../engine/patterns/bic.js";
import { settle, type Points } from "../../engine/stats/kmeans.js";
import { squaredDistance } from "../../engine/stats/rowKernels.js";
import { seededRandom } from "../../engine/stats/random.js";

function blobs(centres: readonly number[][], perBlob: number, noise: number, seed: number): Points {
  const random = seededRandom(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const dims = centres[0].length;
  const n = centres.length * perBlob;
  const data = new Float64Array(n * dims);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < dims; j++) data[i * dims + j] = centres[i % centres.length][j] + noise * normal();
  return { data, n, dims };
}

describe("k-means (004 §3.2.3)", () => {
  it("settles clusters so every point sits with its nearest centroid, and drops a cluster left empty", () => {
    const points = blobs(
      [
        [0, 0, 0],
        [1, 0, 0],
        [0, 1, 1],
        [1, 1, 0],
      ],
      25,
      0.3,
      1,
    );
    // Start from a poor split: the first half and the second half of the points.
    const half = Array.from({ length: 50 }, (_, i) => i);
    const p = settle(points, [half, half.map((i) => i + 50)]);
    for (let i = 0; i < points.n; i++) {
      const own = squaredDistance(points.data, i * 3, p.centroids, p.assignment[i] * 3, 3);
      for (let c = 0; c < p.k; c++)
        assert.ok(own <= squaredDistance(points.data, i * 3, p.centroids, c * 3, 3) + 1e-12);
    }
    // Points 0, 0, 10, 10 started as {0, 0}, {10, 10} and {0, 10}: the third centre (5) is
    // nearer to no point than the others are, so it ends empty and is dropped.
    const line = { data: Float64Array.from([0, 0, 10, 10]), n: 4, dims: 1 };
    const dropped = settle(line, [
      [0, 1],
      [2, 3],
      [0, 2],
    ]);
    assert.equal(dropped.k, 2);
    assert.deepEqual([...dropped.assignment], [0, 0, 1, 1]);
  });

  it("finds the number of well-separated blobs by BIC, in 15 dimensions", () => {
    const centres = [0, 1, 2, 3, 4].map((b) => Array.from({ length: 15 }, (_, j) => (j === b ? 1 : 0)));
    const choice = chooseK(blobs(centres, 12, 0.05, 2), 30);
    assert.equal(choice.best.k, 5);
  });

  it("takes identical points as one cluster, and points repeated at three places as three", () => {
    const same = { data: new Float64Array(20 * 4).fill(0.3), n: 20, dims: 4 };
    assert.equal(chooseK(same, 10).best.k, 1);
    const three = blobs(
      [
        [0, 0],
        [1, 0],
        [0, 1],
      ],
      10,
      0,
      3,
    );
    assert.equal(chooseK(three, 10).best.k, 3);
  });

  it("does not split one cluster whose spread lies along one direction that is no axis", () => {
    // One behaviour whose runs differ only in how late one thing happens: a line in 15 dimensions.
    const random = seededRandom(4);
    const direction = Array.from({ length: 15 }, () => random() - 0.5);
    const data = new Float64Array(40 * 15);
    for (let i = 0; i < 40; i++) {
      const t = 0.2 * random();
      for (let j = 0; j < 15; j++) data[i * 15 + j] = 1 + t * direction[j];
    }
    assert.equal(chooseK({ data, n: 40, dims: 15 }, 20).best.k, 1);
  });
});
