// The per-function Trends view's pure builders (CF-TrendProf, paper 002
// §3.4.5): the best-fit plot against one feature, predictions against
// observations for a model in several, the residuals plot, point sizes, the
// tables' rows and the wording — checked against hand-computed cases without
// a browser (docs/style.md).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  evaluateModel,
  featureAt,
  plotFeature,
  pointSize,
  predictedOption,
  variableFitOption,
  variableResidualOption,
} from "../../renderer/src/trends/functionTrendCharts.js";
import {
  functionColumns,
  functionRows,
  variableColumns,
  variableRows,
} from "../../renderer/src/trends/functionColumns.js";
import {
  functionLabel,
  shareText,
  sourceText,
  variableKey,
  variableText,
  variableUnit,
} from "../../renderer/src/trends/functionText.js";
import { LIGHT } from "../../engine/charts/colors.js";
import {
  modelFeatures,
  type CfFunction,
  type CfModelResult,
  type CfTrendsResult,
  type CfVariable,
} from "../../engine/trend/cf/cfResult.js";

type Pair = [number, number];
interface Item {
  value: Pair;
  symbolSize?: number;
  tooltip: { formatter: string };
}
interface Series {
  type: string;
  name: string;
  data: (Pair | Item)[];
  markLine?: { data: { yAxis?: number }[] };
}
interface Option {
  title: { subtext: string };
  xAxis: { type: string; name: string };
  yAxis: { type: string; name: string };
  series: Series[];
}
const values = (s: Series) => s.data.map((d) => (Array.isArray(d) ? d : d.value));
const byType = (o: Option, type: string) => o.series.find((s) => s.type === type)!;
const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

const model = (
  text: string,
  terms: CfModelResult["terms"],
  rule: string | null = null,
  derivation: string | null = null,
): CfModelResult => ({
  text,
  terms,
  rule,
  derivation,
  score: { total: 3.01, error: 0, l: 1, v: 2, t: 0.01 },
  standardError: 0,
  relativeError: 0,
});
// 0.5·n², the engine's best model of bsort's self-cost here; the same in n and bsort.arg1 (a model in two features); a constant.
const square = model("0.5·n^2", [{ coef: 0.5, powers: { n: 2 } }]);
const twoFeatures = model(
  "0.5·bsort.arg1·n",
  [{ coef: 0.5, powers: { "bsort.arg1": 1, n: 1 } }],
  "3.8",
  "(0.5·bsort.arg1·n)",
);
const constant = model("42", [{ coef: 42, powers: {} }]);

// Three runs at n = 10, 100, 1000; bsort was called with arg1 = 20, 100, 1000. The third point's mean cost
// is 0 (a log axis cannot show it) and stands for 100 invocations.
const self: CfVariable = {
  kind: "self",
  callee: null,
  label: "self-cost of bsort",
  perInvocation: true,
  observations: 102,
  mean: 98.04,
  best: square,
  alternatives: [square, twoFeatures, constant],
  points: [
    { workload: 0, n: 1, mean: 50, predicted: 50, args: [20] },
    { workload: 1, n: 1, mean: 5000, predicted: 5000, args: [100] },
    { workload: 2, n: 100, mean: 0, predicted: 500000, args: [1000] },
  ],
  swamped: false,
};
const via: CfVariable = {
  ...self,
  kind: "via",
  callee: "swap",
  label: "transitive-cost of calls from bsort to swap",
  best: twoFeatures,
  alternatives: [twoFeatures],
};
const count: CfVariable = {
  ...self,
  kind: "count",
  label: "call-count of bsort",
  perInvocation: false,
  observations: 3,
  mean: 1,
  best: constant,
  alternatives: [constant],
};
const totalTransitive: CfVariable = {
  ...self,
  kind: "totalTransitive",
  label: "total-transitive-cost of bsort",
  perInvocation: false,
  best: { ...square, relativeError: 0.123 },
};
const bsort: CfFunction = {
  name: "bsort",
  recursive: false,
  argNames: ["bsort.arg1"],
  maxTotalSelf: 500000,
  maxTotalTransitive: 2.5e7,
  callees: ["swap"],
  variables: [self, via, count, totalTransitive],
};
const rec: CfFunction = {
  name: "qsort (recursive)",
  recursive: true,
  argNames: [],
  maxTotalSelf: 10,
  maxTotalTransitive: 20,
  callees: [],
  variables: [],
};
const result: CfTrendsResult = {
  label: "campaign 3 (bsort-calls)",
  design: "O0",
  noise: null,
  cost: "time",
  unit: "ns",
  features: ["n"],
  runs: [
    { runId: 7, workload: "n-10", features: { n: 10 } },
    { runId: 8, workload: "n-100", features: { n: 100 } },
    { runId: 9, workload: "n-1000", features: { n: 1000 } },
  ],
  functions: [bsort, rec],
  notes: [],
};

describe("per-function chart helpers", () => {
  it("sizes a point by the invocations behind it: 6 px for one, 2 px per factor of 10, at most 16", () => {
    assert.deepEqual([1, 10, 100, 1e6, 0].map(pointSize), [6, 8, 10, 16, 6]);
  });

  it("reads a workload feature from the point's run and an invocation feature from its arguments", () => {
    assert.equal(featureAt(result, bsort, self.points[0], "n"), 10);
    assert.equal(featureAt(result, bsort, self.points[0], "bsort.arg1"), 20);
    assert.ok(Number.isNaN(featureAt(result, bsort, self.points[0], "m")));
  });

  it("evaluates a model as Σ coef·Π x^p, NaN for a coefficient the cache stored as null", () => {
    // 0.5·10² = 50; 0.5·20·10 = 100.
    assert.equal(
      evaluateModel(square, () => 10),
      50,
    );
    assert.equal(
      evaluateModel(twoFeatures, (f) => (f === "n" ? 10 : 20)),
      100,
    );
    assert.ok(Number.isNaN(evaluateModel({ terms: [{ coef: null as unknown as number, powers: {} }] }, () => 1)));
  });

  it("draws a model against its one feature, a constant against the first workload feature, several against nothing", () => {
    assert.deepEqual(modelFeatures(twoFeatures), ["bsort.arg1", "n"]);
    assert.equal(plotFeature(result, square), "n");
    assert.equal(plotFeature(result, constant), "n");
    assert.equal(plotFeature(result, twoFeatures), null);
  });
});

describe("best-fit plot of a variable (002 §3.4.5)", () => {
  const o = variableFitOption(result, bsort, self, square, LIGHT) as unknown as Option;

  it("draws the observations with a cost on log-log axes, sized by invocations, and counts the one left out", () => {
    assert.equal(o.xAxis.type, "log");
    assert.equal(o.yAxis.type, "log");
    assert.equal(o.xAxis.name, "n");
    assert.equal(o.yAxis.name, "mean self-cost (ns)");
    const points = byType(o, "scatter");
    assert.deepEqual(values(points), [
      [10, 50],
      [100, 5000],
    ]);
    assert.deepEqual(
      (points.data as Item[]).map((d) => d.symbolSize),
      [6, 6],
    );
    assert.equal(
      (points.data[0] as Item).tooltip.formatter,
      "n-10 · run 7<br/>n = 10, bsort.arg1 = 20<br/>mean of 1 invocation: 50 ns<br/>model: 50",
    );
    assert.equal(o.title.subtext, "1 point with n or cost ≤ 0 left out: a log axis cannot show them");
  });

  it("draws the model over the measured n, on the curve y = 0.5·n²", () => {
    const line = values(byType(o, "line"));
    assert.deepEqual(line[0], [10, 50]);
    assert.ok(close(line[line.length - 1][0], 100) && close(line[line.length - 1][1], 5000));
    for (const [x, y] of line) assert.ok(close(y, 0.5 * x * x));
    assert.equal(byType(o, "line").name, "model 0.5·n^2");
  });

  it("draws a constant as a flat line and says so", () => {
    const c = variableFitOption(result, bsort, self, constant, LIGHT) as unknown as Option;
    assert.ok(values(byType(c, "line")).every(([, y]) => y === 42));
    assert.match(c.title.subtext, /a constant: drawn against n$/);
  });

  it("draws a model in two features as predictions against observations with y = x", () => {
    // Predictions 0.5·20·10 = 100 and 0.5·100·100 = 5000 against observed 50 and 5000; y = x spans 50 … 5000.
    for (const p of [
      variableFitOption(result, bsort, via, twoFeatures, LIGHT),
      predictedOption(result, bsort, via, twoFeatures, LIGHT),
    ] as unknown as Option[]) {
      assert.equal(p.xAxis.name, "predicted (ns)");
      assert.equal(p.yAxis.name, "mean transitive-cost of calls to swap (ns)");
      assert.deepEqual(values(byType(p, "scatter")), [
        [100, 50],
        [5000, 5000],
      ]);
      assert.deepEqual(values(p.series.find((s) => s.name === "y = x")!), [
        [50, 50],
        [5000, 5000],
      ]);
      assert.equal(
        p.title.subtext,
        "a model in bsort.arg1 and n: on y = x where it fits (002 §3.4.5) · 1 point with prediction or cost ≤ 0 left out: a log axis cannot show them",
      );
    }
  });
});

describe("residuals plot of a variable", () => {
  it("draws observed − predicted on a linear y axis against n, with the zero line", () => {
    // 50 − 50 = 0, 5000 − 5000 = 0, 0 − 0.5·1000² = −500000 (a cost of 0 has a residual: only x must be > 0).
    const o = variableResidualOption(result, bsort, self, square, LIGHT) as unknown as Option;
    assert.equal(o.xAxis.type, "log");
    assert.equal(o.yAxis.type, "value");
    assert.equal(o.yAxis.name, "observed − model (ns)");
    assert.deepEqual(values(o.series[0]), [
      [10, 0],
      [100, 0],
      [1000, -500000],
    ]);
    assert.deepEqual(
      (o.series[0].data as Item[]).map((d) => d.symbolSize),
      [6, 6, 10],
    );
    assert.deepEqual(o.series[0].markLine!.data, [{ yAxis: 0 }]);
    assert.equal(o.title.subtext, "");
  });

  it("draws a model in two features' residuals against its predictions", () => {
    // 50 − 100 = −50 at 100; 0 at 5000; 0 − 500000 at 500000.
    const o = variableResidualOption(result, bsort, via, twoFeatures, LIGHT) as unknown as Option;
    assert.equal(o.xAxis.name, "predicted (ns)");
    assert.deepEqual(values(o.series[0]), [
      [100, -50],
      [5000, 0],
      [500000, -500000],
    ]);
  });
});

describe("per-function tables and words", () => {
  it("names a variable without its function, with its unit, and a model's source as Figure 3.11 does", () => {
    assert.deepEqual([self, via, count].map(variableText), [
      "self-cost",
      "transitive-cost of calls to swap",
      "call-count",
    ]);
    assert.deepEqual([self, via, count].map(variableKey), ["self", "via:swap", "count"]);
    assert.deepEqual(
      [self, count].map((v) => variableUnit(v, "ns")),
      ["ns", "calls"],
    );
    assert.equal(sourceText(square), "direct");
    assert.equal(sourceText(twoFeatures), "rule 3.8: (0.5·bsort.arg1·n)");
    assert.deepEqual([0.1234, 0, null, Infinity].map(shareText), ["12.3%", "0.0%", "—", "—"]);
    assert.deepEqual(functionLabel("qsort (recursive)"), { base: "qsort", recursive: true });
  });

  it("lists functions with their maximum total costs and their total-transitive-cost's best model", () => {
    const rows = functionRows(result.functions);
    const cells = Object.fromEntries(functionColumns(result.unit).map((c) => [c.key, c.text(rows[0])]));
    assert.deepEqual(cells, {
      index: "1",
      name: "bsort",
      maxTransitive: "2.50e+7",
      maxSelf: "5.00e+5",
      model: "0.5·n^2",
      se: "12.3%",
    });
    assert.equal(functionColumns("ns")[2].label, "max total-transitive (ns)");
    assert.equal(rows[1].total, null);
    assert.equal(functionColumns("ns")[4].text(rows[1]), "—");
    assert.match(functionColumns("ns")[1].hint!(rows[1]), /^qsort's calls made while qsort was already running/);
  });

  it("lists a function's variables with best model, source, SE/mean, mean and observations", () => {
    const rows = variableRows(bsort);
    const cells = (i: number) => Object.fromEntries(variableColumns("ns").map((c) => [c.key, c.text(rows[i])]));
    assert.deepEqual(cells(1), {
      index: "2",
      name: "transitive-cost of calls to swap",
      model: "0.5·bsort.arg1·n",
      source: "rule 3.8: (0.5·bsort.arg1·n)",
      se: "0.0%",
      mean: "98.04 ns",
      observations: "102 invocations",
    });
    assert.equal(cells(2).mean, "1 calls");
    assert.equal(cells(2).observations, "3 workloads");
  });
});
