// Which design is faster, per workload and overall (engine/verdict/designVerdict.ts),
// and the report's first answer from it, against hand-worked cases (scipy for
// the t quantiles and Mann–Whitney's exact p).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { designVerdict, type VerdictInput } from "../../engine/verdict/designVerdict.js";
import { verdictHeadline } from "../../engine/report/campaignReport/headline.js";
import { MEASURE_INFO } from "../../engine/campaign/measures.js";
import type { ToolCalibration } from "../../engine/verdict/toolCost.js";

const close = (x: number, y: number, tol = 1e-9) =>
  assert.ok(Math.abs(x - y) <= tol * Math.max(1, Math.abs(y)), `${x} ≠ ${y}`);

const input = (workloads: VerdictInput["workloads"], over: Partial<VerdictInput> = {}): VerdictInput => ({
  labels: { a: "insertion", b: "merge" },
  measure: MEASURE_INFO.wall,
  basis: "the runs' own clocks",
  workloads,
  confidence: 0.95,
  calibration: null,
  paired: false,
  notes: [],
  ...over,
});

describe("a verdict on one workload", () => {
  it("names B faster with the ratio of means and its interval on the log scale", () => {
    // Means 100 and 80: ratio 1.25. Var ln x̄ = s²/(n·x̄²): (10/3)/40000 and (10/3)/25600; Welch–Satterthwaite
    // df 5.7242, t(0.975, 5.7242) = 2.47578 (scipy), interval 1.20558 to 1.29605.
    const v = designVerdict(
      input([{ workload: "n-100", features: { n: 100 }, a: [99, 101, 98, 102], b: [79, 81, 78, 82] }]),
    );
    const w = v.workloads[0];
    assert.equal(w.speedup!.faster, "B");
    close(w.speedup!.ratio, 1.25);
    close(w.speedup!.interval!.low, 1.2055848905946123, 1e-7);
    close(w.speedup!.interval!.high, 1.2960514122148228, 1e-7);
    // No ties, every run of A above every run of B: exact two-sided p = 2/C(8,4) = 2/70.
    close(w.mannWhitney!.p, 2 / 70);
    assert.equal(v.overall, null);
    assert.equal(
      v.sentence,
      "merge ran 1.25 times faster than insertion (95% interval 1.21 to 1.30), on n-100, in wall time, from the runs' own clocks.",
    );
    const h = verdictHeadline(v, [])!;
    assert.equal(h.faster, "B");
    assert.equal(h.lower, "B");
    close(h.ratio, 1.25);
    assert.equal(h.measure, "wall time");
  });

  it("names neither when the interval holds 1, and says so first", () => {
    const v = designVerdict(input([{ workload: "w", features: {}, a: [100, 110, 90, 100], b: [101, 111, 91, 99] }]));
    assert.equal(v.workloads[0].speedup!.faster, null);
    assert.match(v.sentence, /^No difference is shown: /);
    assert.equal(verdictHeadline(v, [])!.faster, null);
  });

  it("names no design from one run a side", () => {
    const v = designVerdict(input([{ workload: "w", features: {}, a: [100], b: [50] }]));
    assert.equal(v.workloads[0].speedup!.interval, null);
    assert.equal(v.workloads[0].speedup!.faster, null);
    assert.match(v.sentence, /\(no interval\)/);
  });
});

describe("a verdict over several workloads", () => {
  it("compares each workload on its own and pools by the geometric mean of their ratios", () => {
    // B takes half of A's time on both workloads: both ratios 2, so their geometric mean is 2.
    const v = designVerdict(
      input([
        { workload: "small", features: { n: 1 }, a: [10, 11, 9], b: [5, 5.5, 4.5] },
        { workload: "large", features: { n: 2 }, a: [20, 22, 18], b: [10, 11, 9] },
      ]),
    );
    assert.deepEqual(
      v.workloads.map((w) => w.speedup!.faster),
      ["B", "B"],
    );
    close(v.overall!.speedup.ratio, 2);
    assert.equal(v.overall!.speedup.lower, "B");
    assert.deepEqual(v.overall!.faster, { A: 0, B: 2, none: 0 });
    assert.match(
      v.sentence,
      /^Over 2 workloads \(the geometric mean of their ratios\), merge ran 2\.00 times faster than insertion/,
    );
    // Twice as fast on one, twice as slow on the other: geometric mean 1, neither faster overall.
    const mixed = designVerdict(
      input([
        { workload: "small", features: {}, a: [10, 11, 9], b: [5, 5.5, 4.5] },
        { workload: "large", features: {}, a: [10, 11, 9], b: [20, 22, 18] },
      ]),
    );
    close(mixed.overall!.speedup.ratio, 1);
    assert.equal(mixed.overall!.speedup.faster, null);
    assert.deepEqual(mixed.overall!.faster, { A: 1, B: 1, none: 0 });
  });
});

describe("a tracer's own cost beside the verdict", () => {
  const calibration: ToolCalibration = {
    tool: "uftrace",
    version: "uftrace v0.13",
    nsPerCall: 200,
    insideNs: 30,
    low: 180,
    high: 220,
    measuredAt: "2026-11-27T00:00:00Z",
    how: "test",
  };
  it("says the cost, and leaves the verdict unsettled where it differs by more than the difference found", () => {
    // A: one call a run and 1,000 µs of work; B: 4,000 calls a run and 200 µs of work, traced at 200 ns a call:
    // B's traced time is 200 + 800 = 1,000 µs, so the trace sees no difference where B is 5 times faster.
    const a = [1_000_000, 1_010_000, 990_000, 1_005_000];
    const b = [1_000_000, 1_020_000, 985_000, 1_000_000];
    const v = designVerdict(
      input([{ workload: "n-2048", features: {}, a, b, callsA: [1, 1, 1, 1], callsB: [4000, 4000, 4000, 4000] }], {
        measure: MEASURE_INFO["trace-cpu"],
        basis: "the uftrace traces",
        calibration,
      }),
    );
    const t = v.workloads[0].toolCost!;
    close(t.b.meanNs, 800_000);
    close(t.b.share, 800_000 / 1_001_250);
    assert.equal(t.swamps, true);
    assert.equal(v.settled, false);
    // Taken out: A 1,001,250 − 200 against B 201,250: B ran about 4.97 times faster.
    assert.equal(t.adjusted!.lower, "B");
    close(t.adjusted!.ratio, (1_001_250 - 200) / 201_250, 1e-9);
    assert.match(
      v.sentence,
      /^Not settled by the traces: uftrace's own estimated cost weighs differently on the two designs, enough to decide the answer; with its estimate taken out, on n-2048, merge ran 4\.97 times faster than insertion/,
    );
    assert.match(
      v.sentence,
      /Time them without the tracer \(`timing: time` in the spec\)\. As traced, no difference is shown/,
    );
    assert.equal(verdictHeadline(v, [])!.faster, null, "an unsettled verdict names no faster design");
    assert.ok(
      v.warnings.some((w) =>
        /uftrace's own cost is at least an estimated 0\.0% of the traced on-CPU time of insertion and 80% of that of merge/.test(
          w,
        ),
      ),
      v.warnings.join("\n"),
    );
    assert.equal(v.workloads[0].settled, false);
  });
});
