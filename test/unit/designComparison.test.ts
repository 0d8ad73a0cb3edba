// Design comparison by patterns (paper 004 §5.2, Table 4) on a hand-built
// clustering whose every number is worked out below, and the reproducibility
// check (§5.3) on synthetic runs.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { compareDesigns } from "../../engine/patterns/comparison.js";
import { verdict } from "../../engine/patterns/verdict.js";
import { MEASURE_INFO as METRIC_INFO } from "../../engine/campaign/measures.js";
import type { ExecutionPatternsResult, Pattern, PatternRun } from "../../engine/patterns/result.js";
import { distributionOption, improvementOption, planeOption, shapeOption } from "../../engine/charts/patternCharts.js";
import { LIGHT } from "../../engine/charts/colors.js";

const MS = 1e6;

/** Runs: [id, side, pattern, metric in ms, vector]. */
type Spec = [number, "A" | "B", number, number, number[]];

// P1: A 100, 110; B 80, 90, 85   P2: A 200; B 150   P3 (A only): A 300   P4 (B only): B 250
const SPEC: Spec[] = [
  [1, "A", 0, 100, [0, 0]],
  [2, "A", 0, 110, [0, 1]],
  [3, "B", 0, 80, [0, 0.1]],
  [4, "B", 0, 90, [0, 0.95]],
  [5, "B", 0, 85, [0, 5]],
  [6, "A", 1, 200, [10, 0]],
  [7, "B", 1, 150, [10, 0.5]],
  [8, "A", 2, 300, [20, 0]],
  [9, "B", 3, 250, [30, 0]],
];

function clustering(): { result: ExecutionPatternsResult; vectors: Float64Array[] } {
  const runs: PatternRun[] = SPEC.map(([runId, group, pattern, ms, v]) => ({
    runId,
    group,
    workload: null,
    pattern,
    metric: ms * MS,
    distance: 0,
    x: v[0],
    y: v[1],
    slots: [1],
    overflow: [],
  }));
  const patterns: Pattern[] = [0, 1, 2, 3].map((p) => {
    const members = SPEC.filter((s) => s[2] === p);
    const groups: Record<string, number> = {};
    for (const s of members) groups[s[1]] = (groups[s[1]] ?? 0) + 1;
    return {
      name: `P${p + 1}`,
      runs: members.map((s) => s[0]),
      representative: members[0][0],
      groups,
      metric: null,
      activity: [[1, 0.5]],
      radius: 0,
    };
  });
  const result: ExecutionPatternsResult = {
    label: "A vs B",
    source: "uftrace",
    metric: METRIC_INFO.wall,
    parameters: { intervals: 2, kmax: 30, seed: 1, alignThreads: true, dims: 15 },
    runs,
    patterns,
    slots: [{ label: "kind 1 #1", kind: 0, rank: 0, threadName: "main" }],
    threadSplits: [],
    patternSplits: [],
    discovery: [1, 1, 1, 1, 1, 2, 2, 3, 4],
    runsToSeeAll: 9,
    notes: [],
  };
  return { result, vectors: SPEC.map((s) => Float64Array.from(s[4])) };
}

describe("design comparison by patterns (004 §5.2)", () => {
  const { result, vectors } = clustering();
  const c = compareDesigns(result, vectors, { a: "base", b: "fast" }, { confidence: 0.95, precision: 0.01 });

  it("matches runs one-to-one within common patterns, nearest first", () => {
    // P1: distances A2–B4 0.05, A1–B3 0.1, A1–B4 0.95, A2–B3 0.9, … → pairs (2,4), then (1,3);
    // run 5 stays unmatched. P2: (6,7). P3 and P4 are unique to one design.
    assert.deepEqual(
      c.matched.map((m) => [m.pattern, m.runA, m.runB]),
      [
        ["P1", 2, 4],
        ["P1", 1, 3],
        ["P2", 6, 7],
      ],
    );
  });

  it("computes M-Run, C-Pattern and A-Pattern as worked by hand, as ratios", () => {
    // M-Run: pairs (A, B) = (110, 90), (100, 80), (200, 150): the geometric mean of their ratios.
    const pairs = [110 / 90, 100 / 80, 200 / 150];
    const logs = pairs.map(Math.log);
    const m = logs.reduce((s, x) => s + x, 0) / 3;
    const mRun = c.strategies.mRun!.speedup;
    assert.equal(mRun.lower, "B");
    assert.ok(Math.abs(mRun.ratio - Math.exp(m)) < 1e-12);
    // Its interval: the paired t interval of the logs, t(0.975, 2) = 4.302652729749464 (scipy).
    const sd = Math.sqrt(logs.reduce((s, x) => s + (x - m) ** 2, 0) / 2);
    assert.ok(Math.abs(mRun.interval!.low - Math.exp(m - (4.302652729749464 * sd) / Math.sqrt(3))) < 1e-9);
    assert.equal(c.strategies.mRun!.basis, 3);
    // C-Pattern: pattern means A 105, 200 → 305; B 85, 150 → 235 → 305 / 235, a point estimate.
    assert.ok(Math.abs(c.strategies.cPattern!.speedup.ratio - 305 / 235) < 1e-12);
    assert.equal(c.strategies.cPattern!.speedup.interval, null);
    // A-Pattern: A's patterns 105, 200, 300 → mean 201.667; B's 85, 150, 250 → 161.667.
    assert.ok(Math.abs(c.strategies.aPattern.speedup.ratio - 605 / 485) < 1e-12);
    assert.equal(c.strategies.aPattern.basis, 4);
  });

  it("fills Table 4: per-pattern ratios and the unmatched row", () => {
    assert.deepEqual(
      c.rows.map((r) => [r.pattern, r.runsA, r.runsB]),
      [
        ["P1", 2, 3],
        ["P2", 1, 1],
        ["P3", 1, 0],
        ["P4", 0, 1],
      ],
    );
    assert.ok(Math.abs(c.rows[0].speedup!.ratio - 105 / 85) < 1e-12);
    assert.equal(c.rows[0].speedup!.lower, "B");
    assert.ok(Math.abs(c.rows[1].speedup!.ratio - 200 / 150) < 1e-12);
    assert.equal(c.rows[2].speedup, null);
    // Unmatched: A's P3 (300) against B's P4 (250).
    assert.ok(Math.abs(c.unmatched!.speedup!.ratio - 300 / 250) < 1e-12);
    assert.ok(Math.abs(c.rows[0].shareB - 3 / 5) < 1e-12);
  });

  it("puts the baselines beside them, from all runs", () => {
    // Means: A (100 + 110 + 200 + 300) / 4 = 177.5, B (80 + 90 + 85 + 150 + 250) / 5 = 131 → 177.5 / 131.
    assert.ok(Math.abs(c.baselines.means!.ratio - 177.5 / 131) < 1e-12);
    assert.equal(c.baselines.means!.lower, "B");
    // B lower in pairs: of 20 pairs, B wins all but (100 vs 150), (100 vs 250), (110 vs 150), (110 vs 250), (200 vs 250) → 15 / 20.
    assert.equal(c.baselines.bLowerPairs, 15 / 20);
  });

  it("says in words what each strategy and baseline says, and where patterns are unique", () => {
    const words = verdict(c).join("\n");
    // M-Run: the geometric mean of 110/90, 100/80, 200/150 is 1.269; its interval 1.133 to 1.418 (worked above).
    assert.match(
      words,
      /Under matched runs \(M-Run, 3 matched pairs in 2 common patterns\): fast ran 1\.27 times faster than base \(95% interval 1\.13 to 1\.42\)/,
    );
    // C-Pattern: 305 / 235 = 1.298.
    assert.match(words, /over the 2 common patterns \(C-Pattern\), fast ran 1\.30 times faster than base/);
    assert.match(words, /Only base shows P3 \(1 run\); only fast shows P4 \(1 run\)/);
    // Means 177.5 / 131 = 1.355 (95% 0.57 to 3.20) against M-Run's 1.269 (1.13 to 1.42): the intervals
    // overlap, so noise, not the pattern mix, is enough to tell them apart: no disagreement is claimed.
    assert.doesNotMatch(words, /disagree/);
  });

  it("draws the distribution, the plane, the improvements and a shape", () => {
    const dist = distributionOption(result, LIGHT) as { series: { name: string; data: { value: number }[] }[] };
    assert.deepEqual(
      dist.series.map((s) => s.name),
      ["A", "B"],
    );
    assert.deepEqual(
      dist.series[0].data.map((d) => d.value),
      [2 / 4, 1 / 4, 1 / 4, 0],
    );
    const plane = planeOption(result, LIGHT) as { series: { data: { value: number[]; symbol: string }[] }[] };
    assert.deepEqual(
      plane.series[0].data.map((d) => d.symbol),
      ["circle", "circle", "triangle", "triangle", "triangle"],
    );
    const bars = improvementOption({ ...c, verdict: [] }, LIGHT) as {
      yAxis: { data: string[] };
      series: { data: { value: [number, string] }[] }[];
    };
    assert.deepEqual(bars.yAxis.data, ["P1", "P2", "unmatched"]);
    // B's mean over A's: 85/105 in P1.
    assert.ok(Math.abs(bars.series[0].data[0].value[0] - 85 / 105) < 1e-12);
    const shape = shapeOption(result.patterns[0], result.slots, LIGHT) as { series: { data: number[][] }[] };
    assert.deepEqual(shape.series[0].data, [
      [0, 0, 1],
      [1, 0, 0.5],
    ]);
  });

  it("says nothing that is not a number when the metric is zero everywhere", () => {
    const zero: ExecutionPatternsResult = { ...result, runs: result.runs.map((x) => ({ ...x, metric: 0 })) };
    const z = compareDesigns(zero, vectors, { a: "base", b: "fast" }, { confidence: 0.95, precision: 0.01 });
    assert.equal(z.baselines.means, null);
    assert.equal(z.baselines.medians, null);
    assert.doesNotMatch(verdict(z).join("\n"), /NaN|Infinity/);
  });
});
