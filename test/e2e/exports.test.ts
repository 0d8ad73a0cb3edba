// Every analysis view's Export (issue 16) in Chromium: on a workspace built by
// the real command line (the frame loop's two block counts, the request server's
// phases, bubble sort per function and the two sorts under callgrind), each
// menu is picked a format, clicked, and its download compared with what the
// command line prints for the same call — including the arguments changed on
// screen (a thread, τ_S and the CoV threshold). Screenshots of every view with
// its menu, light and dark, go to test-results/screenshots/20-export-*.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { openBrowserApp, type BrowserApp } from "../helpers/browserApp.js";
import { TID } from "../../renderer/src/testIds.js";

const sel = (id: string) => `[data-testid="${id}"]`;
/** Campaigns and analyses on a loaded 2-core machine: generous, never a timing assertion. */
const SLOW = { timeout: 180_000 };
const A60 = "design:1:blocks-60";
const B120 = "design:1:blocks-120";
type Page = BrowserApp["page"];

let app: BrowserApp;
let ws: string;

before(async () => {
  process.env.VARBENCH_CONFIG_DIR ??= tempDir("config");
  ws = join(tempDir("e2e-exports"), "ws");
  assert.equal(varbench(["workspace", "init", ws]).status, 0);
  // 1: the frame loop, 60 and 120 blocks, 3 runs each (runs 1–6); 2: the request server's three inputs
  // (runs 7–9); 3: bubble sort per function under uftrace; 4: merge against insertion sort under callgrind.
  for (const spec of ["frame_loop_uftrace", "requests_uftrace", "bsort_uftrace", "sorts_callgrind"]) {
    const r = varbench(["-w", ws, "campaign", "run", join(ROOT, "examples", "campaigns", `${spec}.yaml`)]);
    assert.equal(r.status, 0, r.stderr);
  }
  app = await openBrowserApp(ws);
});

after(async () => {
  await app?.close();
});

/** What `varbench …` prints on this workspace. */
function cli(...args: string[]): string {
  const r = varbench(["-w", ws, ...args]);
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

/** The menu of analysis `kind` (the `nth` one, where a view has one per side). */
const menu = (page: Page, kind: string, nth = 0) =>
  page.locator(`${sel(TID.export.menu)}[data-kind="${kind}"]`).nth(nth);

/** Picks `format` in the menu, clicks Export and reads the download. */
async function exported(page: Page, kind: string, format: string, nth = 0): Promise<{ name: string; text: string }> {
  const m = menu(page, kind, nth);
  await m.locator(sel(TID.export.format)).selectOption(format);
  const [download] = await Promise.all([
    page.waitForEvent("download", SLOW),
    m.locator(sel(TID.export.button)).click(),
  ]);
  return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, "utf8") };
}

/** The formats a menu offers, as people read them. */
const offered = (page: Page, kind: string) =>
  menu(page, kind)
    .locator(`${sel(TID.export.format)} option`)
    .allTextContents();

/** The command line ends its text with one newline; a file may end without. */
const lines = (s: string) => s.replace(/\n*$/, "\n");

/** CSV rows as cells (no cell of these files is quoted: call chains hold no comma). */
const csvRows = (s: string) =>
  s
    .trimEnd()
    .split("\n")
    .map((l) => l.split(","));

/** A range input set as a drag would leave it. */
async function slide(page: Page, testid: string, value: number): Promise<void> {
  await page.locator(sel(testid)).evaluate((e, v) => {
    const input = e as unknown as { value: string; dispatchEvent(ev: unknown): boolean };
    input.value = String(v);
    input.dispatchEvent(
      new (globalThis as unknown as { Event: new (t: string, o: object) => unknown }).Event("input", { bubbles: true }),
    );
  }, value);
}

describe("analysis exports in the browser", () => {
  it("exports the run page's table of contexts and flame graph as `varbench cct` and `varbench flame` print them, for the thread chosen too", async () => {
    const { page } = app;
    await app.goto("#/run/1");
    await page.waitForSelector(sel(TID.run.cctRow), SLOW);
    await page.waitForSelector(`${sel(TID.flame.canvas)} canvas`, SLOW);
    assert.deepEqual(await offered(page, "cct"), ["CSV", "JSON"]);
    assert.deepEqual(await offered(page, "flame"), ["Collapsed stacks (flamegraph.pl, speedscope)", "JSON"]);
    await app.screenshot("20-export-run");

    // The table as CSV: `varbench cct 1 --json`'s contexts, row by row, times in ns.
    const contexts = JSON.parse(cli("cct", "1", "--json")).contexts as {
      path: string[];
      n: number;
      meanNs: number;
      stdNs: number;
      cov: number;
      minNs: number;
      maxNs: number;
      inclusiveNs: number;
      selfNs: number;
    }[];
    const csv = await exported(page, "cct", "csv");
    assert.equal(csv.name, "cct-run-1.csv");
    const [header, ...rows] = csvRows(csv.text);
    assert.deepEqual(header, ["context", "n", "mean_ns", "std_ns", "cov", "min_ns", "max_ns", "total_ns", "self_ns"]);
    assert.deepEqual(
      rows.map(([context, ...values]) => [context, ...values.map(Number)]),
      contexts.map((c) => [
        c.path.join(" > "),
        c.n,
        c.meanNs,
        c.stdNs,
        c.cov,
        c.minNs,
        c.maxNs,
        c.inclusiveNs,
        c.selfNs,
      ]),
    );
    const json = await exported(page, "cct", "json");
    assert.equal(json.name, "cct-run-1.json");
    assert.deepEqual(JSON.parse(json.text).rows, contexts);

    // The flame graph's collapsed stacks, reached by keyboard: from the format to the button, Enter.
    const flame = menu(page, "flame");
    await flame.locator(sel(TID.export.format)).focus();
    await page.keyboard.press("Tab");
    assert.equal(
      await page.evaluate(() =>
        (
          globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } } }
        ).document.activeElement.getAttribute("data-testid"),
      ),
      TID.export.button,
    );
    const [download] = await Promise.all([page.waitForEvent("download", SLOW), page.keyboard.press("Enter")]);
    assert.equal(download.suggestedFilename(), "flame-run-1.folded");
    assert.equal(readFileSync((await download.path())!, "utf8"), cli("flame", "1"));

    // One thread picked: both exports are that thread's, as --thread gives them.
    const thread = await page
      .locator(`${sel(TID.run.thread)} option`)
      .nth(1)
      .getAttribute("value");
    assert.ok(thread);
    await page.selectOption(sel(TID.run.thread), thread);
    await page.waitForSelector(`${sel(TID.export.menu)}[aria-label$="of thread ${thread}"]`);
    const one = await exported(page, "cct", "json");
    assert.deepEqual(JSON.parse(one.text).rows, JSON.parse(cli("cct", "1", "--thread", thread, "--json")).contexts);
    assert.equal(JSON.parse(one.text).thread, thread);
    assert.equal((await exported(page, "flame", "collapsed")).text, cli("flame", "1", "--thread", thread));
    assert.deepEqual(app.pageErrors, []);
  });

  it("exports the compare page's contexts and its differential flame graph as `varbench flame A --vs B` prints it", async () => {
    const { page } = app;
    await app.goto(`#/compare?a=${A60}&b=${B120}`);
    await page.waitForSelector(`${sel(TID.flame.canvas)} canvas`, SLOW);
    await page.waitForSelector(sel(TID.compare.slower));
    assert.deepEqual(await offered(page, "flameDiff"), ["Collapsed stacks (flamegraph.pl, speedscope)", "JSON"]);
    assert.deepEqual(await offered(page, "compare"), ["CSV", "JSON"]);
    await app.screenshot("20-export-compare");

    const diff = await exported(page, "flameDiff", "collapsed");
    assert.equal(diff.name, "flameDiff-design-1-blocks-60-design-1-blocks-120.folded");
    assert.equal(diff.text, cli("flame", A60, "--vs", B120));

    // The contexts that got slower and faster, as the tables below list them, and the result as the API gives it.
    const csv = await exported(page, "compare", "csv");
    assert.equal(csv.name, "compare-design-1-blocks-60-design-1-blocks-120.csv");
    const [header, ...rows] = csvRows(csv.text);
    assert.deepEqual(header, [
      "direction",
      "context",
      "n_a",
      "mean_a_ns",
      "cov_a",
      "n_b",
      "mean_b_ns",
      "cov_b",
      "delta_ns",
      "relative",
      "welch_t",
    ]);
    const listed = (testid: string) =>
      page.locator(`${sel(testid)} td.ctx`).evaluateAll((tds) => tds.map((td) => td.getAttribute("title") ?? ""));
    assert.deepEqual(
      rows.filter((r) => r[0] === "slower").map((r) => r[1]),
      await listed(TID.compare.slower),
    );
    assert.deepEqual(
      rows.filter((r) => r[0] === "faster").map((r) => r[1]),
      await listed(TID.compare.faster),
    );
    const side = (design: string) => ({ kind: "design", campaignId: 1, design, workload: null });
    const json = await exported(page, "compare", "json");
    assert.deepEqual(
      JSON.parse(json.text),
      await app.service.call("analyses.compare", { a: side("blocks-60"), b: side("blocks-120") }),
    );
    assert.deepEqual(app.pageErrors, []);
  });

  it("exports the VCG patterns with τ_S, β and the CoV threshold as on screen, as `varbench vcg` prints them; one menu per side", async () => {
    const { page } = app;
    await app.goto("#/vcg?a=run:1");
    await page.waitForSelector(sel(TID.vcg.graph), SLOW);
    assert.deepEqual(await offered(page, "vcg"), ["Text", "DOT (Graphviz)", "JSON"]);
    await app.screenshot("20-export-vcg");
    const text = await exported(page, "vcg", "text");
    assert.equal(text.name, "vcg-run-1.txt");
    assert.equal(lines(text.text), cli("vcg", "1"));

    // Moved on screen: the export follows.
    await slide(page, TID.vcg.tau, 0.8);
    await slide(page, TID.vcg.beta, 0.2);
    await page.fill('input[aria-label="CoV threshold"]', "0.3");
    await page.waitForSelector(`label:has(${sel(TID.vcg.tau)}):has-text("0.80")`);
    const dot = await exported(page, "vcg", "dot");
    assert.equal(dot.name, "vcg-run-1-tauS-0.8-beta-0.2-covThreshold-0.3.dot", "the settings on screen name the file");
    assert.equal(lines(dot.text), cli("vcg", "1", "--tau", "0.8", "--beta", "0.2", "--cov", "0.3", "--dot"));

    await app.goto("#/vcg?a=run:1&b=run:2");
    await page.waitForSelector(sel(TID.vcg.graph), SLOW);
    assert.deepEqual(
      await page.locator(`${sel(TID.export.menu)}[data-kind="vcg"] ${sel(TID.export.button)}`).allTextContents(),
      ["Export A", "Export B"],
    );
    await app.screenshot("20-export-vcg-two");
    const b = await exported(page, "vcg", "json", 1);
    assert.equal(b.name, "vcg-run-2.json");
    assert.deepEqual(JSON.parse(b.text), JSON.parse(cli("vcg", "2", "--json")));
    assert.deepEqual(app.pageErrors, []);
  });

  it("exports execution patterns and two designs compared pattern by pattern", async () => {
    const { page } = app;
    await app.goto("#/patterns?campaign=1");
    await page.waitForSelector(sel(TID.patterns.summary), SLOW);
    assert.deepEqual(await offered(page, "executionPatterns"), ["Text", "CSV", "JSON"]);
    await app.screenshot("20-export-patterns");
    const csv = await exported(page, "executionPatterns", "csv");
    assert.equal(csv.name, "executionPatterns-campaign-1.csv");
    assert.equal(lines(csv.text), cli("execution-patterns", "1", "--csv"));

    await app.goto("#/patterns?campaign=1&a=blocks-60&b=blocks-120");
    await page.waitForSelector(sel(TID.patterns.verdict), SLOW);
    assert.equal(await menu(page, "executionPatterns").count(), 0);
    await app.screenshot("20-export-patterns-compared");
    const compared = await exported(page, "designComparison", "csv");
    assert.equal(compared.name, "designComparison-design-1-blocks-60-design-1-blocks-120.csv");
    assert.equal(lines(compared.text), cli("execution-patterns", "1", "--designs", "blocks-60,blocks-120", "--csv"));
    assert.deepEqual(app.pageErrors, []);
  });

  it("exports trends per function, and two designs' trends compared", async () => {
    const { page } = app;
    await app.goto("#/trends?campaign=3&functions=1&cost=calls");
    await page.waitForSelector(sel(TID.trends.function), SLOW);
    assert.deepEqual(await offered(page, "functionTrends"), ["Text", "CSV", "JSON"]);
    await app.screenshot("20-export-trends-functions");
    const fn = await exported(page, "functionTrends", "csv");
    assert.equal(fn.name, "functionTrends-campaign-3-cost-calls.csv");
    assert.equal(lines(fn.text), cli("trends", "3", "--functions", "--cost", "calls", "--csv"));

    await app.goto("#/trends?campaign=3");
    await page.waitForSelector(sel(TID.trends.cluster), SLOW);
    await app.screenshot("20-export-trends");
    const alone = await exported(page, "trends", "text");
    assert.equal(alone.name, "trends-campaign-3.txt");
    assert.equal(lines(alone.text), cli("trends", "3"));

    await app.goto("#/trends?campaign=4&a=merge&b=insertion");
    await page.waitForSelector(sel(TID.trends.comparison), SLOW);
    await app.screenshot("20-export-trends-compared");
    // CSV: the JSON holds every bootstrap draw (megabytes).
    const compared = await exported(page, "trendComparison", "csv");
    assert.equal(compared.name, "trendComparison-design-4-merge-design-4-insertion.csv");
    assert.equal(lines(compared.text), cli("trends", "4", "--designs", "merge,insertion", "--csv"));
    assert.deepEqual(app.pageErrors, []);
  });

  it("exports the phase markers and a run cut into phases", async () => {
    const { page } = app;
    await app.goto("#/phases?campaign=2&run=9");
    await page.waitForSelector(sel(TID.phases.segmentsSummary), SLOW);
    assert.deepEqual(await offered(page, "phaseMarkers"), ["Text", "JSON"]);
    await app.screenshot("20-export-phases");
    const markers = await exported(page, "phaseMarkers", "text");
    assert.equal(markers.name, "phaseMarkers-campaign-2.txt");
    assert.equal(lines(markers.text), cli("phases", "2"));
    const segments = await exported(page, "phaseSegments", "json");
    assert.equal(segments.name, "phaseSegments-run-9-campaign-2.json");
    assert.deepEqual(JSON.parse(segments.text), JSON.parse(cli("phases", "segment", "9", "--json")));
    assert.deepEqual(app.pageErrors, []);
  });

  it("shows an export's error in place, and every menu in the dark theme", async () => {
    const { page } = app;
    // The engine failing (a full disk, say): the menu says so beside itself, and the next export clears it.
    await app.goto("#/run/1");
    await page.waitForSelector(sel(TID.run.cctRow), SLOW);
    const m = menu(page, "cct");
    const errorsBefore = app.pageErrors.length;
    await page.route("**/api/reports.analysis", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "failed", message: "ENOSPC: no space left on device" } }),
      }),
    );
    await m.locator(sel(TID.export.button)).click();
    await m.locator(sel(TID.error)).waitFor();
    assert.equal(await m.locator(sel(TID.error)).textContent(), "ENOSPC: no space left on device");
    assert.equal(await m.locator(sel(TID.export.button)).isEnabled(), true);
    await page.unroute("**/api/reports.analysis");
    assert.equal((await exported(page, "cct", "csv")).name, "cct-run-1.csv");
    assert.equal(await m.locator(sel(TID.error)).count(), 0);
    // Only the browser's own line about the failed request.
    assert.deepEqual(
      app.pageErrors.slice(errorsBefore).filter((e) => !/status of 500/.test(e)),
      [],
    );

    const dark = await openBrowserApp(ws, "dark");
    try {
      const views: [string, string, string][] = [
        ["#/run/1", `${sel(TID.flame.canvas)} canvas`, "20-export-run-dark"],
        [`#/compare?a=${A60}&b=${B120}`, sel(TID.compare.slower), "20-export-compare-dark"],
        ["#/vcg?a=run:1&b=run:2", sel(TID.vcg.graph), "20-export-vcg-dark"],
        ["#/patterns?campaign=1&a=blocks-60&b=blocks-120", sel(TID.patterns.verdict), "20-export-patterns-dark"],
        ["#/trends?campaign=3", sel(TID.trends.cluster), "20-export-trends-dark"],
        ["#/phases?campaign=2&run=9", sel(TID.phases.segmentsSummary), "20-export-phases-dark"],
      ];
      for (const [hash, ready, name] of views) {
        await dark.goto(hash);
        await dark.page.waitForSelector(ready, SLOW);
        await dark.screenshot(name);
      }
      assert.deepEqual(dark.pageErrors, []);
    } finally {
      await dark.close();
    }
  });
});
