// A project's history exported (engine/api/historyExports.ts, issue 33 item 4): the CSV has one row per
// series × version with the version's runs, median, min and max worked by hand from the runs' values, and the
// change point on the row of the first version after it; the text is what `varbench history` prints.
import { test } from "node:test";
import assert from "node:assert/strict";
import { analyzeHistory } from "../../engine/history/history.js";
import type { HistoryObservation } from "../../engine/history/series.js";
import type { HistoryReport } from "../../engine/api/types.js";
import { HISTORY_CSV_COLUMNS, HISTORY_EXPORTERS } from "../../engine/api/historyExports.js";

const ARGS = { fdr: 0.05, minSegment: 3, minMagnitude: 0 };
const LABELS = ["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10"];
/** Each version's three runs: 100-ish up to a5, 150-ish from a6 on, an even and an odd spread. */
const VALUES: readonly (readonly number[])[] = [
  [101, 99, 100],
  [98, 103, 100],
  [100, 104, 97],
  [99, 99, 102],
  [102, 100, 98],
  [151, 149, 150],
  [148, 152, 153],
  [150, 150, 147],
  [149, 155, 151],
  [152, 148, 150],
];

function report(observations: readonly HistoryObservation[]): HistoryReport {
  const versions = LABELS.map((label) => ({ label, commit: null, dirty: null }));
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

const observations: HistoryObservation[] = VALUES.flatMap((vs, version) =>
  vs.map((value) => ({ version, design: "d", workload: "w", metric: "wall" as const, environment: "here", value })),
);

test("the CSV: a row per version with its runs' median, min and max, and the change point where it starts", () => {
  const r = report(observations);
  const csv = HISTORY_EXPORTERS.csv.render(r, undefined) as string;
  assert.ok(csv.endsWith("\n"), "ends its last line as the command prints it");
  const [header, ...rows] = csv.trimEnd().split("\n");
  assert.equal(header, HISTORY_CSV_COLUMNS.join(","));
  assert.equal(rows.length, 10, "one series, ten versions");
  const cells = rows.map((row) => Object.fromEntries(row.split(",").map((x, i) => [HISTORY_CSV_COLUMNS[i], x])));
  // Medians, minima and maxima of VALUES, by hand.
  const hand = [
    [100, 99, 101],
    [100, 98, 103],
    [100, 97, 104],
    [99, 99, 102],
    [100, 98, 102],
    [150, 149, 151],
    [152, 148, 153],
    [150, 147, 150],
    [151, 149, 155],
    [150, 148, 152],
  ];
  for (const [i, c] of cells.entries()) {
    assert.deepEqual(
      [c.design, c.workload, c.measure, c.unit, c.environment, c.version, c.runs],
      ["d", "w", "wall", "ns", "here", LABELS[i], "3"],
    );
    assert.deepEqual([Number(c.median), Number(c.min), Number(c.max)], hand[i], `version ${LABELS[i]}`);
  }
  // The step from a5 to a6 is the change point: on a6's row only, a regression of ×1.5 (the Hodges–Lehmann
  // ratio of the medians after to those before: every pairwise ratio lies within 148/100 … 152/99).
  const marked = cells.filter((c) => c.change !== "");
  assert.deepEqual(
    marked.map((c) => [c.version, c.change]),
    [["a6", "regression"]],
  );
  const m = marked[0];
  assert.ok(Number(m.ratio) >= 1.48 && Number(m.ratio) <= 152 / 99, m.ratio);
  assert.ok(Number(m.ratio_low) <= Number(m.ratio) && Number(m.ratio) <= Number(m.ratio_high));
  // Moses' interval reaches at least the 95 % asked for (its coverage is discrete: the achieved one is written).
  assert.ok(Number(m.confidence) >= 0.95 && Number(m.confidence) < 1, m.confidence);
  assert.ok(Number(m.p_value) > 0 && Number(m.p_value) <= 0.05, m.p_value);
  for (const c of cells.filter((x) => x.change === ""))
    assert.deepEqual([c.ratio, c.ratio_low, c.ratio_high, c.confidence, c.p_value], ["", "", "", "", ""]);
});

test("the CSV of a project with no series is its header alone; the text says there is none", () => {
  const r = report([]);
  assert.equal(HISTORY_EXPORTERS.csv.render(r, undefined), HISTORY_CSV_COLUMNS.join(",") + "\n");
  assert.match(HISTORY_EXPORTERS.text.render(r, undefined) as string, /no series: no measured runs/);
});

test("the JSON is the report as the API answers it", () => {
  const r = report(observations);
  assert.deepEqual(JSON.parse(HISTORY_EXPORTERS.json.render(r, undefined) as string), r);
});

test("the text renders an explanation's findings in their rank order, with their details", () => {
  const r = report(observations);
  const withFindings: HistoryReport = {
    ...r,
    explanations: [
      {
        series: 0,
        change: 0,
        versionsBefore: [2, 3, 4],
        versionsAfter: [5, 6, 7],
        runsBefore: 9,
        runsAfter: 9,
        contexts: [],
        contextsBy: "time",
        note: "no traced runs",
        findings: [
          { analysis: "trends", summary: "first finding", details: ["its detail"], score: 0.6 },
          { analysis: "vcg", summary: "second finding", details: [], score: 0.3 },
        ],
      },
    ],
  };
  const text = HISTORY_EXPORTERS.text.render(withFindings, undefined) as string;
  assert.match(
    text,
    /why: no traced runs\n {4}findings, ranked by the share of the change each accounts for:\n {7}60% {2}trends: first finding\n {14}its detail\n {7}30% {2}vcg: second finding/,
  );
});
