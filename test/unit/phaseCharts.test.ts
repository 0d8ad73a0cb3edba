// The Phases view's pure chart builders, wording, columns and run choices
// (renderer/src/phases, paper 003), checked against hand-computed cases
// without a browser (docs/style.md).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  binCounts,
  boundaries,
  comparisonOption,
  histogramNote,
  histogramOption,
  instanceAt,
  instanceValue,
  logEdges,
  METHOD_NAMES,
  outline,
  phaseNames,
  steps,
  timelineMetrics,
  timelineOption,
  heapSteps,
} from "../../renderer/src/phases/phaseCharts.js";
import {
  classText,
  covText,
  leakSummary,
  lengthCell,
  lengthText,
  markersChosen,
  markersSummary,
  segmentsSummary,
  verdictStep,
  verdictWords,
} from "../../renderer/src/phases/phaseText.js";
import { candidateColumns, candidateRows, SITE_COLUMNS, siteRows } from "../../renderer/src/phases/phaseColumns.js";
import { histogramRuns, MAX_HISTOGRAM_RUNS, rolesOf, runLabel } from "../../renderer/src/phases/phaseRuns.js";
import { href } from "../../renderer/src/paths.js";
import { DARK, LIGHT } from "../../engine/charts/colors.js";
import type { PhaseComparison, PhaseMarkersResult, PhaseSegmentsResult } from "../../engine/phases/result.js";
import type { Candidate } from "../../engine/phases/markerSelection.js";

const close = (a: number, b: number, what = "") =>
  assert.ok(Math.abs(a - b) < 1e-9 * Math.max(1, Math.abs(b)), `${what} ${a} ≠ ${b}`);
const closeAll = (a: readonly number[], b: readonly number[]) => (
  assert.equal(a.length, b.length),
  a.forEach((x, i) => close(x, b[i], `[${i}]`))
);

// A run of 10 ms starting at 1 ms on the trace's clock: a 1 ms prologue, then two requests (outer marker A),
// each an A stage and a B stage (inner markers A, B).
const ms = 1e6;
const seg: PhaseSegmentsResult = {
  label: "run 3 (O0 × other-2)",
  runId: 3,
  logicalTime: "time",
  unit: "ns",
  markers: { outer: "A", inner: ["A", "B"] },
  outer: [
    { phase: "A", start: 2 * ms, length: 4 * ms, calls: 40 },
    { phase: "A", start: 6 * ms, length: 5 * ms, calls: 59 },
  ],
  inner: [
    { phase: "A", start: 2 * ms, length: 1 * ms, calls: 10 },
    { phase: "B", start: 3 * ms, length: 3 * ms, calls: 30 },
    { phase: "A", start: 6 * ms, length: 2 * ms, calls: 20 },
    { phase: "B", start: 8 * ms, length: 3 * ms, calls: 39 },
  ],
  phases: [],
  prologue: 1 * ms,
  epilogue: 0,
  between: 0,
  unended: 0,
  span: { start: 1 * ms, end: 11 * ms, calls: 100 },
  comparison: null,
  leaks: null,
  notes: [],
};

interface Line {
  type: string;
  name: string;
  data: unknown[];
  markLine?: { data: { xAxis: number }[]; lineStyle: { type: string } };
  markArea?: { data: { xAxis: number }[][] };
}
interface Option {
  series: Line[];
  xAxis: { min?: number; max?: number; type: string };
  title?: { subtext: string };
  tooltip: { formatter: (p: unknown) => string };
  dataZoom: { type: string }[];
}
const series = (o: unknown, name: string) => (o as Option).series.find((s) => s.name === name)!;

describe("the timeline (003 Figures 2 and 5)", () => {
  it("puts the outer boundaries at each outer start and the inner ones at the inner starts that are no outer one's, in ms from the run's start", () => {
    assert.deepEqual(boundaries(seg), { outer: [1, 5], inner: [2, 7] });
    assert.deepEqual(phaseNames(seg), ["A", "B"]);
  });

  it("draws each instance as a step of its metric, broken between instances", () => {
    const b = seg.inner.filter((i) => i.phase === "B");
    assert.deepEqual(steps(b, seg, "calls"), [
      [2, 30],
      [5, 30],
      [5, "-"],
      [7, 39],
      [10, 39],
      [10, "-"],
    ]);
    assert.deepEqual(steps(b, seg, "length"), [
      [2, 3],
      [5, 3],
      [5, "-"],
      [7, 3],
      [10, 3],
      [10, "-"],
    ]);
    // 30 calls in 3 ms; 39 in 3 ms.
    assert.equal(instanceValue(b[0], "rate", "ns"), 10);
    assert.equal(instanceValue(b[1], "rate", "ns"), 13);
    assert.ok(Number.isNaN(instanceValue(b[0], "rate", "calls")), "a rate needs elapsed time");
    assert.deepEqual(timelineMetrics("ns"), ["calls", "length", "rate"]);
    assert.deepEqual(timelineMetrics("calls"), ["calls", "length"]);
  });

  it("builds a zoomable option: the prologue shaded, a series per phase, solid outer and dotted inner lines", () => {
    const o = timelineOption(seg, "calls", LIGHT) as unknown as Option;
    assert.deepEqual(
      o.series.map((s) => s.name),
      ["prologue", "A", "B", "outer boundaries", "inner boundaries"],
    );
    assert.deepEqual(series(o, "prologue").markArea!.data, [[{ xAxis: 0 }, { xAxis: 1 }]]);
    assert.deepEqual(series(o, "A").data, [
      [1, 10],
      [2, 10],
      [2, "-"],
      [5, 20],
      [7, 20],
      [7, "-"],
    ]);
    assert.deepEqual(series(o, "outer boundaries").markLine!.data, [{ xAxis: 1 }, { xAxis: 5 }]);
    assert.equal(series(o, "outer boundaries").markLine!.lineStyle.type, "solid");
    assert.deepEqual(series(o, "inner boundaries").markLine!.data, [{ xAxis: 2 }, { xAxis: 7 }]);
    assert.equal(series(o, "inner boundaries").markLine!.lineStyle.type, "dotted");
    assert.deepEqual([o.xAxis.min, o.xAxis.max], [0, 10]);
    assert.deepEqual(
      o.dataZoom.map((z) => z.type),
      ["inside", "slider"],
    );
    assert.equal(o.title!.subtext, "2 outer instances (solid lines) · 2 inner boundaries (dotted)");
  });

  it("names the instance under the pointer, the prologue before the first, or the epilogue after the last", () => {
    assert.equal(instanceAt(seg, 3.5), "B, instance 1<br/>from 2.000 ms, length 3.000 ms<br/>30 calls");
    assert.equal(instanceAt(seg, 5), "A, instance 2<br/>from 5.000 ms, length 2.000 ms<br/>20 calls");
    assert.equal(instanceAt(seg, 0.5), "prologue (start-up): 1.000 ms");
    // The last request's work ended at 10 ms, a millisecond before the run did.
    const ended = {
      ...seg,
      outer: [seg.outer[0], { ...seg.outer[1], length: 4 * ms }],
      inner: [...seg.inner.slice(0, 3), { ...seg.inner[3], length: 2 * ms }],
      epilogue: 1 * ms,
    };
    assert.equal(instanceAt(ended, 9.5), "epilogue (teardown): 1.000 ms");
    const o = timelineOption(seg, "calls", DARK) as unknown as Option;
    assert.equal(
      o.tooltip.formatter([{ axisValue: 9 }]),
      "B, instance 2<br/>from 7.000 ms, length 3.000 ms<br/>39 calls",
    );
  });

  it("measures in calls from 0 when the logical time is calls", () => {
    const calls: PhaseSegmentsResult = {
      ...seg,
      unit: "calls",
      logicalTime: "calls",
      span: { start: 0, end: 100, calls: 100 },
      outer: [{ phase: "A", start: 10, length: 90, calls: 90 }],
      inner: [
        { phase: "A", start: 10, length: 40, calls: 40 },
        { phase: "B", start: 50, length: 50, calls: 50 },
      ],
      prologue: 10,
    };
    assert.deepEqual(boundaries(calls), { outer: [10], inner: [50] });
    assert.equal(instanceAt(calls, 60), "B, instance 1<br/>from 50 calls, length 50 calls<br/>50 calls");
  });
});

describe("instance lengths per input (003 Figure 6)", () => {
  it("bins on a log scale, 4 bins per decade, a value on an edge in the bin it starts", () => {
    closeAll(
      logEdges([1, 10, 100]),
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((k) => 10 ** (k / 4)),
    );
    closeAll(logEdges([5]), [10 ** 0.5, 10 ** 0.75]);
    assert.deepEqual(logEdges([0, -1]), []);
    assert.deepEqual(binCounts([1, 10, 100, 2, 0], logEdges([1, 10, 100])), [1, 1, 0, 0, 1, 0, 0, 0, 1]);
  });

  it("outlines a histogram as shares of the input's instances", () => {
    assert.deepEqual(outline([1, 0, 3], [1, 10, 100, 1000], 4), [
      [1, 0],
      [1, 0.25],
      [10, 0.25],
      [10, 0],
      [100, 0],
      [100, 0.75],
      [1000, 0.75],
      [1000, 0],
    ]);
    assert.deepEqual(outline([], [], 0), []);
  });

  it("overlays the inputs over shared edges in ms, leaving out instances of length 0", () => {
    // Input 1: 1 ms and 10 ms; input 2: 3 ms and one of length 0. Edges 10^(k/4), k = 0 … 5.
    const o = histogramOption(
      [
        { label: "run 1", lengths: [1 * ms, 10 * ms] },
        { label: "run 2", lengths: [3 * ms, 0] },
      ],
      "ns",
      LIGHT,
    ) as unknown as Option;
    assert.deepEqual(
      o.series.map((s) => s.name),
      ["run 1 (2 instances)", "run 2 (1 instance)"],
    );
    const [a, b] = o.series.map((s) => s.data as [number, number][]);
    // Run 1: half in [1, 1.78), half in [10, 17.8).
    assert.deepEqual(
      a.map(([, y]) => y),
      [0, 0.5, 0.5, 0, 0, 0, 0, 0, 0, 0.5, 0.5, 0],
    );
    // Run 2: all in [1.78, 3.16).
    assert.deepEqual(
      b.map(([, y]) => y),
      [0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0],
    );
    close(b[3][0], 10 ** 0.25);
    assert.equal(o.xAxis.type, "log");
    assert.equal(
      histogramNote([
        { label: "run 1", lengths: [1 * ms, 10 * ms] },
        { label: "run 2", lengths: [3 * ms, 0] },
      ]),
      "4 bins per decade · 1 instance of length 0 left out: a log axis cannot show them",
    );
  });
});

describe("§4.4's comparison (003 Figure 10)", () => {
  const c: PhaseComparison = {
    metric: "calls per ms",
    methods: [
      {
        method: "behaviour",
        setup: "2 inner phases",
        phases: [
          { name: "A", instances: 2, cov: 0.01 },
          { name: "B", instances: 2, cov: 0.05 },
        ],
        min: 0.01,
        mean: 0.03,
        max: 0.05,
      },
      {
        method: "interval",
        setup: "4 intervals in 2 clusters",
        phases: [
          { name: "cluster 1", instances: 2, cov: 0.1 },
          { name: "cluster 2", instances: 2, cov: 0.4 },
        ],
        min: 0.1,
        mean: 0.25,
        max: 0.4,
      },
      {
        method: "procedure",
        setup: "1 procedure",
        phases: [{ name: "main", instances: 1, cov: 0 }],
        min: 0,
        mean: 0,
        max: 0,
      },
    ],
  };

  it("floats a bar from the least to the greatest CoV over an unseen base, with the mean as a dot", () => {
    const o = comparisonOption(c, LIGHT) as unknown as {
      xAxis: { data: string[] };
      series: { name: string; data: unknown[]; stack?: string; itemStyle: { color: string } }[];
      tooltip: { formatter: (p: unknown) => string };
    };
    assert.deepEqual(o.xAxis.data, [METHOD_NAMES.behaviour, METHOD_NAMES.interval, METHOD_NAMES.procedure]);
    const [base, range, mean] = o.series;
    assert.deepEqual(base.data, [0.01, 0.1, 0]);
    assert.equal(base.itemStyle.color, "transparent");
    assert.equal(base.stack, range.stack);
    closeAll(range.data as number[], [0.04, 0.3, 0]);
    assert.deepEqual(mean.data, [
      ["behaviour phases", 0.03],
      ["intervals (k-means)", 0.25],
      ["procedure phases", 0],
    ]);
    assert.equal(
      o.tooltip.formatter({ dataIndex: 1 }),
      "intervals (k-means): 4 intervals in 2 clusters<br/>CoV min 10.0% · mean 25.0% · max 40.0%",
    );
  });
});

const candidate = (name: string, first: number, verdict: Candidate["verdict"], outer = false): Candidate => ({
  name,
  count: 6,
  irregular: [5, name === "kindB" ? 2 : 7],
  meanDistance: 2e6,
  sigmaDistance: 1e5,
  first,
  longGapShare: verdict.kind === "inner" ? 1 : 0,
  outer,
  verdict,
});
const markers: PhaseMarkersResult = {
  requests: 6,
  candidates: [
    candidate("emit", 30, { kind: "inner" }),
    candidate("init", 1, { kind: "uneven", which: "mean" }),
    candidate("parse", 10, { kind: "inner" }, true),
    candidate("kindB", 20, { kind: "irregular-count", run: "run 2 (O0 × mixed-5)", count: 2, expected: 5 }),
    candidate("log", 15, { kind: "no-long-gap", share: 0.5 }),
  ],
  outer: "parse",
  inner: ["parse", "emit"],
  gapThreshold: 1667.9,
  gaps: { count: 96114, median: 667.16, mad: 120 },
  regularRequests: Array.from({ length: 6 }, (_, i) => ({
    start: i * 2e6,
    end: i * 2e6 + 1.5e6,
    thread: 0,
    calls: 16020,
  })),
  functions: 33,
  label: "campaign 1 (requests)",
  logicalTime: "time",
  unit: "ns",
  regularRun: { runId: 1, workload: "regular-6", requests: 6 },
  irregularRuns: [
    { runId: 2, workload: "mixed-5", requests: 5 },
    { runId: 3, workload: "other-7", requests: 7 },
  ],
  notes: [],
};

describe("the markers in words and columns (003 §3.2)", () => {
  it("says what became of each candidate in the engine's words: kept as a marker, kept without being one, or rejected and why", () => {
    const words = (name: string, verdict: Candidate["verdict"], outer = false) =>
      verdictWords(candidate(name, 0, verdict, outer));
    assert.equal(words("parse", { kind: "inner" }, true), "kept: outer marker and inner marker");
    assert.equal(words("emit", { kind: "inner" }), "kept: inner marker");
    // §3.2's prose: the first candidate left after step 2 is the outer marker, an inner one or not.
    assert.equal(words("check", { kind: "no-long-gap", share: 0 }, true), "kept: outer marker");
    assert.equal(
      words("log", { kind: "no-long-gap", share: 0.5 }),
      "kept, not followed by a long computation (50% of its runs)",
    );
    assert.equal(
      words("init", { kind: "uneven", which: "both" }),
      "rejected: unevenly spaced (its distances' mean and σ an outlier)",
    );
    assert.equal(
      words("kindB", { kind: "irregular-count", run: "run 2", count: 2, expected: 5 }),
      "rejected: ran 2 times in run 2, which has 5 requests",
    );
    assert.match(
      verdictStep(candidate("check", 0, { kind: "no-long-gap", share: 0 }, true)),
      /^the first candidate left after step 2 marks the outermost phase \(003 §3\.2\); step 3/,
    );
    assert.match(verdictStep(candidate("init", 0, { kind: "uneven", which: "mean" })), /^step 2a/);
  });

  it("sums up the inputs, the threshold with its unit, and the markers chosen", () => {
    assert.equal(
      markersSummary(markers),
      "regular run 1 (regular-6), f = 6 · irregular run 2 (mixed-5), g = 5; run 3 (other-7), g = 7 · 5 of 33 functions ran exactly f times · long computation: over 1.668 us (median + 3σ̂ of the 96114 gaps between calls within its 6 requests: median 667 ns, σ̂ the larger of 1.4826 MAD and half the median)",
    );
    assert.equal(markersChosen(markers), "outer marker: parse · inner markers: parse, emit");
    assert.equal(
      markersChosen({ outer: "begin", inner: ["parse", "emit"] }),
      "outer marker: begin · inner markers: parse, emit",
    );
    assert.equal(markersChosen({ outer: "begin", inner: [] }), "outer marker: begin · no inner marker");
    assert.match(markersChosen({ outer: null, inner: [] }), /^no marker found/);
  });

  it("lists the candidates in the order they first ran, with a count column per irregular run", () => {
    const rows = candidateRows(markers);
    assert.deepEqual(
      rows.map((r) => r.c.name),
      ["init", "parse", "log", "kindB", "emit"],
    );
    const columns = candidateColumns(markers);
    assert.deepEqual(
      columns.map((c) => c.label),
      [
        "marker",
        "function",
        "run 1 (f)",
        "run 2 (g = 5)",
        "run 3 (g = 7)",
        "mean distance",
        "σ",
        "long gap",
        "verdict",
      ],
    );
    const cells = (name: string) => columns.map((c) => c.text(rows.find((r) => r.c.name === name)!));
    assert.deepEqual(cells("parse"), [
      "◆ outer",
      "parse",
      "6",
      "5",
      "7",
      "2.000 ms",
      "100.000 us",
      "100%",
      "kept: outer marker and inner marker",
    ]);
    assert.deepEqual(cells("kindB").slice(3, 5), ["5", "2"]);
    assert.equal(cells("emit")[0], "◇ inner");
    // The highlight of MarkerTable.svelte finds marker rows by their marker cell's tooltip.
    assert.match(columns[0].hint!(rows[1]), /^outer marker/);
    assert.match(columns[0].hint!(rows[4]), /^inner marker/);
    assert.equal(columns[0].hint!(rows[0]), "not a marker");
  });
});

describe("a segmentation in words, and §5.2's leak report", () => {
  it("sums up the instances, the prologue and the span in the result's unit", () => {
    assert.equal(
      segmentsSummary(seg),
      "2 outer instances · 4 inner instances · prologue 1.000 ms · epilogue 0 ns · 0 ns between requests · span 10.000 ms, 100 calls",
    );
    assert.equal(
      segmentsSummary({
        ...seg,
        unit: "calls",
        prologue: 72,
        epilogue: 9,
        between: 1,
        span: { start: 0, end: 1, calls: 1 },
        outer: [seg.outer[0]],
      }),
      "1 outer instance · 4 inner instances · prologue 72 calls · epilogue 9 calls · 1 call between requests · span 1 call",
    );
    assert.equal(lengthText(16020, "calls"), "16020 calls");
    assert.equal(lengthText(24761.571, "calls"), "24761.57 calls");
    assert.equal(lengthText(1, "calls"), "1 call");
    assert.equal(lengthText(null, "ns"), "—");
    assert.equal(lengthCell(29887.97, "calls"), "29888");
    assert.equal(lengthCell(1.287, "calls"), "1.29");
    assert.equal(lengthCell(9, "calls"), "9");
    assert.equal(lengthCell(2.455e6, "ns"), "2.455 ms");
    assert.equal(covText(1.2043), "120.4%");
  });

  it("counts each class as objects / bytes and tells §5.2's likely leaks from the sites that never free", () => {
    const site = (
      s: string,
      local: number,
      global: number,
      unfreed: number,
      instances: number,
      likelyLeak: boolean,
      neverFreed: boolean,
    ) => ({
      site: s,
      phaseLocal: { objects: local, bytes: 8 * local },
      global: { objects: global, bytes: 128 * global },
      unfreed: { objects: unfreed, bytes: 512 * unfreed },
      unfreedInstances: instances,
      likelyLeak,
      neverFreed,
    });
    const sites = [
      site("malloc<stage_transform<main", 0, 0, 7, 7, false, true),
      site("malloc<xmalloc<gen_rtx", 14, 0, 4, 3, true, false),
      site("malloc<main", 0, 1, 0, 0, false, false),
    ];
    assert.deepEqual(
      siteRows(sites).map((r) => SITE_COLUMNS.map((c) => c.text(r))),
      [
        ["malloc<stage_transform<main", "—", "—", "7 / 3584 B", "7", "never freed: left in 7 instances"],
        ["malloc<xmalloc<gen_rtx", "14 / 112 B", "—", "4 / 2048 B", "3", "likely leak: left behind in 3 instances"],
        ["malloc<main", "—", "1 / 128 B", "—", "—", ""],
      ],
    );
    assert.equal(leakSummary(sites), "1 likely leak, 1 site that never frees");
    assert.equal(leakSummary([sites[2]]), "no likely leak, no site that never frees");
    assert.equal(classText({ objects: 14, bytes: 57008 }), "14 / 57008 B");
  });
});

describe("the runs the view loads", () => {
  it("routes a selection, and overlays the selected run with the regular and irregular inputs, a handful at most", () => {
    assert.equal(
      href.phases({ campaignId: 1, run: null, time: "time", granularity: "function" }),
      "#/phases?campaign=1",
    );
    assert.equal(
      href.phases({ campaignId: 1, run: 3, time: "calls", granularity: "function" }),
      "#/phases?campaign=1&run=3&time=calls",
    );
    assert.equal(
      href.phases({ campaignId: 1, run: 3, time: "time", granularity: "chain" }),
      "#/phases?campaign=1&run=3&granularity=chain",
    );
    assert.deepEqual(histogramRuns(3, markers), [3, 1, 2]);
    assert.deepEqual(histogramRuns(9, markers), [9, 1, 2, 3]);
    assert.deepEqual(histogramRuns(null, null), []);
    const many = {
      ...markers,
      irregularRuns: [2, 3, 4, 5, 6, 7].map((runId) => ({ runId, workload: null, requests: 5 })),
    };
    assert.equal(histogramRuns(9, many).length, MAX_HISTOGRAM_RUNS);
    const roles = rolesOf(markers);
    assert.deepEqual(
      [...roles],
      [
        [1, { role: "regular", requests: 6 }],
        [2, { role: "irregular", requests: 5 }],
        [3, { role: "irregular", requests: 7 }],
      ],
    );
    assert.equal(runLabel(3, "other-7", roles.get(3)), "run 3 · other-7, g = 7");
    assert.equal(runLabel(1, "regular-6", roles.get(1)), "run 1 · regular-6, f = 6");
    assert.equal(runLabel(9, null, undefined), "run 9");
  });
});

describe("the timeline's time on the CPU and heap", () => {
  // Two requests of 2 ms and 3 ms from 1 ms; one thread 1.5 ms and 2 ms on the CPU in them; 600 and 900 bytes allocated.
  const outer = [
    { phase: "req", start: 1e6, length: 2e6, calls: 10, threads: [{ thread: "1/1", onCpuNs: 1.5e6 }] },
    { phase: "req", start: 3e6, length: 3e6, calls: 20, threads: [{ thread: "1/1", onCpuNs: 2e6 }] },
  ];
  const leaks = {
    objects: 2,
    sites: [],
    perInstance: [
      { allocatedBytes: 600, freedBytes: 0, growthBytes: 600 },
      { allocatedBytes: 900, freedBytes: 900, growthBytes: 0 },
    ],
  };
  const s = {
    outer,
    inner: [],
    markers: { outer: "req", inner: [] },
    span: { start: 0, end: 6e6, calls: 30 },
    unit: "ns",
    prologue: 1e6,
    leaks,
  };

  it("offers them only where the run has them, and draws the heap per outer instance", () => {
    assert.deepEqual(timelineMetrics("ns", s), ["calls", "length", "rate", "cpu", "heap"]);
    assert.deepEqual(timelineMetrics("calls", { outer: outer.map(({ threads: _, ...o }) => o), leaks: null }), [
      "calls",
      "length",
    ]);
    assert.equal(instanceValue(outer[1], "cpu", "ns"), 2);
    assert.deepEqual(heapSteps(s), [
      [1, 600],
      [3, 600],
      [3, "-"],
      [3, 900],
      [6, 900],
      [6, "-"],
    ]);
  });
});
