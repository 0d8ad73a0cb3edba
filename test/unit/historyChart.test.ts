// The history page's chart (renderer/src/history/historyChart.ts, issue 33 item 4) on hand-made series: each
// version's box is its runs' min, quartiles and max, the change point a red band from the last version
// before it to the first after, and a change of environment a dashed line, two series and no band.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { LineSeriesOption, BoxplotSeriesOption } from "echarts";
import { analyzeHistory } from "../../engine/history/history.js";
import type { HistoryObservation } from "../../engine/history/series.js";
import type { HistoryReport } from "../../engine/api/types.js";
import { LIGHT } from "../../engine/charts/colors.js";
import { historyChartOption, changeName } from "../../renderer/src/history/historyChart.js";
import { changeEntries, historyGroups } from "../../renderer/src/history/historyGroups.js";

const ARGS = { fdr: 0.05, minSegment: 3, minMagnitude: 0 };

function report(n: number, observations: HistoryObservation[]): HistoryReport {
  const versions = Array.from({ length: n }, (_, i) => ({ label: `v${i + 1}`, commit: null, dirty: null }));
  return {
    project: "p",
    order: "as first measured",
    campaigns: versions.map((_, i) => [i + 1]),
    measures: [],
    notes: [],
    explanations: [],
    ...analyzeHistory({ versions, observations }, ARGS),
  };
}

const obs = (version: number, value: number, environment = "here"): HistoryObservation => ({
  version,
  design: "d",
  workload: "w",
  metric: "calls",
  environment,
  value,
});

test("a step: the boxes are the runs' spread, the change a red band from the last version before to the first after", () => {
  // Three runs a version: 100, 101, 103 (+ the version) up to v5, 150, 151, 153 (+ the version) from v6 on.
  const observations = Array.from({ length: 10 }, (_, v) =>
    [0, 1, 3].map((d) => obs(v, (v < 5 ? 100 : 150) + v + d)),
  ).flat();
  const r = report(10, observations);
  const [g] = historyGroups(r);
  const option = historyChartOption(r, g, LIGHT);
  const [box, line] = option.series as [BoxplotSeriesOption, LineSeriesOption];
  // v1: runs 100, 101, 103: min 100, median 101, max 103 (quartiles between, by the engine's rule).
  const first = box.data![0] as number[];
  assert.deepEqual([first[0], first[2], first[4]], [100, 101, 103]);
  const sixth = box.data![5] as number[];
  assert.deepEqual([sixth[0], sixth[2], sixth[4]], [155, 156, 158]);
  assert.deepEqual((line.data as number[]).slice(0, 2), [101, 102], "the median line");
  const bands = line.markArea!.data as unknown as [
    { name: string; xAxis: string; itemStyle: { color: string } },
    { xAxis: string },
  ][];
  assert.equal(bands.length, 1);
  assert.deepEqual([bands[0][0].xAxis, bands[0][1].xAxis], ["v5", "v6"]);
  assert.equal(bands[0][0].name, changeName(0, 0));
  assert.match(bands[0][0].itemStyle.color, /^rgba\(201,42,42/, "a regression is red");
  assert.equal(line.markLine, undefined, "no environment changed");
  assert.deepEqual(
    changeEntries(r).map((c) => [c.seriesIndex, c.changeIndex, r.versions[c.change.after].label]),
    [[0, 0, "v6"]],
  );
});

test("an environment change: two series and a dashed line where it changed, never a band", () => {
  // A new machine from v7 on, 50 % slower; nothing changed in the program.
  const observations = Array.from({ length: 10 }, (_, v) =>
    [0, 1].map((d) => obs(v, (v < 6 ? 100 : 150) + d, v < 6 ? "old" : "new")),
  ).flat();
  const r = report(10, observations);
  const groups = historyGroups(r);
  assert.equal(groups.length, 1, "one design × workload × measure");
  assert.equal(groups[0].series.length, 2, "one series an environment");
  const series = historyChartOption(r, groups[0], LIGHT).series as (LineSeriesOption | BoxplotSeriesOption)[];
  const lines = series.filter((s): s is LineSeriesOption => s.type === "line");
  assert.deepEqual(
    lines.flatMap((l) => (l.markArea!.data as unknown[]).length),
    [0, 0],
    "no change point within either environment",
  );
  const marked = lines.flatMap((l) => (l.markLine?.data ?? []) as { xAxis: string }[]);
  assert.deepEqual(
    marked.map((m) => m.xAxis),
    ["v7"],
  );
  assert.deepEqual(changeEntries(r), []);
});
