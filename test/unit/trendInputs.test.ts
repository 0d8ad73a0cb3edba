// Empirical complexity on awkward inputs: features that cannot carry a trend,
// features at or below zero, results read back from the cache (NaN as null),
// unfinished traces, and arguments that take a value per call.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { selectFeatures } from "../../engine/trend/featureSelection.js";
import { bbTrendProf } from "../../engine/trend/bbTrendProf.js";
import { trendsText } from "../../engine/report/trendsText.js";
import type { TrendsResult } from "../../engine/trend/result.js";
import { EventBatch } from "../../engine/trace/eventBatch.js";
import { CfFrames, MAX_INVOCATION_GROUPS } from "../../engine/trend/cf/invocationFrames.js";
import { RunFrameSink } from "../../engine/trend/cf/frameSink.js";
import { cfTrendProf } from "../../engine/trend/cf/cfTrendProf.js";

const runs = (values: Record<string, number[]>) =>
  values[Object.keys(values)[0]].map((_, i) => ({
    features: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v[i]])),
  }));

describe("features a trend can be fitted to", () => {
  it("leaves out constants, two-valued, nearly equal and overlarge features, saying why", () => {
    const s = selectFeatures(
      runs({
        n: [1, 2, 3, 4],
        k: [5, 5, 5, 5],
        two: [1, 2, 1, 2],
        tiny: [1e6, 1e6 + 1e-6, 1e6 + 2e-6, 1e6],
        huge: [1e300, 2e300, 3e300, 4e300],
      }),
      undefined,
    );
    assert.deepEqual(
      s.features.map((f) => f.name),
      ["n"],
    );
    assert.deepEqual(s.notes, [
      "feature huge reaches 4.0e+300, too large to fit in double precision: not used",
      "feature k is 5 in every run: not used",
      "feature tiny varies by less than 1% across the runs (1000000 … 1000000.000002): not used",
      "feature two takes only 2 distinct positive values across the runs (a trend needs 3): not used",
    ]);
    assert.equal(selectFeatures(runs({ n: [1, 2, 3, 4], k: [5, 5, 5, 5] }), "k").refused, "is 5 in every run");
    // A powerlaw is fitted to log x: zeros and negatives carry no trend (issue 27 item 8).
    assert.equal(
      selectFeatures(runs({ n: [0, 1, 2, -1] }), "n").refused,
      "takes only 2 distinct positive values across the runs (a trend needs 3)",
    );
  });

  it("fits costs to a feature at or below zero with the linear model only, and the text survives the cache's nulls", () => {
    const x = Float64Array.from([-4, -3, -2, -1]);
    const r = bbTrendProf({
      locations: [{ name: "a", values: Float64Array.from([400, 300, 200, 100]) }],
      features: [{ name: "n", values: x }],
      seed: 1,
    });
    const fit = r.clusters[0].fits[0];
    assert.equal(fit.model, "linear");
    assert.equal(fit.intervals, null);
    assert.ok(Math.abs(fit.linear.b + 100) < 1e-9);
    // Stored results hold null where the numbers were NaN (the powerlaw through no point).
    const cached = JSON.parse(
      JSON.stringify({ ...r, label: "t", source: "gcov", features: ["n"], runs: [], notes: [] }),
    ) as TrendsResult;
    assert.equal(cached.clusters[0].fits[0].power.a, null);
    assert.match(trendsText(cached), /0\.00 − 100\.00·n/);
  });
});

describe("per-function trends on unfinished traces and busy arguments", () => {
  const feed = (frames: CfFrames, w: number, events: (b: EventBatch, fn: (name: string) => number) => void) => {
    const sink = new RunFrameSink(frames, w, `run ${w + 1}`);
    const b = new EventBatch(sink.thread({ pid: 1, tid: 1 }));
    events(b, (name) => sink.functionId(name));
    b.flush();
    sink.finish();
  };

  it("closes calls left open at the end of a trace at its last event, and says so", () => {
    const frames = new CfFrames(3, "calls");
    for (let w = 0; w < 3; w++)
      feed(frames, w, (b, fn) => {
        b.enter(fn("main"), 0);
        for (let i = 0; i <= w; i++) (b.enter(fn("work"), 1 + i), b.exit(fn("work"), 2 + i));
      });
    assert.deepEqual(
      frames.notes,
      [1, 2, 3].map(
        (r) =>
          `run ${r}: 1 call(s) still open at the end of its trace were closed at its last event (the trace may be cut short)`,
      ),
    );
    const fns = cfTrendProf({ units: frames.finish(), features: [{ name: "n", values: [1, 2, 3] }] });
    assert.equal(fns.find((f) => f.name === "main")!.maxTotalTransitive, 4);
  });

  it("names a recursive call's argument after it, and drops arguments that take a value per call", () => {
    const frames = new CfFrames(3, "time");
    const ARG = ["arg1"];
    for (let w = 0; w < 3; w++)
      feed(frames, w, (b, fn) => {
        let t = 0;
        b.enter(fn("f"), t++, -1, { labels: ARG, values: [10] });
        b.enter(fn("f"), t++, -1, { labels: ARG, values: [9] });
        b.exit(fn("f"), t++);
        b.exit(fn("f"), t++);
        // A pointer-like argument: a new value on every call.
        for (let i = 0; i < MAX_INVOCATION_GROUPS; i++)
          (b.enter(fn("g"), t++, -1, { labels: ARG, values: [w * 1e6 + i] }), b.exit(fn("g"), t++));
      });
    const units = frames.finish();
    assert.deepEqual(units.find((u) => u.name === "f")!.argNames, ["f.arg1"]);
    assert.deepEqual(units.find((u) => u.name === "f (recursive)")!.argNames, ["f (recursive).arg1"]);
    const g = units.find((u) => u.name === "g")!;
    assert.equal(g.argsDropped, true);
    assert.equal(g.self.groups.size, 3, "one group per workload");
    assert.equal(g.self.count, 3 * MAX_INVOCATION_GROUPS);
    assert.match(frames.notes.join("\n"), /g: its arguments \(g\.arg1\) took over 4096 distinct values/);
  });
});
