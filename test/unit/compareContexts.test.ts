// Context comparison: pooled statistics equal those of the pooled data, and
// contexts are split into slower, faster and unchanged as worked by hand.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { compareContexts, poolContexts } from "../../engine/cct/compare.js";
import { compareSides } from "../../engine/cct/compareSides.js";
import type { ContextRow } from "../../engine/cct/query.js";

/** A context row of these invocation times (population σ, as the CCT keeps). */
function row(path: string[], times: readonly number[]): ContextRow {
  const n = times.length;
  const mean = times.reduce((s, t) => s + t, 0) / n;
  const std = Math.sqrt(times.reduce((s, t) => s + (t - mean) ** 2, 0) / n);
  return {
    id: 1,
    path,
    n,
    meanNs: mean,
    stdNs: std,
    cov: std / mean,
    minNs: Math.min(...times),
    maxNs: Math.max(...times),
    inclusiveNs: mean * n,
    selfNs: 0,
  };
}

describe("poolContexts", () => {
  it("pools two runs exactly: mean and variance of all invocations", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1e6 }), { minLength: 1, maxLength: 40 }),
        fc.array(fc.integer({ min: 1, max: 1e6 }), { minLength: 1, maxLength: 40 }),
        (x, y) => {
          const p = poolContexts([[row(["main", "f"], x)], [row(["main", "f"], y)]]).get("main\u0000f")!;
          const all = [...x, ...y];
          const mean = all.reduce((s, t) => s + t, 0) / all.length;
          const m2 = all.reduce((s, t) => s + (t - mean) ** 2, 0);
          assert.equal(p.n, all.length);
          assert.ok(Math.abs(p.mean - mean) <= 1e-9 * mean);
          assert.ok(Math.abs(p.m2 - m2) <= 1e-7 * Math.max(1, m2));
        },
      ),
    );
  });
});

describe("compareContexts", () => {
  it("lists slower, faster, new and gone contexts and counts the unchanged", () => {
    const a = poolContexts([
      [
        row(["main"], [100]),
        row(["main", "f"], [10, 12]),
        row(["main", "g"], [50, 50]),
        row(["main", "h"], [1000, 1000]),
        row(["main", "old"], [5, 5]),
      ],
    ]);
    const b = poolContexts([
      [
        row(["main"], [100.5]),
        row(["main", "f"], [20, 22]),
        row(["main", "g"], [25, 25]),
        row(["main", "h"], [1001, 1001]),
        row(["main", "new"], [7, 7]),
      ],
    ]);
    const r = compareContexts(a, b, 1, 1);
    // main +0.5% and h +0.1% are under the 1% threshold.
    assert.equal(r.unchanged, 2);
    assert.deepEqual(
      r.slower.map((c) => c.path.join(">")),
      ["main>f", "main>new"],
    );
    assert.deepEqual(
      r.faster.map((c) => c.path.join(">")),
      ["main>g", "main>old"],
    );
    const f = r.slower[0];
    assert.equal(f.deltaNs, 10);
    assert.ok(Math.abs(f.relative! - 10 / 11) < 1e-12);
    // Welch: both sides have sample variance 2, n = 2: se = sqrt(2/2 + 2/2) = √2.
    assert.ok(Math.abs(f.welchT! - 10 / Math.SQRT2) < 1e-12);
    assert.equal(r.slower[1].a, null);
    assert.equal(r.slower[1].relative, null);
  });

  it("does not call a context new or gone where the other side's list was cut (a deep tree's lightest left out)", () => {
    const a = poolContexts([[row(["main"], [100]), row(["main", "f"], [10, 12]), row(["main", "light"], [1])]]);
    const b = poolContexts([[row(["main"], [100]), row(["main", "f"], [20, 22])]]);
    // B's list was cut: "light" may be among what it left out.
    const r = compareContexts(a, b, 1, 1, false, true);
    assert.equal(r.unknown, 1);
    assert.deepEqual(
      r.faster.map((c) => c.path.join(">")),
      [],
    );
    assert.deepEqual(
      r.slower.map((c) => c.path.join(">")),
      ["main>f"],
    );
    // Uncut, the same "light" is gone in B.
    assert.deepEqual(
      compareContexts(a, b, 1, 1).faster.map((c) => c.path.join(">")),
      ["main>light"],
    );
  });
});

describe("compareSides", () => {
  it("says which side's deep runs were compared by their heaviest contexts only", () => {
    const rows = (cut?: number) => Object.assign([row(["main"], [100])], cut === undefined ? {} : { cut });
    const r = compareSides(
      { label: "A", runs: [], contexts: [rows(), rows(1234)] },
      { label: "B", runs: [], contexts: [rows()] },
    );
    assert.deepEqual(r.notes, [
      "A: only the heaviest contexts of its deepest runs are compared; 1,234 lighter ones, whose call chains would not fit in memory together, are left out",
    ]);
    assert.deepEqual(
      compareSides({ label: "A", runs: [], contexts: [rows()] }, { label: "B", runs: [], contexts: [rows()] }).notes,
      [],
    );
  });
});
