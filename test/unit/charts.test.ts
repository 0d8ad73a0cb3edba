// The renderer's pure chart builders, checked against hand-computed cases
// without a browser (docs/style.md).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { histogramBins, histogramOption } from "../../renderer/src/cct/histogram.js";
import { boxStats, quantileSorted } from "../../engine/charts/quantiles.js";
import { distributionOption } from "../../engine/charts/distribution.js";
import { unitFor } from "../../engine/charts/units.js";
import { LIGHT } from "../../engine/charts/colors.js";
import {
  layoutForest,
  matchedCount,
  nodeSignatures,
  unmatchedNodes,
  vcgGraphOption,
  vcgPairOption,
  X_STEP,
  Y_STEP,
} from "../../renderer/src/vcg/vcgGraph.js";

describe("histogram bins (Freedman–Diaconis)", () => {
  it("bins 1..8 as worked by hand", () => {
    // Q1 = 2.75, Q3 = 6.25 (type 7), IQR 3.5, width 2·3.5·8^(−1/3) = 3.5 → 2 bins, raised to the minimum of 5;
    // width 7/5 = 1.4: [1,2.4) holds 1,2; [2.4,3.8) 3; [3.8,5.2) 4,5; [5.2,6.6) 6; [6.6,8] 7,8.
    const b = histogramBins([8, 3, 1, 5, 2, 7, 4, 6]);
    assert.equal(b.start, 1);
    assert.ok(Math.abs(b.width - 1.4) < 1e-12);
    assert.deepEqual(b.counts, [2, 1, 2, 1, 2]);
  });

  it("puts equal values in one bin and keeps every value", () => {
    assert.deepEqual(histogramBins([5, 5, 5]).counts, [3]);
    const many = Array.from({ length: 10_000 }, (_, i) => (i * 7919) % 1000);
    const b = histogramBins(many);
    assert.equal(
      b.counts.reduce((s, c) => s + c, 0),
      10_000,
    );
    assert.ok(b.counts.length <= 80);
  });

  it("marks the mean and median in the unit of the axis", () => {
    const option = histogramOption([1e6, 2e6, 3e6], 2e6, 2e6, LIGHT) as {
      xAxis: { name: string };
      series: { markLine: { data: { xAxis: number }[] } }[];
    };
    assert.equal(option.xAxis.name, "invocation time (ms)");
    assert.deepEqual(
      option.series[0].markLine.data.map((d) => d.xAxis),
      [2, 2],
    );
  });

  it("keeps the y axis' title off the top, where the mean and median labels are, and those two apart", () => {
    type Option = {
      yAxis: { nameLocation: string; nameRotate: number };
      series: { markLine: { data: { name: string; label?: { distance: number } }[] } }[];
    };
    const close = histogramOption([1e6, 2e6, 3e6], 2e6, 2.05e6, LIGHT) as Option;
    assert.deepEqual([close.yAxis.nameLocation, close.yAxis.nameRotate], ["middle", 90]);
    // 0.05 ms apart on a 2 ms axis (2.5%): the median's label a line above the mean's.
    assert.equal(close.series[0].markLine.data[1].label?.distance, 18);
    const apart = histogramOption([1e6, 2e6, 3e6], 1.2e6, 2.8e6, LIGHT) as Option;
    assert.equal(apart.series[0].markLine.data[1].label, undefined);
  });
});

describe("box statistics (Tukey)", () => {
  it("finds quartiles, whiskers and the outlier of a hand-worked case", () => {
    // sorted 1..8, 100: Q1 = 3, median 5, Q3 = 7, IQR 4, fences −3 and 13.
    const s = boxStats([100, 1, 2, 3, 4, 5, 6, 7, 8]);
    assert.deepEqual(s.box, [1, 3, 5, 7, 8]);
    assert.deepEqual(s.outliers, [100]);
  });

  it("interpolates quantiles as R type 7", () => {
    assert.equal(quantileSorted([1, 2, 3, 4], 0.5), 2.5);
    assert.equal(quantileSorted([10, 20], 0.25), 12.5);
  });
});

describe("distribution chart", () => {
  it("draws a box per group in milliseconds, its outliers, and every run as a point", () => {
    const groups = [
      { label: "A", values: [1e6, 2e6, 3e6, 4e6, 5e6, 6e6, 7e6, 8e6, 100e6] },
      { label: "B", values: [] },
    ];
    const o = distributionOption(groups, LIGHT, { title: "wall time", unit: "ns" }) as {
      yAxis: { name: string };
      series: { data: unknown[] }[];
    };
    assert.equal(o.yAxis.name, "wall time (ms)");
    assert.deepEqual(o.series[0].data, [[1, 3, 5, 7, 8], []]);
    assert.deepEqual(o.series[1].data, [[0, 100]]);
    assert.equal(o.series[2].data.length, 9);
  });

  it("names the measure on its axis, counts in thousands and millions", () => {
    const o = distributionOption([{ label: "A", values: [2.5e6, 3.5e6] }], LIGHT, {
      title: "instructions (Ir)",
      unit: "count",
    }) as { yAxis: { name: string }; series: { data: number[][] }[] };
    assert.equal(o.yAxis.name, "instructions (Ir) (M)");
    assert.deepEqual(
      o.series[2].data.map((p) => p[1]),
      [2.5, 3.5],
    );
  });

  it("chooses the largest unit in which values are at least 1", () => {
    assert.equal(unitFor(2.5e9).label, "s");
    assert.equal(unitFor(999).label, "ns");
    assert.equal(unitFor(1500).label, "µs");
  });
});

describe("VCG drawing", () => {
  const node = (
    id: number,
    fname: string,
    type: "Task" | "Contrast" | "Contributor",
    parent: number | null,
    children: number[],
  ) => ({
    id,
    fname,
    type,
    n: 10,
    meanNs: 1000,
    varianceNs2: 1e4,
    cov: 0.1,
    weightNs: 1e4,
    vim: 1000,
    ccs: ["[0]"],
    parent,
    children,
    realTime: { n: 10, meanNs: 1000, cov: 0.1, statements: [] },
  });
  const result = (nodes: ReturnType<typeof node>[], segments: { nodes: number[]; cf: number }[]) =>
    ({
      nodes,
      segments: segments.map((s) => ({ ...s, meanNs: 0, varianceNs2: 0, n: 10 })),
      patterns: nodes.filter((n) => n.parent === null).map((n) => ({ root: n.id, vim: 1, nodes: 1 })),
    }) as unknown as Parameters<typeof vcgGraphOption>[0];

  it("lays a pattern out as a tidy tree and draws back-edges from underlier to originator", () => {
    const r = result(
      [node(0, "H", "Task", null, [1, 2]), node(1, "L", "Contributor", 0, []), node(2, "F", "Contrast", 0, [])],
      [{ nodes: [0, 1], cf: 0.5 }],
    );
    const placed = layoutForest(r);
    // Leaves side by side, the parent centred over them, one row per depth.
    assert.deepEqual(
      placed.map((p) => [p.x / X_STEP, p.y / Y_STEP]),
      [
        [0.5, 0],
        [0, 1],
        [1, 1],
      ],
    );
    const series = (
      vcgGraphOption(r, LIGHT) as {
        series: {
          data: { symbol: string; itemStyle: { borderType: string } }[];
          links: { source: string; target: string; lineStyle: { type: string }; label?: { formatter: () => string } }[];
        }[];
      }
    ).series[0];
    assert.deepEqual(
      series.data.map((d) => [d.symbol, d.itemStyle.borderType]),
      [
        ["rect", "solid"],
        ["rect", "dashed"],
        ["circle", "solid"],
      ],
    );
    const back = series.links.filter((l) => l.lineStyle.type === "dashed");
    assert.deepEqual(
      back.map((l) => [l.source, l.target, l.label?.formatter()]),
      [["1", "0", "cf 50%"]],
    );
  });

  it("joins matched nodes of two results and marks the rest", () => {
    const a = result([node(0, "H", "Task", null, [1]), node(1, "W", "Task", 0, [])], []);
    const b = result(
      [node(0, "H", "Task", null, [1, 2]), node(1, "W", "Task", 0, []), node(2, "X", "Task", 0, [])],
      [],
    );
    assert.deepEqual([...unmatchedNodes(b, a)], [2]);
    assert.equal(matchedCount(a, b), 2);
    const links = (
      vcgPairOption(a, b, LIGHT) as {
        series: { links: { source: string; target: string; lineStyle: { type: string } }[] }[];
      }
    ).series[0].links;
    assert.deepEqual(
      links.filter((l) => l.lineStyle.type === "dotted").map((l) => [l.source, l.target]),
      [
        ["a0", "b0"],
        ["a1", "b1"],
      ],
    );
  });

  it("keeps one scale for x and y so a single chain is not squeezed", () => {
    const r = result([node(0, "H", "Task", null, [1]), node(1, "W", "Task", 0, [])], []);
    assert.equal(
      (vcgGraphOption(r, LIGHT) as { series: { preserveAspect: unknown }[] }).series[0].preserveAspect,
      true,
    );
  });

  it("matches nodes by names and types, back-edges by names alone", () => {
    const a = nodeSignatures(result([node(0, "H", "Task", null, [1]), node(1, "W", "Task", 0, [])], []));
    const b = nodeSignatures(result([node(0, "H", "Task", null, [1]), node(1, "W", "Contributor", 0, [])], []));
    assert.equal(a.get(0), b.get(0));
    assert.notEqual(a.get(1), b.get(1));
    const bNames = nodeSignatures(
      result([node(0, "H", "Task", null, [1]), node(1, "W", "Contributor", 0, [])], []),
      false,
    );
    assert.equal(bNames.get(1), "/H/W");
  });
});
