// Two-sample baselines against values computed apart from the code by scipy and numpy
// (test/fixtures/stats/reference.py, which also checks the textbook data against the values
// R and scipy publish for them), and the laws they obey.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import {
  fractionBLower,
  hodgesLehmann,
  mannWhitney,
  meanInterval,
  runsNeeded,
  visualTest,
  welchInterval,
} from "../../engine/stats/twoSamples.js";
import { selectPairSum } from "../../engine/stats/hodgesLehmann.js";

interface Expected {
  readonly mannWhitney: { u: number; p: number; method: string };
  readonly hodgesLehmann: { shift: number; low: number; high: number; confidence: number; method: string };
  readonly fractionBLower: number;
  readonly meanInterval: { a: IntervalFields; b: IntervalFields };
  readonly welchInterval: { difference: number; low: number; high: number; df: number };
  readonly runsNeeded: { a: number; b: number };
  readonly visualOverlap: boolean;
}
interface IntervalFields {
  readonly n: number;
  readonly mean: number;
  readonly sd: number;
  readonly low: number;
  readonly high: number;
  readonly halfWidth: number;
}
interface Case {
  readonly name: string;
  readonly a: number[];
  readonly b: number[];
  readonly confidence: number;
  readonly relativePrecision: number;
  readonly expected: Expected;
}
const reference = JSON.parse(readFileSync(new URL("../fixtures/stats/reference.json", import.meta.url), "utf8")) as {
  cases: Case[];
  meanIntervals: { x: number[]; confidence: number; expected: IntervalFields }[];
};

/** Relative closeness: scipy's quantiles and p-values against ours, to well under a display digit. */
function close(actual: number, expected: number, tolerance: number, what: string): void {
  const scale = Math.max(Math.abs(expected), Number.MIN_VALUE);
  assert.ok(Math.abs(actual - expected) <= tolerance * scale, `${what}: ${actual} ≠ ${expected}`);
}

/** Equality of floats that are the same order statistic, −0 and 0 alike. */
function same(actual: number, expected: number, what: string): void {
  assert.ok(actual === expected, `${what}: ${actual} ≠ ${expected}`);
}

function closeInterval(actual: IntervalFields, expected: IntervalFields, what: string): void {
  assert.equal(actual.n, expected.n);
  close(actual.mean, expected.mean, 1e-14, `${what} mean`);
  close(actual.sd, expected.sd, 1e-13, `${what} sd`);
  close(actual.halfWidth, expected.halfWidth, 1e-11, `${what} half-width`);
  close(actual.low, expected.low, 1e-11, `${what} low`);
  close(actual.high, expected.high, 1e-11, `${what} high`);
}

describe("two-sample baselines against scipy", () => {
  for (const c of reference.cases) {
    it(`${c.name}: ${c.a.length} × ${c.b.length} runs`, () => {
      const e = c.expected;
      const mw = mannWhitney(c.a, c.b);
      assert.equal(mw.method, e.mannWhitney.method);
      assert.equal(mw.u, e.mannWhitney.u);
      close(mw.p, e.mannWhitney.p, 1e-11, "p");

      const hl = hodgesLehmann(c.a, c.b, c.confidence);
      assert.equal(hl.method, e.hodgesLehmann.method);
      same(hl.shift, e.hodgesLehmann.shift, "shift");
      same(hl.low, e.hodgesLehmann.low, "low");
      same(hl.high, e.hodgesLehmann.high, "high");
      close(hl.confidence, e.hodgesLehmann.confidence, 1e-12, "achieved confidence");

      close(fractionBLower(c.a, c.b), e.fractionBLower, 1e-15, "fraction");
      closeInterval(meanInterval(c.a, c.confidence), e.meanInterval.a, "a");
      closeInterval(meanInterval(c.b, c.confidence), e.meanInterval.b, "b");
      const w = welchInterval(c.a, c.b, c.confidence);
      close(w.difference, e.welchInterval.difference, 1e-12, "difference");
      close(w.df, e.welchInterval.df, 1e-12, "df");
      close(w.low, e.welchInterval.low, 1e-11, "Welch low");
      close(w.high, e.welchInterval.high, 1e-11, "Welch high");
      assert.equal(runsNeeded(c.a, c.confidence, c.relativePrecision), e.runsNeeded.a);
      assert.equal(runsNeeded(c.b, c.confidence, c.relativePrecision), e.runsNeeded.b);
      assert.equal(visualTest(c.a, c.b, c.confidence).overlap, e.visualOverlap);
    });
  }

  it("Student t intervals where t is far from z (1 to 4 degrees of freedom)", () => {
    for (const { x, confidence, expected } of reference.meanIntervals) {
      closeInterval(meanInterval(x, confidence), expected, `${x} at ${confidence}`);
    }
  });
});

describe("two-sample baselines: edges", () => {
  it("an empty sample throws; a single run bounds nothing", () => {
    for (const f of [
      () => meanInterval([]),
      () => runsNeeded([]),
      () => mannWhitney([], [1]),
      () => hodgesLehmann([1], []),
      () => welchInterval([], [1]),
      () => fractionBLower([1], []),
      () => visualTest([], [1]),
    ]) {
      assert.throws(f, /no values/);
    }
    const one = meanInterval([7]);
    assert.deepEqual([one.mean, one.sd, one.low, one.high, one.halfWidth], [7, 0, -Infinity, Infinity, Infinity]);
    assert.deepEqual(welchInterval([7], [1, 2]), { difference: 5.5, low: -Infinity, high: Infinity, df: 0 });
    assert.equal(runsNeeded([7]), 2);
  });

  it("inputs are not modified, typed arrays are taken as they are", () => {
    const a = Float64Array.of(5, 1, 3);
    const b = [4, 2, 2];
    hodgesLehmann(a, b);
    mannWhitney(a, b);
    assert.deepEqual([...a, ...b], [5, 1, 3, 4, 2, 2]);
  });

  it("identical samples: no shift, p = 1, half the pairs", () => {
    const x = [3, 3, 3, 3];
    const hl = hodgesLehmann(x, x);
    assert.deepEqual([hl.shift, hl.low, hl.high], [0, 0, 0]);
    assert.deepEqual(mannWhitney(x, x), { u: 8, p: 1, method: "normal" });
    assert.equal(fractionBLower(x, x), 0.5);
  });
});

const runs = (maxLength: number) => fc.array(fc.integer({ min: -40, max: 40 }), { minLength: 1, maxLength });

describe("two-sample baselines: laws", () => {
  it("U_a + U_b = n·m, and p is a probability", () => {
    fc.assert(
      fc.property(runs(60), runs(60), (a, b) => {
        const ab = mannWhitney(a, b);
        const ba = mannWhitney(b, a);
        assert.equal(ab.u + ba.u, a.length * b.length);
        assert.equal(ab.p, ba.p);
        assert.ok(ab.p >= 0 && ab.p <= 1);
        assert.equal(fractionBLower(a, b), ab.u / (a.length * b.length));
      }),
    );
  });

  it("swapping a and b negates the shift and mirrors the interval", () => {
    fc.assert(
      fc.property(runs(30), runs(30), fc.constantFrom(0.8, 0.9, 0.95, 0.99), (a, b, confidence) => {
        const ab = hodgesLehmann(a, b, confidence);
        const ba = hodgesLehmann(b, a, confidence);
        same(ba.shift, -ab.shift, "shift");
        same(ba.low, -ab.high, "low");
        same(ba.high, -ab.low, "high");
        assert.equal(ba.confidence, ab.confidence);
        assert.ok(ab.low <= ab.shift && ab.shift <= ab.high);
      }),
    );
  });

  it("shifting b by c moves the shift by −c; shifting both moves nothing (whole numbers, so exactly)", () => {
    fc.assert(
      fc.property(runs(30), runs(30), fc.integer({ min: -1000, max: 1000 }), (a, b, c) => {
        const before = hodgesLehmann(a, b);
        same(
          hodgesLehmann(
            a,
            b.map((v) => v + c),
          ).shift,
          before.shift - c,
          "shift",
        );
        // Moving b alone may make or break ties, and with them the order statistics chosen.
        assert.deepEqual(
          hodgesLehmann(
            a.map((v) => v + c),
            b.map((v) => v + c),
          ),
          before,
        );
      }),
    );
  });

  it("selection over the implicit matrix equals sorting every sum, ties and all", () => {
    fc.assert(
      fc.property(runs(40), runs(40), fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), (xs, ys, at) => {
        const x = Float64Array.from(xs).sort();
        const y = Float64Array.from(ys).sort();
        const all = Float64Array.from(xs.flatMap((u) => ys.map((v) => u + v))).sort();
        const k = 1 + Math.floor(at * all.length);
        same(selectPairSum(x, y, k), all[k - 1], `k = ${k}`);
      }),
      { numRuns: 300 },
    );
  });
});
