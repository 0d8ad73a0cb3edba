// The runs as an experiment table (issue 31, item 5) in Chromium on the demo workspace: columns for the
// design variables, features and measures; sorting by a measure; an expression filter whose row count
// is checked against a count worked out here from runs.list and runs.attributes through the API; the
// plot's series per design; two runs compared, and three side by side. Screenshots at 1440×900.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { openBrowserApp, type BrowserApp } from "../helpers/browserApp.js";
import { demoWorkspace } from "../helpers/demoWorkspace.js";
import { TID } from "../../renderer/src/testIds.js";
import { href } from "../../renderer/src/paths.js";
import { inProcessClient } from "../../engine/api/inProcess.js";
import type { RunAttributes, RunRow } from "../../engine/api/types.js";

const sel = (id: string) => `[data-testid="${id}"]`;
/** The demo's sorts-traced campaign (engine/cli/demo.ts): merge and insertion over n, timing pairs under uftrace. */
const CAMPAIGN = 8;
let app: BrowserApp;
let rows: readonly RunRow[];
let attributes: RunAttributes;

before(async () => {
  const { dir } = await demoWorkspace("e2e-runs");
  app = await openBrowserApp(dir);
  const api = inProcessClient(app.service);
  rows = await api.runs.list({ campaignId: CAMPAIGN });
  attributes = await api.runs.attributes({ campaignId: CAMPAIGN });
});

after(async () => {
  await app?.close();
});

const feature = (name: string, runId: number) =>
  attributes.features.find((c) => c.name === name)?.values[attributes.runIds.indexOf(runId)] ?? null;
const hashNow = () => app.page.evaluate(() => (globalThis as unknown as { location: { hash: string } }).location.hash);
const shownKeys = async () =>
  (await app.page.locator(sel(TID.runs.row)).evaluateAll((els) => els.map((e) => e.getAttribute("data-key")))).map(
    Number,
  );

describe("runs as an experiment table", () => {
  it("the API gives each run's features and its design's variables beside runs.list", async () => {
    assert.equal(rows.length, 40);
    assert.deepEqual(
      attributes.runIds,
      rows.map((r) => r.id),
    );
    // The spec gives each design its algo and each workload its n (examples/specs, sorts-traced).
    const algo = attributes.variables.find((c) => c.name === "algo")!;
    rows.forEach((r, i) => assert.equal(algo.values[i], r.design));
    const detail = await inProcessClient(app.service).runs.get({ runId: rows[5].id });
    assert.equal(feature("n", rows[5].id), detail.features.n);
  });

  it("shows variables, features and measures as columns, sorted by a measure", async () => {
    const { page } = app;
    await app.goto(href.runs({ campaignId: CAMPAIGN }));
    await page.waitForSelector(sel(TID.runs.row));
    assert.equal(await page.textContent(sel(TID.runs.count)), "40 of 40 runs");
    const headers = await page.locator(`${sel(TID.runs.table)} [role=columnheader]`).allTextContents();
    for (const h of ["design", "workload", "rep", "status", "algo", "n", "wall", "trace-cpu"])
      assert.ok(
        headers.some((t) => t.trim() === h),
        `no column ${h} in ${headers.join(", ")}`,
      );
    await page.click(`${sel(TID.runs.table)} [role=columnheader][title="sort by trace-cpu"]`);
    // Descending first; the plain timing runs recorded no trace-cpu and sort last.
    const byTrace = [...rows]
      .filter((r) => r.measures["trace-cpu"] !== undefined)
      .sort((a, b) => b.measures["trace-cpu"] - a.measures["trace-cpu"]);
    assert.deepEqual(
      (await shownKeys()).slice(0, 5),
      byTrace.slice(0, 5).map((r) => r.id),
    );
    assert.match(await hashNow(), /sort=-metric\.trace-cpu/);
    await app.screenshot("runs-table-01-sorted");
  });

  it("filters by an expression, the count worked out from the API", async () => {
    const { page } = app;
    const expression = "design = merge and feat.n >= 2000 and metric.wall < 100ms";
    await page.fill(sel(TID.runs.filter), expression);
    const expected = rows.filter(
      (r) => r.design === "merge" && (feature("n", r.id) ?? -1) >= 2000 && r.wallNs !== null && r.wallNs < 100e6,
    ).length;
    assert.ok(expected > 0 && expected < 40, `${expected} runs match: the filter must keep some and drop some`);
    assert.equal(await page.textContent(sel(TID.runs.count)), `${expected} of 40 runs`);
    assert.match(decodeURIComponent(await hashNow()), /filter=design = merge and feat\.n >= 2000/);
    await app.screenshot("runs-table-02-filtered");
    await page.fill(sel(TID.runs.filter), "metric.wall < 5");
    assert.equal(
      await page.textContent(sel(TID.runs.filterError)),
      "metric.wall is a time (ns, us, ms, s): give 5 its unit (at character 15)",
    );
    await app.screenshot("runs-table-03-filter-error");
    await page.fill(sel(TID.runs.filter), "");
    assert.equal(await page.textContent(sel(TID.runs.count)), "40 of 40 runs");
  });

  it("plots a measure against a feature, one series per design, means with intervals", async () => {
    const { page } = app;
    await page.selectOption(sel(TID.runs.plotX), "feat.n");
    await page.selectOption(sel(TID.runs.plotY), "metric.wall");
    await page.click(`${sel(TID.runs.plot)} summary`);
    const means = page.locator(`${sel(TID.runs.plotMeans)} tbody tr`);
    // Wall time beside plain timing runs is theirs alone (campaign/measures.ts, fromTimingRuns).
    const runsPerMean = (await means.locator("td:nth-child(3)").allTextContents()).map(Number);
    const plain = rows.filter((r) => r.role === "timing");
    assert.ok(plain.length > 0 && plain.length < rows.length);
    assert.equal(
      runsPerMean.reduce((a, b) => a + b, 0),
      plain.length,
    );
    await page.selectOption(sel(TID.runs.plotY), "metric.trace-cpu");
    const traced = rows.filter((r) => r.measures["trace-cpu"] !== undefined);
    // One row per design and value of n among the traced runs.
    const groups = new Set(traced.map((r) => `${r.design} ${feature("n", r.id)}`));
    assert.equal(await means.count(), groups.size);
    const series = await means.evaluateAll((els) => els.map((e) => e.getAttribute("data-series")));
    assert.deepEqual([...new Set(series)].sort(), [...new Set(traced.map((r) => r.design))].sort());
    assert.match(await hashNow(), /x=feat\.n&y=metric\.trace-cpu/);
    await page.click(`${sel(TID.runs.plotLog)} input >> nth=0`);
    await page.click(`${sel(TID.runs.plotLog)} input >> nth=1`);
    assert.match(await hashNow(), /log=xy/);
    await app.screenshot("runs-table-04-plot");
  });

  it("plots the verdict's measure first: instructions under callgrind, wall time beside plain timing runs", async () => {
    const { page } = app;
    const api = inProcessClient(app.service);
    const campaigns = await api.campaigns.list({});
    const callgrind = campaigns.find((c) => c.profiler === "callgrind")!;
    assert.ok(callgrind, "the demo has a callgrind campaign");
    // Recorded first is wall time (every run has it); the verdict under callgrind counts instructions.
    assert.equal((await api.runs.attributes({ campaignId: callgrind.id })).defaultMeasure, "ir");
    assert.equal(
      attributes.defaultMeasure,
      "wall",
      "beside plain timing runs the verdict's measure is their wall time",
    );
    for (const [id, measure] of [
      [callgrind.id, "ir"],
      [CAMPAIGN, "wall"],
    ] as const) {
      assert.equal((await api.campaigns.get({ campaignId: id })).measure.name, measure, "the campaign page's measure");
      await app.goto(href.runs({ campaignId: id }));
      await page.waitForSelector(sel(TID.runs.row));
      assert.equal(await page.inputValue(sel(TID.runs.plotY)), `metric.${measure}`);
    }
    await app.goto(href.runs({ campaignId: callgrind.id }));
    await page.waitForSelector(sel(TID.runs.row));
    await app.screenshot("runs-table-06-callgrind-plot");
  });

  it("compares two selected runs, and shows three side by side", async () => {
    const { page } = app;
    const boxes = page.locator(`${sel(TID.runs.row)} input[type=checkbox]`);
    const keys = await shownKeys();
    await boxes.nth(0).click();
    await boxes.nth(1).click();
    await boxes.nth(2).click();
    assert.equal(await page.textContent(sel(TID.runs.selected)), "3 selected");
    await page.click(sel(TID.runs.compare));
    const side = page.locator(sel(TID.runs.sideBySide));
    await side.waitFor();
    assert.deepEqual(
      (await side.locator("thead th a").allTextContents()).map((t) => t.trim()),
      keys.slice(0, 3).map((k) => `run ${k}`),
    );
    await app.screenshot("runs-table-05-side-by-side");
    await boxes.nth(2).click();
    assert.equal(await page.textContent(sel(TID.runs.selected)), "2 selected");
    await page.click(sel(TID.runs.compare));
    await page.waitForFunction(() =>
      (globalThis as unknown as { location: { hash: string } }).location.hash.startsWith("#/compare"),
    );
    assert.equal(await hashNow(), href.compare({ a: `run:${keys[0]}`, b: `run:${keys[1]}` }));
    await app.screenshot("runs-table-06-compare");
  });

  it("opens again from its address as it was left", async () => {
    const { page } = app;
    const hash = href.runs({
      campaignId: CAMPAIGN,
      filter: "insertion",
      sort: "-metric.wall",
      x: "feat.n",
      y: "metric.wall",
    });
    await app.goto(hash);
    await page.waitForSelector(sel(TID.runs.row));
    assert.equal(await page.inputValue(sel(TID.runs.filter)), "insertion");
    const expected = rows.filter((r) => r.design === "insertion").sort((a, b) => b.wallNs! - a.wallNs!);
    assert.equal(await page.textContent(sel(TID.runs.count)), `${expected.length} of 40 runs`);
    assert.deepEqual(
      (await shownKeys()).slice(0, 3),
      expected.slice(0, 3).map((r) => r.id),
    );
    assert.deepEqual(app.pageErrors, []);
  });
});
