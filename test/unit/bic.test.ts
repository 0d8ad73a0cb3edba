// Choosing the number of patterns (engine/patterns/bic.ts) where splits must beat noise (issue 28):
// runs of one behaviour in as many dimensions as real run vectors have, runs spread evenly along
// one direction (timing jitter), and behaviours the noise must not hide. Every expected count is
// the number of behaviours the data were drawn from.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { chooseK } from "../../engine/patterns/bic.js";
import type { Points } from "../../engine/stats/kmeans.js";
import { seededRandom } from "../../engine/stats/random.js";

/** `n` runs in `dims` dimensions: a base level, noise of sd `sd` in every dimension, run i of
 * behaviour `behaviourOf(i)` moved by that behaviour's offset, and by `spread(i)` along `line`. */
function runs(
  n: number,
  dims: number,
  sd: number,
  seed: number,
  opts: {
    offsets?: Float64Array[];
    behaviourOf?: (i: number) => number;
    spread?: (r: () => number) => number;
    line?: Float64Array;
  } = {},
): Points {
  const random = seededRandom(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const data = new Float64Array(n * dims);
  for (let i = 0; i < n; i++) {
    const b = opts.behaviourOf?.(i) ?? 0;
    const t = opts.spread?.(random) ?? 0;
    for (let j = 0; j < dims; j++)
      data[i * dims + j] = 0.3 + sd * normal() + (opts.offsets?.[b][j] ?? 0) + t * (opts.line?.[j] ?? 0);
  }
  return { data, n, dims };
}

/** A random direction of length `length`. */
function direction(dims: number, length: number, seed: number): Float64Array {
  const random = seededRandom(seed);
  const v = Float64Array.from({ length: dims }, () => random() - 0.5);
  const norm = Math.hypot(...v);
  return v.map((x) => (x * length) / norm);
}

describe("splits that beat noise (bic.ts, issue 28)", () => {
  it("keeps 12 runs of one behaviour in 1,200 noisy dimensions as one pattern", () => {
    // Noise of sd 0.05 a dimension sets two runs about 0.05·√2400 = 2.4 apart (the 2.2).
    const ks = Array.from({ length: 20 }, (_, s) => chooseK(runs(12, 1200, 0.05, 100 + s), 30, () => {}, s + 1).best.k);
    assert.deepEqual(ks, new Array(20).fill(1));
  });

  it("keeps runs spread evenly along one direction (±15% jitter of a phase's end) as one pattern, at most rarely two", () => {
    for (const n of [12, 40]) {
      const line = direction(1200, 3, 7);
      const ks = Array.from(
        { length: 20 },
        (_, s) =>
          chooseK(runs(n, 1200, 0.05, 200 + s, { line, spread: (r) => 2 * r() - 1 }), 30, () => {}, s + 1).best.k,
      );
      assert.ok(Math.max(...ks) <= 2, `${n} runs: ${ks}`);
      assert.ok(ks.filter((k) => k === 2).length <= 2, `${n} runs: ${ks}`);
    }
  });

  it("finds two behaviours of six runs each that lie a little farther apart than two runs of one", () => {
    const offsets = [new Float64Array(1200), direction(1200, 3, 11)];
    for (let s = 0; s < 10; s++) {
      const points = runs(12, 1200, 0.05, 300 + s, { offsets, behaviourOf: (i) => i % 2 });
      const { best } = chooseK(points, 30, () => {}, s + 1);
      assert.equal(best.k, 2, `seed ${s}`);
      for (let i = 0; i < 12; i++)
        assert.equal(best.assignment[i], best.assignment[i % 2], `run ${i} with its behaviour`);
    }
  });

  it("measures the noise within the behaviours, not between them", () => {
    const offsets = [0, 1, 2].map((b) => direction(300, b === 0 ? 0 : 4, 20 + b));
    const { best, noise } = chooseK(runs(60, 300, 0.05, 5, { offsets, behaviourOf: (i) => i % 3 }), 30);
    assert.equal(best.k, 3);
    // Each dimension's variance is 0.05² and there are 300: the noise's two moments, within 10%.
    assert.ok(Math.abs(noise.variance / 0.0025 - 1) < 0.1, `variance ${noise.variance}`);
    assert.ok(Math.abs(noise.dims / 300 - 1) < 0.1, `dimensions ${noise.dims}`);
  });
});
