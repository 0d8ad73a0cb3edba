// Runs needed to show a difference (verdict/runsToShow.ts), against the
// two-sample size formula worked by hand: z₀.₉₇₅ = 1.959964, z₀.₈ = 0.841621.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { runsToShow } from "../../engine/verdict/runsToShow.js";
import { sampleOf } from "../../engine/verdict/sample.js";

const withCov = (cov: number) => ({ ...sampleOf([1, 2, 3]), cov });

describe("runs needed to show a difference", () => {
  it("CoV 10% on both sides, 5% apart: 2·2.801585²·0.01 / ln(1.05)² = 65.94 → 66 runs each", () => {
    assert.equal(runsToShow(withCov(0.1), withCov(0.1), 1.05, 0.95), 66);
  });

  it("twice the spread, four times the runs; a ten times larger difference, about a hundredth", () => {
    assert.equal(runsToShow(withCov(0.2), withCov(0.2), 1.05, 0.95), 264); // 263.8
    assert.equal(runsToShow(withCov(0.1), withCov(0.1), 1.5, 0.95), 1); // 0.95
  });

  it("says nothing where the data cannot: no spread, one run, no difference", () => {
    assert.equal(runsToShow(withCov(0), withCov(0), 1.05, 0.95), null);
    assert.equal(runsToShow({ ...withCov(0.1), n: 1 }, withCov(0.1), 1.05, 0.95), null);
    assert.equal(runsToShow(withCov(0.1), withCov(0.1), 1.0001, 0.95), null);
    assert.equal(runsToShow({ ...withCov(0.1), cov: null }, withCov(0.1), 1.05, 0.95), null);
  });
});
