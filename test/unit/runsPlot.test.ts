// The runs table's plot (engine/charts/runsPlot.ts): means and 95% t intervals worked out by hand with
// the t table's quantiles (t(0.975, 1) = 12.706, t(0.975, 2) = 4.303, t(0.975, 3) = 3.182), the series
// drawn per design, the axis unit, and what a log axis leaves out.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { groupMeans, runsPlot, type PlotPoint } from "../../engine/charts/runsPlot.js";
import { LIGHT } from "../../engine/charts/colors.js";

const p = (series: string, x: number, y: number, runId = 0): PlotPoint => ({ series, x, y, runId });
const close = (a: number | null, b: number, tol: number) =>
  assert.ok(a !== null && Math.abs(a - b) <= tol, `${a} is not ${b} ± ${tol}`);

describe("runs plot", () => {
  it("per design and feature value: the mean and its Student t interval", () => {
    const means = groupMeans([
      p("merge", 1000, 3),
      p("insertion", 1000, 4),
      p("merge", 1000, 1),
      p("merge", 2000, 10),
      p("merge", 1000, 2),
      p("insertion", 1000, 6),
      p("insertion", 500, 2),
      p("insertion", 500, 4),
      p("insertion", 500, 6),
      p("insertion", 500, 8),
    ]);
    assert.deepEqual(
      means.map((s) => [s.series, s.means.map((m) => [m.x, m.n, m.mean])]),
      [
        [
          "merge",
          [
            [1000, 3, 2],
            [2000, 1, 10],
          ],
        ],
        [
          "insertion",
          [
            [500, 4, 5],
            [1000, 2, 5],
          ],
        ],
      ],
    );
    // merge at 1000: 1, 2, 3: s = 1, half-width 4.303 · 1/√3 = 2.484.
    close(means[0].means[0].low, 2 - 2.484, 1e-3);
    close(means[0].means[0].high, 2 + 2.484, 1e-3);
    // One run: no interval.
    assert.equal(means[0].means[1].low, null);
    assert.equal(means[0].means[1].high, null);
    // insertion at 500: 2, 4, 6, 8: s = √(20/3) = 2.582, half-width 3.182 · 2.582/2 = 4.108.
    close(means[1].means[0].low, 5 - 4.108, 2e-3);
    // insertion at 1000: 4, 6: s = √2, half-width 12.706 · √2/√2 = 12.706.
    close(means[1].means[1].high, 5 + 12.706, 1e-3);
  });

  it("draws each design's runs, means and intervals, in the metric's unit", () => {
    const points = [p("a", 1, 2e6, 1), p("a", 1, 4e6, 2), p("a", 2, 8e6, 3), p("b", 1, 3e6, 4), p("b", 2, 0, 5)];
    const plot = runsPlot({
      points,
      feature: "n",
      metric: "wall",
      unit: "ns",
      logX: false,
      logY: false,
      colors: LIGHT,
    });
    const series = plot.option.series as { type: string; name: string; data: unknown[] }[];
    assert.deepEqual(
      series.map((s) => [s.type, s.name, s.data.length]),
      [
        ["scatter", "a", 3],
        ["line", "a", 2],
        ["custom", "a", 1], // x = 2 has one run
        ["scatter", "b", 2],
        ["line", "b", 2],
        ["custom", "b", 0],
      ],
    );
    // The median |y| is 3 ms: the axis is in ms, and the points with it.
    assert.equal((plot.option.yAxis as { name: string }).name, "wall (ms)");
    assert.deepEqual((series[0].data[0] as { value: number[] }).value, [1, 2]);
    assert.equal(plot.single, 3);
    assert.equal(plot.leftOut, 0);
  });

  it("a log axis leaves out runs at or below 0 and counts them; an interval through 0 is cut and counted", () => {
    const points = [p("a", 1, 1), p("a", 1, 9), p("a", 0, 5), p("a", 2, -1), p("a", 3, 2)];
    const plot = runsPlot({ points, feature: "n", metric: "ir", unit: "count", logX: true, logY: true, colors: LIGHT });
    assert.equal(plot.leftOut, 2); // x = 0 and y = −1
    // a at 1: 1 and 9, mean 5, s = 5.657, half-width 12.706 · 5.657/√2 = 50.8: reaches below 0.
    assert.equal(plot.cut, 1);
    const subtext = (plot.option.title as { subtext: string }).subtext;
    assert.match(subtext, /1 interval reaches 0 or below: cut at the lowest run/);
    assert.match(subtext, /2 runs left out/);
  });
});
