// The workbench end to end in Chromium, on a demo workspace built by the
// product itself: open it, launch a campaign and watch it finish, open a run
// and its CCT, compare two designs, a 10,000-run table, and refusal without
// the token. Screenshots go to test-results/screenshots.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { tempDir } from "../helpers/uftrace.js";
import { CHROMIUM, CHROMIUM_ARGS, idle, openBrowserApp, SCREENSHOTS, VIEWPORT, type BrowserApp } from "../helpers/browserApp.js";
import { runDemo } from "../../engine/cli/demo.js";
import { Workspace } from "../../engine/store/workspace.js";
import { TID } from "../../renderer/src/testIds.js";

const sel = (id: string) => `[data-testid="${id}"]`;
let app: BrowserApp;
let demoDir: string;

before(async () => {
  demoDir = join(tempDir("e2e"), "demo");
  await runDemo(demoDir);
  app = await openBrowserApp(demoDir);
});

after(async () => {
  await app?.close();
});

describe("workbench in the browser", () => {
  it("opens the demo workspace: its project and finished campaigns", async () => {
    const { page } = app;
    await page.waitForSelector(sel(TID.home.project));
    assert.match(await page.textContent(sel(TID.home.project)) ?? "", /examples/);
    const rows = page.locator(`${sel(TID.home.campaigns)} tbody tr`);
    // The demo's seven example campaigns (engine/cli/demo.ts), all finished.
    assert.equal(await rows.count(), 7);
    assert.equal(await page.locator(`${sel(TID.home.campaigns)} >> text=finished`).count(), 7);
    await app.screenshot("01-home");
  });

  it("launches a small campaign with inline validation, and watches it finish", async () => {
    const { page } = app;
    await page.click(sel(TID.home.project));
    await page.waitForSelector(sel(TID.project.workloads));
    await app.screenshot("02-project");
    await page.click(sel(TID.project.launch));
    await page.waitForSelector(sel(TID.launch.form));
    // The worker pool's campaign as the template: two designs, one workload.
    await page.selectOption(sel(TID.launch.template), "3");
    // Its two designs listed and both ticked: the form has taken the template's values.
    await page.waitForSelector(`${sel(TID.launch.design)}:checked >> nth=1`);
    await page.fill(sel(TID.launch.repetitions), "0");
    await page.click(sel(TID.launch.submit));
    assert.match(await page.textContent(sel(TID.launch.fieldError)) ?? "", /at least 1/);
    await app.screenshot("03-launcher-error");
    await page.fill(sel(TID.launch.repetitions), "3");
    await page.fill(sel(TID.launch.warmups), "0");
    await page.selectOption(sel(TID.launch.profiler), "time");
    await page.locator(sel(TID.launch.design)).first().uncheck();
    await page.click(sel(TID.launch.submit));
    await page.waitForSelector(sel(TID.campaign.progress));
    await page.waitForSelector(`${sel(TID.campaign.status)}:has-text("finished")`, { timeout: 60_000 });
    const progress = page.locator(sel(TID.campaign.progress));
    assert.equal(await progress.getAttribute("value"), "3");
    assert.equal(await progress.getAttribute("max"), "3");
    assert.equal(await page.locator(`${sel(TID.campaign.groups)} tbody tr`).count(), 1);
    await page.waitForSelector(sel(TID.campaign.chart));
    await app.screenshot("04-campaign-finished");
  });

  it("opens a traced run, its CCT, and one context's invocation times", async () => {
    const { page } = app;
    await app.goto("#/campaign/2");
    await page.locator(`${sel(TID.campaign.runs)} ${sel(TID.runs.row)}`).first().click();
    await page.waitForSelector(sel(TID.run.cct));
    assert.ok((await page.locator(sel(TID.run.cctRow)).count()) > 5);
    await page.locator(sel(TID.run.cctRow), { hasText: /^\s*main › decode_frame/ }).first().click();
    await page.waitForSelector(sel(TID.run.histogram));
    // The demo records 60 frames: decode_frame runs 60 times.
    assert.match(await page.locator("section.card .stats").first().textContent() ?? "", /N\s*60\b/);
    await app.screenshot("05-run-cct");
  });

  it("compares two designs: slower and faster contexts with N, mean and CoV on both sides", async () => {
    const { page } = app;
    await app.goto("#/campaign/2");
    await page.selectOption('select[aria-label="design A"]', "blocks-60");
    await page.selectOption('select[aria-label="design B"]', "blocks-120");
    await page.click(`${sel(TID.campaign.compare)} button`);
    await page.waitForSelector(sel(TID.compare.slower));
    await page.waitForSelector(sel(TID.compare.chart));
    const row = page.locator(`${sel(TID.compare.slower)} tr, ${sel(TID.compare.faster)} tr`, { has: page.locator('td[title="main > decode_frame > decode_i > idct_block"]') });
    const cells = await row.locator("td").allTextContents();
    // N (A) and N (B): twice the blocks, twice the calls.
    assert.equal(Number(cells[4]), 2 * Number(cells[1]));
    await app.screenshot("06-compare-designs");
  });

  it("shows a run's VCG patterns, recomputes with β, and lists its detection patterns", async () => {
    const { page } = app;
    // Run 2 of the demo is the transmitter chain H → U → V → W (paper 000 §3.1).
    await app.goto("#/run/2");
    await page.click(sel(TID.vcg.link));
    await page.waitForSelector(sel(TID.vcg.graph));
    assert.match(await page.textContent(sel(TID.vcg.summary)) ?? "", /4 nodes in 1 patterns extracted → 4 nodes in 1 patterns/);
    assert.match(await page.textContent(sel(TID.vcg.segments)) ?? "", /\(3\) W ⇢ \(0\) H/);
    assert.equal(await page.locator(`${sel(TID.vcg.detection)} tbody tr`).count(), 4);
    await app.screenshot("09-vcg-chain");
    // Run 5 is one function under two callers: with β = 0 the two Contrast patterns come back.
    await app.goto("#/run/5/vcg");
    await page.waitForSelector(sel(TID.vcg.graph));
    assert.match(await page.textContent(sel(TID.vcg.summary)) ?? "", /→ 2 nodes in 1 patterns/);
    await page.locator(sel(TID.vcg.beta)).evaluate((el) => {
      const input = el as unknown as { value: string; dispatchEvent(e: Event): boolean };
      input.value = "0";
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await page.waitForSelector(`${sel(TID.vcg.summary)}:has-text("→ 4 nodes in 3 patterns")`);
    await app.screenshot("10-vcg-two-callers");
    // Two designs side by side, each pooled over its runs, from the campaign page.
    await app.goto("#/campaign/2");
    await page.selectOption('select[aria-label="design A"]', "blocks-60");
    await page.selectOption('select[aria-label="design B"]', "blocks-120");
    await page.click(`${sel(TID.campaign.vcg)} button`);
    await page.waitForSelector(sel(TID.vcg.detection));
    assert.match(await page.textContent("h1") ?? "", /design \(campaign 2\) blocks-60 and design \(campaign 2\) blocks-120/);
    assert.match(await page.textContent(sel(TID.vcg.detection)) ?? "", /Pattern Set overlap with blocks-120 \(campaign 2\)|set \(B\)/);
    await app.screenshot("11-vcg-two-designs");
  });

  it("compares two designs by matched execution patterns, and opens a pattern's representatives side by side", async () => {
    const { page } = app;
    // Campaign 3 of the demo is the worker pool under uftrace (paper 004 §2.2).
    await app.goto("#/campaign/3");
    await page.selectOption('select[aria-label="design A"]', "base");
    await page.selectOption('select[aria-label="design B"]', "fast");
    await page.click(`${sel(TID.campaign.comparePatterns)} button`);
    await page.waitForSelector(sel(TID.patterns.verdict), { timeout: 120_000 });
    assert.match(await page.textContent(sel(TID.patterns.verdict)) ?? "", /M-Run|share no execution pattern/);
    assert.match(await page.textContent(sel(TID.patterns.strategies)) ?? "", /C-Pattern[\s\S]*Mann–Whitney/);
    const patterns = await page.locator(sel(TID.patterns.row)).count();
    assert.ok(patterns >= 1);
    await page.locator(sel(TID.patterns.row)).first().click();
    await page.waitForSelector(sel(TID.patterns.shape));
    await app.screenshot("12-patterns-compare");
    // The first pattern holds most runs; where both designs show it, its representatives open side by side.
    if ((await page.locator(sel(TID.patterns.openCct)).count()) > 0) {
      await page.click(`${sel(TID.patterns.openCct)} button`);
      await page.waitForSelector(sel(TID.compare.chart));
      assert.match(page.url(), /#\/compare\?a=run:\d+&b=run:\d+/);
    }
    // The whole campaign's patterns, with the discovery curve.
    await app.goto("#/patterns?campaign=3");
    await page.waitForSelector(sel(TID.patterns.discovery));
    assert.match(await page.textContent(sel(TID.patterns.summary)) ?? "", /40 runs in \d+ patterns? · wall time · per-thread timelines from uftrace traces/);
    assert.deepEqual(app.pageErrors, []);
  });

  it("follows a dark system theme", async () => {
    const context = await app.browser.newContext({ viewport: VIEWPORT, colorScheme: "dark" });
    try {
      const page = await context.newPage();
      await page.goto(app.server.openUrl);
      await page.evaluate((h) => ((globalThis as unknown as { location: { hash: string } }).location.hash = h), "#/compare?a=design:2:blocks-60&b=design:2:blocks-120");
      await page.waitForSelector(sel(TID.compare.chart));
      await idle(page);
      // The page background is the dark theme's (--bg: #0d1117).
      assert.equal(await page.evaluate("getComputedStyle(document.body).backgroundColor"), "rgb(13, 17, 23)");
      await page.screenshot({ path: join(SCREENSHOTS, "08-compare-dark.png"), fullPage: true });
    } finally {
      await context.close();
    }
  });

  it("refuses a browser that does not carry the token", async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage();
      const res = await page.goto(app.server.url);
      assert.equal(res?.status(), 401);
      assert.match(await page.textContent("body") ?? "", /refused/);
    } finally {
      await browser.close();
    }
  });

  it("keeps the runs table virtualised with 10,000 runs", async () => {
    const dir = join(tempDir("e2e-big"), "ws");
    const ws = Workspace.init(dir);
    ws.db.transaction(() => {
      ws.db.prepare("INSERT INTO projects (name, created_at) VALUES ('big', '2026-01-01')").run();
      const insert = ws.db.prepare("INSERT INTO runs (project_id, status, wall_ns, created_at) VALUES (1, 'succeeded', ?, '2026-01-01')");
      for (let i = 0; i < 10_000; i++) insert.run(1e6 + i);
    })();
    ws.close();
    const big = await openBrowserApp(dir);
    try {
      await big.goto("#/runs");
      await big.page.waitForSelector(sel(TID.runs.row));
      assert.match(await big.page.textContent("main") ?? "", /10,000 of 10,000 runs/);
      const rendered = await big.page.locator(sel(TID.runs.row)).count();
      assert.ok(rendered < 100, `${rendered} rows in the DOM`);
      await big.page.locator(`${sel(TID.runs.table)} .body`).evaluate((b) => (b.scrollTop = b.scrollHeight));
      await big.page.waitForSelector(`${sel(TID.runs.row)}[data-key="10000"]`);
      await big.page.fill(sel(TID.runs.filter), "9999");
      await big.page.waitForSelector(`${sel(TID.runs.row)}[data-key="9999"]`);
      await big.screenshot("07-runs-10000");
    } finally {
      await big.close();
    }
  });

  it("logged no page errors", () => {
    assert.deepEqual(app.pageErrors, []);
  });
});
