// The Trends view's pure chart builders and wording (renderer/src/trends),
// checked against hand-computed cases without a browser (docs/style.md).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  comparisonOption,
  compact,
  curve,
  fitOption,
  logGrid,
  residualOption,
} from "../../engine/charts/trendCharts.js";
import { errorText, fixed, locationLabel, plain, predictionText, verdictText } from "../../engine/charts/trendText.js";
import { clusterColumns, clusterRows } from "../../renderer/src/trends/trendColumns.js";
import { LIGHT } from "../../engine/charts/colors.js";
import type { ClusterFit, TrendCluster } from "../../engine/trend/bbTrendProf.js";
import type { DesignFit, LocationComparison } from "../../engine/trend/designTrends.js";
import type { TrendComparisonResult, TrendsResult } from "../../engine/trend/result.js";

type Pair = [number, number];
interface Series {
  type: string;
  name: string;
  stack?: string;
  data: (Pair | { value: Pair; tooltip: { formatter: string } })[];
  markLine?: { data: { xAxis?: number; yAxis?: number }[] };
  itemStyle?: { color: string };
}
interface Option {
  title: { subtext: string };
  xAxis: { type: string; name: string };
  yAxis: { type: string; name: string };
  series: Series[];
}
const values = (s: Series) => s.data.map((d) => (Array.isArray(d) ? d : d.value));
const byName = (o: Option, prefix: string) => o.series.find((s) => s.name.startsWith(prefix))!;

// Three runs at n = 1, 5, 10; the first costs nothing (a log axis cannot show it).
const fit: ClusterFit = {
  feature: "n",
  power: { a: 2, b: 2, r2: 0.99, n: 2, ignored: 1 },
  linear: { a: 12, b: 8, r2: 0.9, n: 3 },
  offset: null,
  model: "power",
  aicc: { power: -10, linear: 5, offset: null },
  exponent: { value: 2, interval: { low: 1.9, high: 2.1 } },
  noTrend: null,
  r2: 0.99,
  f95: 10,
  predictions: [
    { at: 20, value: 800, interval: { low: 700, high: 900 }, withheld: null },
    { at: 100, value: 20000, interval: { low: 15000, high: 25000 }, withheld: null },
  ],
  intervals: { a: { low: 1.5, high: 2.5 }, b: { low: 1.9, high: 2.1 } },
  band: [
    { at: 5, low: 40, high: 60 },
    { at: 100, low: 15000, high: 25000 },
  ],
  residuals: [-2, 0, 0],
  // ln(2·5²) − ln 50 = 0 at n = 5; ln(2·10²) − ln 200 = 0 at n = 10; none at n = 1, whose cost is 0.
  logResiduals: [null, 0, 0],
  errors: { power: 0, linear: 0.25, offset: Infinity },
  standardError: 1,
  relativeError: 0.01,
  members: null,
  widened: false,
};
const cluster: TrendCluster = {
  name: "/src/x/sort.c:21",
  representativeIsFeature: false,
  members: ["/src/x/sort.c:21", "/src/x/sort.c:22"],
  cost: [0, 50, 200],
  maxCost: 200,
  maxShare: 0.9,
  costly: true,
  fits: [fit],
};
const result: TrendsResult = {
  label: "campaign 1",
  source: "gcov",
  features: ["n"],
  runs: [
    { runId: 7, workload: "n-1", features: { n: 1 } },
    { runId: 8, workload: "n-5", features: { n: 5 } },
    { runId: 9, workload: "n-10", features: { n: 10 } },
  ],
  workloads: 3,
  clusters: [cluster],
  discarded: 4,
  notes: [],
};

describe("trend chart helpers", () => {
  it("spaces a grid evenly in log x and draws a model only where it is positive", () => {
    assert.deepEqual(
      logGrid(1, 100, 3).map((x) => +x.toPrecision(12)),
      [1, 10, 100],
    );
    assert.deepEqual(logGrid(0, 100, 3), []);
    // The fitted line of a = 2, b = 2 at x = 10 is 2·10² = 200; the linear 12 + 8·10 = 92.
    assert.deepEqual(
      curve((x) => 2 * x ** 2, [10]),
      [[10, 200]],
    );
    assert.deepEqual(
      curve((x) => 12 + 8 * x, [10]),
      [[10, 92]],
    );
    // −50 + 10x is ≤ 0 up to x = 5: those points are left out.
    assert.deepEqual(
      curve((x) => -50 + 10 * x, [1, 5, 10]),
      [[10, 50]],
    );
  });

  it("labels log axes compactly", () => {
    assert.deepEqual([1, 250, 1000, 10_000, 2.5e6, 1e9, 0.8, 0.0001].map(compact), [
      "1",
      "250",
      "1k",
      "10k",
      "2.5M",
      "1G",
      "0.8",
      "1e-4",
    ]);
  });
});

describe("best-fit plot (002 §2.3.2)", () => {
  const o = fitOption(result, cluster, fit, LIGHT) as unknown as Option;

  it("draws the runs with a cost on log-log axes and counts the one left out", () => {
    assert.equal(o.xAxis.type, "log");
    assert.equal(o.yAxis.type, "log");
    assert.equal(o.xAxis.name, "n");
    assert.equal(o.yAxis.name, "cost (line executions)");
    assert.deepEqual(values(byName(o, "runs")), [
      [5, 50],
      [10, 200],
    ]);
    const tip = (byName(o, "runs").data[0] as { tooltip: { formatter: string } }).tooltip.formatter;
    assert.match(tip, /n-5 · run 8/);
    assert.match(o.title.subtext, /^1 run with cost 0 left out/);
  });

  it("carries the powerlaw from the smallest measured n to 10 × f95, on the curve y = 2n²", () => {
    const line = values(byName(o, "powerlaw"));
    assert.deepEqual(line[0], [1, 2]);
    assert.ok(Math.abs(line[line.length - 1][0] - 100) < 1e-9 && Math.abs(line[line.length - 1][1] - 20000) < 1e-6);
    for (const [x, y] of line) assert.ok(Math.abs(y - 2 * x * x) < 1e-9 * y);
    assert.match(byName(o, "powerlaw").name, /2\.00·n\^2\.00/);
    const linear = values(byName(o, "linear"));
    assert.deepEqual(linear[0], [1, 20]);
  });

  it("shades the chosen model's band as its low edge plus its height, stacked", () => {
    const [low, top] = o.series.filter((s) => s.stack === "band");
    assert.deepEqual(values(low), [
      [5, 40],
      [100, 15000],
    ]);
    assert.deepEqual(values(top), [
      [5, 20],
      [100, 10000],
    ]);
  });

  it("marks the chosen model's predictions with their intervals", () => {
    const p = byName(o, "predictions");
    assert.deepEqual(values(p), [
      [20, 800],
      [100, 20000],
    ]);
    assert.match(
      (p.data[1] as { tooltip: { formatter: string } }).tooltip.formatter,
      /prediction at n = 100: 20000<br\/>95%: 15000 … 25000/,
    );
  });

  it("draws neither band nor prediction where the fit shows no trend, and says why", () => {
    const withheld = { at: 100, value: null, interval: null, withheld: "no trend" };
    const none = {
      ...fit,
      noTrend: "R² 0.06 < 0.5: the model explains less than half of how the cost varies",
      predictions: [{ ...withheld, at: 20 }, withheld],
    };
    const o = fitOption(result, cluster, none, LIGHT) as unknown as Option;
    assert.equal(o.series.filter((s) => s.stack).length, 0);
    assert.deepEqual(values(byName(o, "predictions")), []);
    assert.match(o.title.subtext, /no trend: R² 0\.06 < 0\.5/);
  });
});

describe("residuals plot", () => {
  it("draws the powerlaw's residuals in log space (§2.3.2) against n, leaving out the run with cost 0", () => {
    // ln(2·5²) − ln 50 = 0 and ln(2·10²) − ln 200 = 0: the fixture's powerlaw goes through both runs with a cost.
    const o = residualOption(result, fit, LIGHT) as unknown as Option;
    assert.equal(o.xAxis.type, "log");
    assert.equal(o.yAxis.type, "value");
    assert.equal(o.yAxis.name, "ln a·n^b − ln C");
    assert.deepEqual(values(o.series[0]), [
      [5, 0],
      [10, 0],
    ]);
    assert.deepEqual(o.series[0].markLine!.data, [{ yAxis: 0 }]);
    assert.match(
      o.title.subtext,
      /^ln a·f\^b − ln C \(002 §2\.3\.2\).* · 1 run left out: no log residual where the cost or the feature is 0$/,
    );
  });

  it("draws the linear model's residuals, observed − predicted, when the linear model is chosen, and survives nulls from the cache", () => {
    // 0 − (12 + 8·1) = −20, 50 − (12 + 8·5) = −2, 200 − (12 + 8·10) = 108; null (NaN stored by the cache) is left out.
    const linear = { ...fit, model: "linear" as const, residuals: [-20, -2, null as unknown as number] };
    const o = residualOption(result, linear, LIGHT) as unknown as Option;
    assert.equal(o.yAxis.name, "observed − linear model");
    assert.deepEqual(values(o.series[0]), [
      [1, -20],
      [5, -2],
    ]);
    assert.match(o.title.subtext, /^observed − \(a \+ b·f\).* · 1 run left out: a log axis cannot show 0$/);
  });
});

describe("two designs on one plot", () => {
  const design = (name: string, a: number, b: number): DesignFit => ({
    design: name,
    points: [1, 10, 100].map((x, i) => ({ runId: 10 * (name.startsWith("A") ? 1 : 2) + i, x, y: a * x ** b })),
    fit: {
      ...fit,
      power: { a, b, r2: 1, n: 3, ignored: 0 },
      exponent: { value: b, interval: { low: b, high: b } },
      band: [
        { at: 1, low: a * 0.9, high: a * 1.1 },
        { at: 1000, low: a * 1000 ** b * 0.9, high: a * 1000 ** b * 1.1 },
      ],
    },
    maxCost: a * 100 ** b,
  });
  // 1·x = 0.1·x² at x = 10.
  const loc: LocationComparison = {
    name: "(whole program)",
    fits: [design("A (campaign 1)", 1, 1), design("B (campaign 1)", 0.1, 2)],
    exponentDifference: { value: 1, interval: { low: 0.5, high: 1.5 } },
    crossover: 10,
    crossoverMeasured: true,
    observedCrossing: [1, 100],
    scalesWorse: "B (campaign 1)",
  };
  const c: TrendComparisonResult = {
    labels: { a: "A (campaign 1)", b: "B (campaign 1)" },
    designs: ["A (campaign 1)", "B (campaign 1)"],
    feature: "n",
    source: "callgrind",
    locations: [loc],
    notes: [],
  };

  it("overlays both designs' points, fits and bands in their colours, and marks the crossing", () => {
    const o = comparisonOption(c, loc, ["merge", "insertion"], LIGHT) as unknown as Option;
    assert.equal(byName(o, "A: merge runs").itemStyle!.color, LIGHT.series[0]);
    assert.equal(byName(o, "B: insertion runs").itemStyle!.color, LIGHT.series[1]);
    assert.deepEqual(values(byName(o, "B: insertion runs")), [
      [1, 0.1],
      [10, 10],
      [100, 1000],
    ]);
    // Each point names its run (runId, added to DesignFit.points) and, when known, the run's workload.
    assert.match(
      (byName(o, "B: insertion runs").data[1] as { tooltip: { formatter: string } }).tooltip.formatter,
      /^B: insertion · run 21<br\/>n = 10, cost 10$/,
    );
    assert.equal(o.series.filter((s) => s.stack === "band0").length, 2);
    assert.equal(o.series.filter((s) => s.stack === "band1").length, 2);
    const fitB = values(byName(o, "B: insertion fit"));
    assert.deepEqual(fitB[0], [1, 0.1]);
    assert.ok(Math.abs(fitB[fitB.length - 1][1] - 0.1 * 1000 ** 2) < 1e-6);
    assert.deepEqual(byName(o, "A: merge fit").markLine!.data, [{ xAxis: 10 }]);
    assert.equal(o.yAxis.name, "cost (instructions (Ir))");
  });

  it("names the workload behind each point when the runs are known", () => {
    const o = comparisonOption(c, loc, ["merge", "insertion"], LIGHT, (id) =>
      id === 11 ? "n-10" : null,
    ) as unknown as Option;
    assert.match(
      (byName(o, "A: merge runs").data[1] as { tooltip: { formatter: string } }).tooltip.formatter,
      /^A: merge · n-10 · run 11<br\/>/,
    );
  });

  it("moves a crossing off the plot into the subtitle, and names a design that never reaches the location", () => {
    const far = { ...loc, fits: [loc.fits[0], null] as const, crossover: 1e6, crossoverMeasured: false };
    const o = comparisonOption(c, far, ["merge", "insertion"], LIGHT) as unknown as Option;
    assert.ok(o.series.every((s) => !s.markLine));
    assert.match(
      o.title.subtext,
      /B: insertion never reaches it · the fits would cross at n ≈ 1\.00e\+6, off the plot/,
    );
  });

  it("words the verdict from scalesWorse, the difference and the crossings", () => {
    assert.equal(
      verdictText(loc, "n", c.designs, ["merge", "insertion"]),
      "insertion scales worse: its exponent in n is larger by 1.00 (95% interval of B − A: +0.50 … +1.50). The fits cross at n ≈ 10.00, inside the measured range: beyond it merge is the cheaper, below it insertion. The measured costs change order between n = 1 and 100. Exponents of the models that fit: merge 1.00 (1.00 … 1.00), powerlaw; insertion 2.00 (2.00 … 2.00), powerlaw.",
    );
    const neither = {
      ...loc,
      exponentDifference: { value: 0.02, interval: { low: -0.01, high: 0.05 } },
      scalesWorse: null,
      crossover: null,
      observedCrossing: null,
    };
    assert.equal(
      verdictText(neither, "n", c.designs, ["merge", "insertion"]),
      "Neither design is shown to scale worse: the exponents differ by +0.02 (B − A), and the 95% interval −0.01 … +0.05 includes 0. The fits do not cross. Exponents of the models that fit: merge 1.00 (1.00 … 1.00), powerlaw; insertion 2.00 (2.00 … 2.00), powerlaw.",
    );
  });
});

describe("trend tables and names", () => {
  it("names a source line by its file's basename and a function by its name", () => {
    assert.deepEqual(locationLabel("/src/x/sort.c:21"), { label: "sort.c:21", detail: "", title: "/src/x/sort.c:21" });
    assert.deepEqual(locationLabel("merge_sort (self Ir)"), {
      label: "merge_sort",
      detail: "self Ir",
      title: "merge_sort (self Ir)",
    });
  });

  it("words numbers the cache stored as null (NaN, ±Infinity) as missing", () => {
    assert.equal(fixed(null), "—");
    assert.equal(plain(null as unknown as number), "-");
    assert.deepEqual([0.25, 0.004, Infinity, null].map(errorText), ["0.250", "4.00e-3", "—", "—"]);
    const cached = {
      ...fit,
      relativeError: null,
      standardError: null,
      errors: { power: null, linear: 0.25, offset: null },
    } as unknown as ClusterFit;
    const rows = clusterRows([{ ...cluster, fits: [cached] }], 0);
    assert.equal(
      clusterColumns(rows)
        .find((c) => c.key === "se")!
        .text(rows[0]),
      "—",
    );
  });

  it("gives the prediction the chosen model's interval, and says why one is withheld", () => {
    assert.equal(predictionText(fit), "20000 (15000 … 25000)");
    assert.equal(
      predictionText({
        ...fit,
        model: "linear",
        predictions: [
          { at: 20, value: 172, interval: null, withheld: null },
          { at: 100, value: 812.5, interval: null, withheld: null },
        ],
      }),
      "812.50",
    );
    // −500 + 8·n at n = 20 is below 0: a cost is never negative, so nothing is shown (issue 27 item 8).
    assert.equal(
      predictionText({
        ...fit,
        predictions: [{ at: 20, value: null, interval: null, withheld: "the model predicts a cost ≤ 0 here" }],
      }),
      "the model predicts a cost ≤ 0 here",
    );
  });

  it("ranks the clusters with their model, R², exponent interval and prediction", () => {
    const rows = clusterRows(result.clusters, 0);
    const columns = clusterColumns(rows);
    const cells = Object.fromEntries(columns.map((c) => [c.key, c.text(rows[0])]));
    assert.deepEqual(cells, {
      rank: "1",
      costly: "●",
      name: "sort.c:21",
      members: "2",
      max: "200",
      share: "90.0%",
      model: "2.00·n^2.00",
      r2: "0.990",
      se: "1.0%",
      b: "2.00 (1.90 … 2.10)",
      prediction: "20000 (15000 … 25000)",
    });
    const none = clusterRows(
      [{ ...cluster, fits: [{ ...fit, noTrend: "the 95% interval of its exponent includes 0" }] }],
      0,
    );
    assert.equal(
      clusterColumns(none)
        .find((c) => c.key === "model")!
        .text(none[0]),
      "no trend",
    );
    assert.equal(columns[columns.length - 1].label, "at n = 100 (10 × f95)");
  });
});
