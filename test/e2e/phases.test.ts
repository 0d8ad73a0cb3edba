// The Phases view end to end in Chromium (paper 003): a workspace built by the
// real command line from examples/requests.c under uftrace — a regular input of
// 6 identical requests and irregular ones of 5 and 7 — opened from the campaign
// page: the markers chosen (check_request, the first candidate left after step
// 2, outer; the stages inner), the start-up helper and the kind-B handler
// rejected for the paper's reasons, run 3 cut into its 7 requests with the
// other inputs' lengths beside it, §4.4's comparison, and stage_transform's
// copies as the one site reported by the leak classes (§5.2). Screenshots go
// to test-results/screenshots.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { idle, openBrowserApp, SCREENSHOTS, VIEWPORT, type BrowserApp } from "../helpers/browserApp.js";
import { TID } from "../../renderer/src/testIds.js";

const sel = (id: string) => `[data-testid="${id}"]`;
/** Analyses on a loaded 2-core machine: generous, never a timing assertion. */
const SLOW = { timeout: 180_000 };
/** Scrolled to the top, so a full-page screenshot does not draw the sticky header mid-page. */
const top = (page: BrowserApp["page"]) => page.evaluate("window.scrollTo(0, 0)");

let app: BrowserApp;

before(async () => {
  process.env.VARBENCH_CONFIG_DIR ??= tempDir("config");
  const ws = join(tempDir("e2e-phases"), "ws");
  assert.equal(varbench(["workspace", "init", ws]).status, 0);
  // Campaign 1: run 1 the regular input (6 requests), run 2 mixed-5, run 3 other-7 (requests_other.txt).
  const r = varbench(["-w", ws, "campaign", "run", join(ROOT, "examples", "campaigns", "requests_uftrace.yaml")]);
  assert.equal(r.status, 0, r.stderr);
  app = await openBrowserApp(ws);
});

after(async () => {
  await app?.close();
});

describe("phases in the browser", () => {
  it("shows the markers of the request-serving utility, each candidate's verdict, and exports them", async () => {
    const { page } = app;
    await app.goto("#/campaign/1");
    await page.click(`${sel(TID.campaign.phases)} button`);
    await page.waitForSelector(sel(TID.phases.marker), SLOW);
    assert.match(page.url(), /#\/phases\?campaign=1$/);
    assert.match(
      (await page.textContent(sel(TID.phases.summary))) ?? "",
      /^regular run 1 \(regular-6\), f = 6 · irregular run 2 \(mixed-5\), g = 5; run 3 \(other-7\), g = 7 · \d+ of \d+ functions ran exactly f times · long computation: over [\d.]+ (ns|us|ms)/,
    );
    // §3.2: the first candidate left after step 2 marks the outer phase, a whole request; the stages are inner phases.
    const chosen = (await page.textContent(sel(TID.phases.chosen))) ?? "";
    assert.match(chosen, /^outer marker: check_request · inner markers: /);
    for (const stage of ["stage_parse", "stage_transform", "stage_emit"])
      assert.ok(chosen.split(" · inner markers: ")[1].split(", ").includes(stage), chosen);
    // Columns: marker, function, run 1 (f), run 2 (g = 5), run 3 (g = 7), mean distance, σ, long gap, verdict.
    const cells = (name: string) =>
      page
        .locator(sel(TID.phases.marker))
        .filter({ has: page.getByRole("gridcell", { name, exact: true }) })
        .locator('[role="gridcell"]')
        .allTextContents();
    const outer = await cells("check_request");
    assert.deepEqual(
      [outer[0], outer[2], outer[3], outer[4], outer[8]],
      ["◆ outer", "6", "5", "7", "kept: outer marker"],
    );
    for (const inner of ["stage_parse", "stage_transform", "stage_emit"])
      assert.deepEqual(
        (await cells(inner)).filter((_, i) => i === 0 || i === 8),
        ["◇ inner", "kept: inner marker"],
        inner,
      );
    // Step 2a: run once per input line, all at start-up; step 2b: kind-B requests only (2 of mixed-5's 5).
    assert.match((await cells("init_slot"))[8], /^rejected: unevenly spaced/);
    assert.match((await cells("handle_kind_b"))[8], /^rejected: ran 2 times in run 2/);
    // The markers' rows stand out (MarkerTable.svelte).
    const background = (name: string) =>
      page
        .locator(sel(TID.phases.marker))
        .filter({ has: page.getByRole("gridcell", { name, exact: true }) })
        .evaluate(
          (e) =>
            (globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }).getComputedStyle(e)
              .backgroundColor,
        );
    assert.notEqual(await background("check_request"), await background("log_request"));
    assert.notEqual(await background("stage_emit"), await background("log_request"));
    await app.screenshot("32-phases");

    // The export is the engine's, as `varbench phases 1`.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.click(`${sel(TID.export.menu)}[data-kind="phaseMarkers"] ${sel(TID.export.button)}`),
    ]);
    assert.equal(download.suggestedFilename(), "phaseMarkers-campaign-1.txt");
    assert.match(
      readFileSync((await download.path())!, "utf8"),
      /^Phase markers of campaign 1 \(requests-phases\)[^]*outer marker: check_request/,
    );
    assert.deepEqual(app.pageErrors, []);

    // A campaign that is not there: the engine's message in place of the tables.
    await app.goto("#/phases?campaign=99");
    await page.waitForSelector(sel(TID.error), SLOW);
    assert.equal(await page.locator(sel(TID.phases.markers)).count(), 0);
    // The browser logs the API's 404s as console errors: expected here, and only those.
    assert.ok(
      app.pageErrors.every((e) => /status of 404/.test(e)),
      app.pageErrors.join("\n"),
    );
    app.pageErrors.splice(0);
  });

  it("cuts run 3 into its 7 requests, draws them beside the other inputs and reports stage_transform's copies as the one site that never frees", async () => {
    const { page } = app;
    await app.goto("#/phases?campaign=1");
    await page.locator(`${sel(TID.phases.run)}[data-key="3"]`).click(SLOW);
    await page.waitForSelector(sel(TID.phases.segmentsSummary), SLOW);
    assert.match(page.url(), /#\/phases\?campaign=1&run=3$/);
    // One outer instance per request of requests_other.txt, one inner instance per inner marker (the stages among them) in each.
    const inner = ((await page.textContent(`${sel(TID.phases.selected)} h3`)) ?? "")
      .replace(/^.*: markers outer check_request, inner /, "")
      .split(", ");
    for (const stage of ["stage_parse", "stage_transform", "stage_emit"])
      assert.ok(inner.includes(stage), inner.join(", "));
    assert.match(
      (await page.textContent(sel(TID.phases.segmentsSummary))) ?? "",
      new RegExp(`^7 outer instances · ${7 * inner.length} inner instances · prologue `),
    );
    await page.waitForSelector(`${sel(TID.phases.timeline)} canvas`, SLOW);
    const phases = await page
      .locator(`${sel(TID.phases.phaseTable)} tbody tr`)
      .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll("td")].slice(0, 2).map((td) => td.textContent)));
    assert.deepEqual(phases, [["check_request (outer)", "7"], ...inner.map((p) => [p, "7"])]);
    // Figure 6: run 3, then the regular input and the other irregular one.
    await page.waitForSelector(`${sel(TID.phases.histogramRuns)}:has-text("3 inputs ·")`, SLOW);
    // §5.2: stage_transform keeps a 512-byte copy per request and frees none: the one site reported, as never freeing.
    const reported = page.locator(sel(TID.phases.leak)).filter({ hasText: / in \d+ instances$/ });
    assert.equal(await reported.count(), 1);
    assert.deepEqual(
      (await reported.locator('[role="gridcell"]').allTextContents()).filter((_, i) => i === 0 || i === 3 || i === 5),
      ["malloc<stage_transform<main", "7 / 3584 B", "never freed: left in 7 instances"],
    );
    await top(page);
    await app.screenshot("33-phases-run");
    // §4.4's comparison is drawn once the engine gives it.
    if ((await page.locator(sel(TID.phases.comparisonTable)).count()) > 0) {
      await page.waitForSelector(`${sel(TID.phases.comparison)} canvas`);
      await idle(page);
      await page
        .locator(sel(TID.phases.comparison))
        .locator("xpath=..")
        .screenshot({ path: join(SCREENSHOTS, "34-phases-comparison.png") });
    }
    // The run's phases exported by the engine's JSON exporter, as `varbench phases segment 3 --json`.
    const segments = `${sel(TID.export.menu)}[data-kind="phaseSegments"]`;
    await page.selectOption(`${segments} ${sel(TID.export.format)}`, "json");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.click(`${segments} ${sel(TID.export.button)}`),
    ]);
    assert.equal(download.suggestedFilename(), "phaseSegments-run-3-campaign-1.json");
    assert.equal(JSON.parse(readFileSync((await download.path())!, "utf8")).outer.length, 7);

    // Zoomed on the first request with the inside zoom, the tooltip naming the instance under the pointer.
    await page.locator(sel(TID.phases.timeline)).scrollIntoViewIfNeeded();
    const at = (await page.locator(sel(TID.phases.timeline)).boundingBox())!;
    await page.mouse.move(at.x + at.width * 0.25, at.y + at.height * 0.5);
    for (let i = 0; i < 4; i++) await page.mouse.wheel(0, -200);
    await page.mouse.move(at.x + at.width * 0.3, at.y + at.height * 0.5);
    await idle(page);
    await page.screenshot({
      path: join(SCREENSHOTS, "35-phases-zoomed.png"),
      clip: { x: at.x - 16, y: at.y - 16, width: at.width + 32, height: at.height + 32 },
    });
    assert.deepEqual(app.pageErrors, []);
  });

  it("measures in calls: the markers the table shows cut the run, still one outer instance per request", async () => {
    const { page } = app;
    await app.goto("#/phases?campaign=1&run=3");
    await page.waitForSelector(sel(TID.phases.segmentsSummary), SLOW);
    await page.selectOption(sel(TID.phases.time), "calls");
    await page.waitForSelector(`${sel(TID.phases.segmentsSummary)}:has-text("calls")`, SLOW);
    assert.match(page.url(), /#\/phases\?campaign=1&run=3&time=calls$/);
    const chosen = (await page.textContent(sel(TID.phases.chosen))) ?? "";
    const outer = /^outer marker: (\S+?)( ·|$)/.exec(chosen)?.[1];
    assert.ok(outer, chosen);
    // Any marker runs exactly g times in every irregular input (step 2b): 7 in run 3.
    assert.match(
      (await page.textContent(sel(TID.phases.segmentsSummary))) ?? "",
      /^7 outer instances · \d+ inner instances · prologue \d+ calls/,
    );
    assert.match(
      (await page.textContent(`${sel(TID.phases.selected)} h3`)) ?? "",
      new RegExp(`markers outer ${outer},`),
    );
    await page.waitForSelector(`${sel(TID.phases.timeline)} canvas`, SLOW);
    await top(page);
    await app.screenshot("36-phases-calls");
    assert.deepEqual(app.pageErrors, []);
  });

  it("follows a dark system theme", async () => {
    const context = await app.browser.newContext({ viewport: VIEWPORT, colorScheme: "dark" });
    try {
      const page = await context.newPage();
      await page.goto(app.server.openUrl);
      await page.evaluate(
        (h) => ((globalThis as unknown as { location: { hash: string } }).location.hash = h),
        "#/phases?campaign=1&run=3",
      );
      await page.waitForSelector(`${sel(TID.phases.timeline)} canvas`, SLOW);
      await page.waitForSelector(`${sel(TID.phases.histogramRuns)}:has-text("3 inputs ·")`, SLOW);
      await idle(page);
      assert.equal(await page.evaluate("getComputedStyle(document.body).backgroundColor"), "rgb(13, 17, 23)");
      await page.screenshot({ path: join(SCREENSHOTS, "37-phases-dark.png"), fullPage: true });
      await page
        .locator(sel(TID.phases.selected))
        .screenshot({ path: join(SCREENSHOTS, "38-phases-dark-timeline.png") });
    } finally {
      await context.close();
    }
  });
});
