// The findings that explain a change point (engine/history/findings.ts and its explain*.ts), on hand-built
// inputs whose scores are worked by hand in the comments.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { cannotAnswer, rankFindings, shareOf } from "../../engine/history/findings.js";
import { contextLine, contextsFinding } from "../../engine/history/explainContexts.js";
import { explainChange, runChange, type ContextChange } from "../../engine/history/explain.js";
import { mixShift, patternsFinding, type PatternShift } from "../../engine/history/explainPatterns.js";
import { vcgFinding, vcgSignatures, type VcgSide } from "../../engine/history/explainVcg.js";
import { trendsFinding, type TrendLocation } from "../../engine/history/explainTrends.js";
import type { ContextRow } from "../../engine/cct/query.js";
import { compareDesigns } from "../../engine/patterns/comparison.js";
import type { ExecutionPatternsResult, Pattern, PatternRun } from "../../engine/patterns/result.js";
import { MEASURE_INFO } from "../../engine/campaign/measures.js";

const close = (a: number, b: number, what: string) => assert.ok(Math.abs(a - b) < 1e-9, `${what}: ${a} ≠ ${b}`);
const fmt = (v: number | null) => (v === null ? "-" : String(v));

describe("findings: scores and ranking", () => {
  it("a share is clamped to [0, 1] and 0 without a whole", () => {
    assert.equal(shareOf(5, 10), 0.5);
    assert.equal(shareOf(-5, 10), 0, "a part against the change");
    assert.equal(shareOf(15, 10), 1);
    assert.equal(shareOf(3, 0), 0);
    fc.assert(fc.property(fc.double(), fc.double(), (p, w) => shareOf(p, w) >= 0 && shareOf(p, w) <= 1));
  });

  it("ranks by score, ties by how precisely the analysis names code", () => {
    const f = (analysis: "contexts" | "vcg" | "trends" | "execution-patterns", score: number) => ({
      ...cannotAnswer(analysis, ""),
      score,
    });
    const ranked = rankFindings([f("execution-patterns", 1), f("trends", 0), f("contexts", 1), f("vcg", 0.5)]);
    assert.deepEqual(
      ranked.map((x) => x.analysis),
      ["contexts", "execution-patterns", "vcg", "trends"],
    );
  });
});

describe("contexts finding", () => {
  const change = (path: string[], deltaNs: number): ContextChange => ({
    path,
    callsBefore: 10,
    callsAfter: 13,
    nsBefore: 100,
    nsAfter: 100 + deltaNs,
    inclusiveBefore: 100,
    inclusiveAfter: 100 + deltaNs,
    deltaNs,
    deltaCalls: 3,
  });

  it("the run's change of time is the sum of own times, after less before", () => {
    const row = (selfNs: number) => ({ selfNs }) as ContextRow;
    // Before: one run of 10 + 20 = 30 ns; after: two runs of 40 and 60, 50 ns a run: +20 ns.
    assert.equal(runChange([[row(10), row(20)]], [[row(40)], [row(60)]]), 20);
  });

  it("scores the top context's share of the run's change", () => {
    const f = contextsFinding([change(["main", "f"], 80), change(["main", "g"], 15)], 100);
    close(f.score, 0.8, "80 of 100 ns");
    assert.match(f.summary, /^main → f: /);
    assert.equal(f.details.length, 2);
    assert.equal(contextsFinding([], 100).score, 0);
  });

  it("a series of recorded calls ranks and scores contexts by calls per run, not by a time the machine's load moves", () => {
    const row = (path: string[], n: number, selfNs: number) =>
      ({ path, n, selfNs, inclusiveNs: selfNs }) as unknown as ContextRow;
    // Before: step called 300 times from transform, 200 from parse; after: 390 and 198. Own times are noise
    // that points the other way (transform → step's time fell): by calls, transform → step holds +90 of +88.
    const before = [
      [row(["main"], 1, 50), row(["main", "transform", "step"], 300, 900), row(["main", "parse", "step"], 200, 400)],
    ];
    const after = [
      [row(["main"], 1, 50), row(["main", "transform", "step"], 390, 800), row(["main", "parse", "step"], 198, 700)],
    ];
    const byCalls = explainChange(before, after, "calls");
    assert.deepEqual(byCalls[0].path, ["main", "transform", "step"]);
    assert.equal(runChange(before, after, "calls"), 88);
    const f = contextsFinding(byCalls, runChange(before, after, "calls"), "calls");
    assert.equal(f.score, 1, "90 of 88 calls: the share is clamped to 1");
    assert.match(f.summary, /^main → transform → step: \+90 calls a run, 100% of the run's change of \+88$/);
    // By own time the same data would name parse → step (+300 ns), the noise.
    assert.deepEqual(explainChange(before, after, "time")[0].path, ["main", "parse", "step"]);
  });

  it("says calls per run as the means they are: a context called in half the runs after and in none before", () => {
    const c = { ...change(["main", "g"], 30), callsBefore: 0, callsAfter: 0.5 };
    assert.match(contextLine(c), /calls per run 0 → 0\.50;/);
    assert.match(contextLine({ ...c, callsBefore: 3, callsAfter: 3 }), /\(3 call\(s\) per run;/);
    assert.match(contextLine({ ...c, callsBefore: 10, callsAfter: 13 }), /calls per run 10 → 13;/);
    assert.match(contextLine({ ...c, deltaCalls: 0.5 }, "calls"), /^\+0\.500 calls a run {2}main → g/);
  });
});

describe("execution-patterns finding", () => {
  const p1: PatternShift = { pattern: "P1", runsA: 4, runsB: 2, shareA: 1, shareB: 0.5, meanA: 100, meanB: 100 };
  const p2: PatternShift = { pattern: "P2", runsA: 0, runsB: 2, shareA: 0, shareB: 0.5, meanA: null, meanB: 200 };

  it("a pattern that appeared in half the runs accounts for the whole change of the mean", () => {
    // Before 100, after 0.5·100 + 0.5·200 = 150; between patterns (0.5 − 1)·100 + (0.5 − 0)·200 = 50: all of it.
    assert.deepEqual(mixShift([p1, p2]), { before: 100, after: 150, between: 50 });
    const f = patternsFinding([p1, p2], fmt);
    assert.equal(f.score, 1);
    assert.match(f.summary, /^P2 appeared:/);
    assert.match(f.details[1], /P2: 0 run\(s\) before \(0%\), 2 after \(50%\); mean - → 200, appeared/);
  });

  it("a change within the common pattern is not counted as a shift", () => {
    // P1's mean 100 → 110: after 55 + 100 = 155, Δ 55; P1 pooled (4·100 + 2·110)/6 = 103.33…;
    // between −0.5·103.33… + 0.5·200 = 48.33…; share 48.33…/55.
    const f = patternsFinding([{ ...p1, meanB: 110 }, p2], fmt);
    close(f.score, (-0.5 * (620 / 6) + 100) / 55, "share between");
  });

  it("one pattern, or none in common, cannot tell a shift from the change itself", () => {
    const one = patternsFinding([{ ...p1, runsB: 4, shareB: 1, meanB: 120 }], fmt);
    assert.equal(one.score, 0);
    assert.match(one.summary, /one execution pattern/);
    const apart = patternsFinding(
      [
        { ...p1, runsB: 0, shareB: 0, meanB: null },
        { ...p2, runsB: 4, shareB: 1 },
      ],
      fmt,
    );
    assert.equal(apart.score, 0);
    assert.match(apart.summary, /no execution pattern is common/);
  });
});

describe("VCG finding", () => {
  const node = (id: number, fname: string, children: number[] = []) => ({ id, fname, type: "function", children });
  const before: VcgSide = {
    patterns: [{ root: 0, vim: 10 }],
    nodes: [node(0, "f", [1]), node(1, "g")],
    segments: [{ nodes: [0, 1] }],
  };
  const after: VcgSide = {
    patterns: [
      { root: 0, vim: 10 },
      { root: 2, vim: 30 },
    ],
    nodes: [node(0, "f", [1]), node(1, "g"), node(2, "h")],
    segments: [{ nodes: [0, 1] }],
  };

  it("a pattern is known by its root and its back-edges", () => {
    assert.deepEqual(
      vcgSignatures(before).map((p) => p.label),
      ["f (back-edges: f ⇠ g)"],
    );
    // Without its back-edge, f's pattern is another one.
    const bare = vcgSignatures({ ...before, segments: [] });
    assert.notEqual(bare[0].signature, vcgSignatures(before)[0].signature);
  });

  it("scores the appeared and vanished patterns' share of both sides' σ·N", () => {
    // h appeared with 30 of 10 + 10 + 30.
    const f = vcgFinding(before, after);
    close(f.score, 0.6, "30 / 50");
    assert.match(f.summary, /appeared: h \(no back-edge\)/);
    assert.equal(vcgFinding(before, before).score, 0);
    assert.match(vcgFinding(before, before).summary, /the same 1 VCG pattern/);
  });
});

describe("trends finding", () => {
  const fit = (exponent: number, ys: number[]) => ({
    fit: { model: "power", exponent: { value: exponent } },
    points: ys.map((y) => ({ y })),
  });
  const whole: TrendLocation = {
    name: "(whole program)",
    fits: [fit(1, [1, 2]), fit(1.1, [2, 4])],
    exponentDifference: { value: 0.1, interval: { low: -0.1, high: 0.3 } },
  };
  const f: TrendLocation = {
    name: "f (self ns)",
    fits: [fit(1, [0.5, 1]), fit(1.5, [1, 2.5])],
    exponentDifference: { value: 0.5, interval: { low: 0.2, high: 0.8 } },
  };

  it("scores the changed location's share of the whole program's change of mean cost", () => {
    // f's mean cost 0.75 → 1.75 (+1) of the whole program's 1.5 → 3 (+1.5).
    const r = trendsFinding([whole, f], "n", "(whole program)");
    close(r.score, 1 / 1.5, "1 / 1.5");
    assert.match(r.summary, /^f \(self ns\) scales worse against n/);
    assert.match(r.details[0], /within its uncertainty/);
  });

  it("no exponent beyond its interval: no scaling change, score 0", () => {
    const r = trendsFinding([whole], "n", "(whole program)");
    assert.equal(r.score, 0);
    assert.match(r.summary, /no exponent changed/);
  });
});

describe("findings on any input (fuzz)", () => {
  const mean = fc.option(fc.double({ min: 0, max: 1e9, noNaN: true }), { nil: null });
  const row = fc.record({
    pattern: fc.constantFrom("P1", "P2", "P3"),
    runsA: fc.nat(12),
    runsB: fc.nat(12),
    shareA: fc.double({ min: 0, max: 1, noNaN: true }),
    shareB: fc.double({ min: 0, max: 1, noNaN: true }),
    meanA: mean,
    meanB: mean,
  });
  const inUnit = (x: number) => x >= 0 && x <= 1;

  it("execution patterns: a score in [0, 1], never a throw", () => {
    fc.assert(fc.property(fc.array(row, { maxLength: 6 }), (rows) => inUnit(patternsFinding(rows, fmt).score)));
  });

  it("VCG: any forest of patterns, back-edges anywhere, a score in [0, 1]", () => {
    const side = fc.integer({ min: 1, max: 12 }).chain((n) =>
      fc.record({
        nodes: fc.tuple(
          ...Array.from({ length: n }, (_, id) =>
            fc.record({
              fname: fc.constantFrom("f", "g", "h"),
              children: fc.uniqueArray(fc.integer({ min: id + 1, max: n }), { maxLength: 3 }),
            }),
          ),
        ),
        patterns: fc.array(fc.record({ root: fc.nat(n - 1), vim: fc.double({ min: 0, max: 1e12, noNaN: true }) }), {
          maxLength: 4,
        }),
        segments: fc.array(fc.record({ nodes: fc.array(fc.nat(n - 1), { maxLength: 4 }) }), { maxLength: 4 }),
      }),
    );
    const asSide = (s: {
      nodes: { fname: string; children: number[] }[];
      patterns: VcgSide["patterns"];
      segments: VcgSide["segments"];
    }): VcgSide => ({
      ...s,
      // Children past the last node name none: a tree cut short must not throw.
      nodes: s.nodes.map((x, id) => ({ id, type: "function", ...x })),
    });
    fc.assert(fc.property(side, side, (a, b) => inUnit(vcgFinding(asSide(a), asSide(b)).score)));
  });
});

describe("execution-patterns finding from the design comparison (004 §5.1)", () => {
  // A known clustering of 4 runs before (A) and 5 after (B), in ms: P1 A 100, 110, B 80, 90, 85;
  // P2 A 200, B 150; P3 A 300 only; P4 B 250 only.
  const spec: [number, "A" | "B", number, number][] = [
    [1, "A", 0, 100],
    [2, "A", 0, 110],
    [3, "B", 0, 80],
    [4, "B", 0, 90],
    [5, "B", 0, 85],
    [6, "A", 1, 200],
    [7, "B", 1, 150],
    [8, "A", 2, 300],
    [9, "B", 3, 250],
  ];
  const runs: PatternRun[] = spec.map(([runId, group, pattern, ms]) => ({
    runId,
    group,
    workload: null,
    pattern,
    metric: ms,
    distance: 0,
    x: 0,
    y: 0,
    slots: [1],
    overflow: [],
  }));
  const patterns: Pattern[] = [0, 1, 2, 3].map((p) => ({
    name: `P${p + 1}`,
    runs: spec.filter((s) => s[2] === p).map((s) => s[0]),
    representative: spec.find((s) => s[2] === p)![0],
    groups: {},
    metric: null,
    activity: [[1]],
    radius: 0,
  }));
  const result: ExecutionPatternsResult = {
    label: "before vs after",
    source: "uftrace",
    metric: MEASURE_INFO.wall,
    parameters: { intervals: 1, kmax: 30, seed: 1, alignThreads: true, dims: 1 },
    runs,
    patterns,
    slots: [{ label: "kind 1 #1", kind: 0, rank: 0, threadName: "main" }],
    threadSplits: [],
    patternSplits: [],
    discovery: [],
    runsToSeeAll: 9,
    notes: [],
  };
  const c = compareDesigns(
    result,
    spec.map((s) => Float64Array.of(s[0])),
    { a: "before", b: "after" },
    { confidence: 0.95, precision: 0.01 },
  );

  it("says which pattern appeared and which vanished, and the share runs moving between them make", () => {
    const f = patternsFinding(c.rows, fmt);
    assert.match(f.summary, /^P4 appeared; P3 vanished: /);
    // Means 177.5 before ((100 + 110 + 200 + 300)/4), 131 after; pooled pattern means 93, 175, 300, 250;
    // between (0.6 − 0.5)·93 + (0.2 − 0.25)·175 + (0 − 0.25)·300 + (0.2 − 0)·250 = −24.45 of −46.5.
    close(f.score, 24.45 / 46.5, "share between patterns");
    assert.deepEqual(
      f.details.map((d) => d.split(":")[0]),
      ["P1", "P2", "P3", "P4"],
    );
  });
});
