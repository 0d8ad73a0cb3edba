// The workbench end to end in Chromium, on a demo workspace built by the
// product itself: open it, launch a campaign and watch it finish, open a run
// and its CCT, compare two designs, a 100,000-run table, and refusal without
// the token. Screenshots go to test-results/screenshots.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { tempDir } from "../helpers/uftrace.js";
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  idle,
  openBrowserApp,
  SCREENSHOTS,
  VIEWPORT,
  type BrowserApp,
} from "../helpers/browserApp.js";
import { DEMO_READY } from "../../engine/cli/demo.js";
import { demoWorkspace } from "../helpers/demoWorkspace.js";
import { Workspace } from "../../engine/store/workspace.js";
import { TID } from "../../renderer/src/testIds.js";
import { inProcessClient } from "../../engine/api/inProcess.js";

const sel = (id: string) => `[data-testid="${id}"]`;
/** An element's text as the page shows it: a run of whitespace (a sentence the markup wraps across lines) is one space. */
const shownText = async (page: BrowserApp["page"], selector: string) =>
  ((await page.textContent(selector)) ?? "").replace(/\s+/g, " ");
let app: BrowserApp;
let demoDir: string;
/** What a first `npm start` says while it builds the demo. */
let demoSteps: readonly string[];

before(async () => {
  // The run's one real build (test/helpers/demoWorkspace.ts), with what it said; a copy of our own.
  ({ dir: demoDir, steps: demoSteps } = await demoWorkspace("e2e"));
  app = await openBrowserApp(demoDir);
});

after(async () => {
  await app?.close();
});

describe("workbench in the browser", () => {
  it("the demo was built saying one line per step, numbered, and marked ready", () => {
    // 5 traces, the examples' build, 8 campaigns: the demo's own lists (engine/cli/demo.ts).
    assert.equal(demoSteps.length, 14, demoSteps.join("\n"));
    demoSteps.forEach((line, i) => assert.match(line, new RegExp(`^demo ${i + 1}/14: `)));
    assert.match(demoSteps[0]!, /imported the example trace frame_loop as run 1 \(7,572 events\)/);
    assert.match(demoSteps[5]!, /built the example programs/);
    assert.match(demoSteps[13]!, /ran example campaign 8 \(sorts-traced, uftrace\): 40 runs \(40 succeeded\) in \d+ s/);
    assert.ok(existsSync(join(demoDir, DEMO_READY)));
  });

  it("opens the demo workspace: its project and finished campaigns", async () => {
    const { page } = app;
    await page.waitForSelector(sel(TID.home.project));
    assert.match((await page.textContent(sel(TID.home.project))) ?? "", /examples/);
    const rows = page.locator(`${sel(TID.home.campaigns)} tbody tr`);
    // The demo's eight example campaigns (engine/cli/demo.ts), all finished.
    assert.equal(await rows.count(), 8);
    assert.equal(await page.locator(`${sel(TID.home.campaigns)} >> text=finished`).count(), 8);
    await app.screenshot("01-home");
  });

  it("launches a small campaign with inline validation, and watches it finish", async () => {
    const { page } = app;
    await page.click(sel(TID.home.project));
    await page.waitForSelector(sel(TID.project.workloads));
    await app.screenshot("02-project");
    await page.click(sel(TID.project.launch));
    await page.waitForSelector(sel(TID.launch.form));
    // On a machine without valgrind (the engine runs in this process: an empty PATH while the
    // template's options load), the launcher says so beside the profiler and will not launch under it.
    const path = process.env.PATH;
    process.env.PATH = tempDir("no-tools");
    // The worker pool's campaign as the template: two designs, one workload.
    await page.selectOption(sel(TID.launch.template), "3");
    // Its two designs listed and both ticked: the form has taken the template's values.
    await page.waitForSelector(`${sel(TID.launch.design)}:checked >> nth=1`);
    process.env.PATH = path;
    await page.selectOption(sel(TID.launch.profiler), "callgrind");
    assert.match(
      (await page.textContent(sel(TID.launch.profilerMissing))) ?? "",
      /callgrind needs valgrind, not installed here \(not on the PATH\)\. Install with .*valgrind/,
    );
    assert.ok(await page.isDisabled(sel(TID.launch.submit)), "no launch under a profiler that cannot run");
    assert.match(
      (await page.locator(`${sel(TID.launch.profiler)} option[value="uftrace"]`).textContent()) ?? "",
      /not installed/,
    );
    await app.screenshot("03-launcher-missing-profiler");
    await page.selectOption(sel(TID.launch.profiler), "time");
    assert.equal(await page.locator(sel(TID.launch.profilerMissing)).count(), 0);
    await page.fill(sel(TID.launch.repetitions), "0");
    await page.click(sel(TID.launch.submit));
    assert.match((await page.textContent(sel(TID.launch.fieldError))) ?? "", /at least 1/);
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
    await page
      .locator(`${sel(TID.campaign.runs)} ${sel(TID.runs.row)}`)
      .first()
      .click();
    await page.waitForSelector(sel(TID.run.cct));
    assert.ok((await page.locator(sel(TID.run.cctRow)).count()) > 5);
    await page
      .locator(sel(TID.run.cctRow), { hasText: /^\s*main › decode_frame/ })
      .first()
      .click();
    await page.waitForSelector(sel(TID.run.histogram));
    // The demo records 60 frames: decode_frame runs 60 times.
    assert.match((await page.locator("section.card .stats").first().textContent()) ?? "", /N\s*60\b/);
    await app.screenshot("05-run-cct");
  });

  it("compares two designs: slower and faster contexts with N, mean and CoV on both sides", async () => {
    const { page } = app;
    await app.goto("#/campaign/2");
    await page.selectOption('select[aria-label="design A"]', "blocks-60");
    await page.selectOption('select[aria-label="design B"]', "blocks-120");
    await page.click(`${sel(TID.campaign.compare)} button`);
    await page.waitForSelector(sel(TID.compare.slower));
    // Two designs: their runs are drawn in the campaign's measure by the verdict, not in the process's wall time.
    await page.waitForSelector(sel(TID.campaign.verdictChart));
    assert.equal(await page.locator(sel(TID.compare.chart)).count(), 0);
    const row = page.locator(`${sel(TID.compare.slower)} tr, ${sel(TID.compare.faster)} tr`, {
      has: page.locator('td[title="main > decode_frame > decode_i > idct_block"]'),
    });
    const cells = await row.locator("td").allTextContents();
    // N (A) and N (B): twice the blocks, twice the calls.
    assert.equal(Number(cells[4]), 2 * Number(cells[1]));
    await app.screenshot("06-compare-designs");
  });

  it("answers which design is faster in each profiler's own measure: the campaign page, compare and the report", async () => {
    const { page } = app;
    // Demo campaigns (engine/cli/demo.ts): 1 time, 2 uftrace, 5 callgrind, 8 uftrace with plain timing runs, 4 gcov (one design).
    const cases = [
      {
        id: 1,
        name: "time",
        a: "blocks-60",
        b: "blocks-120",
        title: /^Wall time per design × workload$/,
        basis: /From the runs' own clocks/,
      },
      {
        id: 2,
        name: "uftrace",
        a: "blocks-60",
        b: "blocks-120",
        title: /^Traced on-CPU time per design × workload$/,
        basis: /From the uftrace traces/,
      },
      {
        id: 5,
        name: "callgrind",
        a: "merge",
        b: "insertion",
        title: /^Instructions \(Ir\) per design × workload$/,
        basis: /From callgrind's counts/,
      },
      {
        id: 8,
        name: "uftrace-timing",
        a: "insertion",
        b: "merge",
        title: /^Wall time per design × workload$/,
        basis: /From the plain timing runs, no profiler/,
      },
      {
        id: 4,
        name: "gcov",
        a: null,
        b: null,
        title: /^Line executions per design × workload$/,
        basis: /From gcov's counts/,
      },
    ];
    for (const c of cases) {
      await app.goto(`#/campaign/${c.id}`);
      const heading = page.locator("h2", { hasText: /per design × workload/ });
      assert.match((await heading.textContent()) ?? "", c.title, `campaign ${c.id}`);
      assert.match(
        (await page
          .locator("p.muted", { hasText: /^From / })
          .first()
          .textContent()) ?? "",
        c.basis,
        `campaign ${c.id}`,
      );
      if (c.a && c.b) {
        await page.selectOption('select[aria-label="design A"]', c.a);
        await page.selectOption('select[aria-label="design B"]', c.b);
        await page.waitForSelector(sel(TID.campaign.verdictSentence), { timeout: 120_000 });
        const sentence = (await page.textContent(sel(TID.campaign.verdictSentence))) ?? "";
        // One convention: "X ran r times faster than Y (95% interval …)", or no difference shown.
        assert.match(
          sentence,
          /ran \d+(\.\d+)? times faster than|needed \d+(\.\d+)? times fewer|both measured alike/,
          `campaign ${c.id}: ${sentence}`,
        );
        assert.ok((await page.locator(`${sel(TID.campaign.verdictTable)} tbody tr`).count()) >= 1);
      } else assert.equal(await page.locator(sel(TID.campaign.verdict)).count(), 0, "one design: nothing to compare");
      await app.screenshot(`13-campaign-${c.name}`);
    }
    // Workloads in the order of their features: n-8 … n-2048 (as text, n-1024 came before n-128).
    await app.goto("#/campaign/5");
    const workloads = await page.locator(`${sel(TID.campaign.groups)} tbody tr td:nth-child(2)`).allTextContents();
    assert.deepEqual(workloads.slice(0, 9), [
      "n-8",
      "n-16",
      "n-32",
      "n-64",
      "n-128",
      "n-256",
      "n-512",
      "n-1024",
      "n-2048",
    ]);
    // The compare page of a time-only campaign gives the same verdict and tests as any other.
    await app.goto("#/compare?a=design:1:blocks-60&b=design:1:blocks-120");
    await page.waitForSelector(sel(TID.campaign.verdictSentence));
    assert.match((await page.textContent(sel(TID.campaign.verdictTable))) ?? "", /rank test p/);
    await app.screenshot("14-compare-time-verdict");
    // The report opens with the same answer; drawn in Chromium from its own HTML.
    const api = inProcessClient(app.service);
    for (const c of cases.filter((x) => x.a)) {
      const html = (await api.reports.campaign({ campaignId: c.id, format: "html", designs: [c.a!, c.b!] })).text;
      const json = JSON.parse(
        (await api.reports.campaign({ campaignId: c.id, format: "json", designs: [c.a!, c.b!] })).text,
      ) as { headline: { sentence: string; measure: string } };
      const report = await app.context.newPage();
      await report.setContent(html);
      assert.ok(
        ((await report.textContent("body")) ?? "").includes(json.headline.sentence.slice(0, 40)),
        `campaign ${c.id}'s report opens with its answer`,
      );
      await report.screenshot({ path: join(SCREENSHOTS, `15-report-${c.name}.png`), fullPage: false });
      await report.close();
    }
  });

  it("shows a run's VCG patterns, recomputes with β, and lists its detection patterns", async () => {
    const { page } = app;
    // Run 2 of the demo is the transmitter chain H → U → V → W (paper 000 §3.1).
    await app.goto("#/run/2");
    await page.click(sel(TID.vcg.link));
    await page.waitForSelector(sel(TID.vcg.graph));
    assert.match(
      (await page.textContent(sel(TID.vcg.summary))) ?? "",
      /4 nodes in 1 patterns extracted → 4 nodes in 1 patterns/,
    );
    assert.match((await page.textContent(sel(TID.vcg.segments))) ?? "", /\(3\) W ⇢ \(0\) H/);
    assert.equal(await page.locator(`${sel(TID.vcg.detection)} tbody tr`).count(), 4);
    await app.screenshot("09-vcg-chain");
    // Run 5 is one function under two callers: with β = 0 the two Contrast patterns come back.
    await app.goto("#/run/5/vcg");
    await page.waitForSelector(sel(TID.vcg.graph));
    assert.match((await page.textContent(sel(TID.vcg.summary))) ?? "", /→ 2 nodes in 1 patterns/);
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
    assert.match(
      (await page.textContent("h1")) ?? "",
      /design \(campaign 2\) blocks-60 and design \(campaign 2\) blocks-120/,
    );
    assert.match(
      (await page.textContent(sel(TID.vcg.detection))) ?? "",
      /Pattern Set overlap with blocks-120 \(campaign 2\)|set \(B\)/,
    );
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
    assert.match((await page.textContent(sel(TID.patterns.verdict))) ?? "", /M-Run|share no execution pattern/);
    assert.match((await page.textContent(sel(TID.patterns.strategies))) ?? "", /C-Pattern[\s\S]*Mann–Whitney/);
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
    assert.match(
      await shownText(page, sel(TID.patterns.summary)),
      /40 runs in \d+ patterns? · traced on-CPU time · per-thread timelines from uftrace traces/,
    );
    assert.deepEqual(app.pageErrors, []);
  });

  it("follows a dark system theme", async () => {
    const context = await app.browser.newContext({ viewport: VIEWPORT, colorScheme: "dark" });
    try {
      const page = await context.newPage();
      await page.goto(app.server.openUrl);
      await page.evaluate(
        (h) => ((globalThis as unknown as { location: { hash: string } }).location.hash = h),
        "#/compare?a=design:2:blocks-60&b=design:2:blocks-120",
      );
      await page.waitForSelector(sel(TID.campaign.verdictChart));
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
      assert.match((await page.textContent("body")) ?? "", /refused/);
    } finally {
      await browser.close();
    }
  });

  it("keeps the runs table virtualised and responsive with 100,000 runs", async () => {
    const RUNS = 100_000;
    const dir = join(tempDir("e2e-big"), "ws");
    const ws = Workspace.init(dir);
    // Ten campaigns of four designs × five workloads, every 50th run failed with
    // a message: what the table holds after a long study. Wall times grow with the id.
    ws.db.transaction(() => {
      const db = ws.db;
      db.prepare("INSERT INTO projects (name, created_at) VALUES ('big', '2026-01-01')").run();
      for (let c = 1; c <= 10; c++)
        db.prepare(
          `INSERT INTO campaigns (project_id, name, spec_json, status, created_at) VALUES (1, 'study-${c}', '{"profiler":{"name":"time"}}', 'finished', '2026-01-01')`,
        ).run();
      for (let d = 1; d <= 4; d++)
        db.prepare(`INSERT INTO designs (project_id, name) VALUES (1, 'blocks-${d * 30}')`).run();
      for (let w = 1; w <= 5; w++) db.prepare(`INSERT INTO workloads (project_id, name) VALUES (1, 'load-${w}')`).run();
      const insert = db.prepare(
        `INSERT INTO runs (project_id, campaign_id, design_id, workload_id, repetition, ordinal, status, exit_code, wall_ns, user_ns, sys_ns, peak_rss_kb, message, created_at)
         VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '2026-01-01')`,
      );
      for (let i = 0; i < RUNS; i++) {
        const failed = i % 50 === 49;
        insert.run(
          1 + Math.floor(i / 10_000),
          1 + (i % 4),
          1 + (Math.floor(i / 4) % 5),
          Math.floor(i / 20) % 500,
          i % 10_000,
          failed ? "failed" : "succeeded",
          failed ? 1 : 0,
          1e6 + i,
          9e5 + i,
          5e4,
          2048 + (i % 977),
          failed ? "exit code 1: assertion failed in run_block" : null,
        );
      }
    })();
    ws.close();
    const big = await openBrowserApp(dir);
    const { page } = big;
    const row = (key: number) => `${sel(TID.runs.row)}[data-key="${key}"]`;
    // Milliseconds from an action done in the page to the first frame that shows
    // its result (`until` matches, and the count reads `count` when given),
    // measured with the page's clock. Printed, never asserted: no test may
    // depend on the machine's speed.
    type Action =
      | { kind: "hash"; value: string }
      | { kind: "scroll"; to: "end" | "top" }
      | { kind: "type"; value: string }
      | { kind: "click"; selector: string };
    // The page's globals used here (the tests compile without the DOM's types).
    type Element = {
      scrollTop: number;
      scrollHeight: number;
      value: string;
      textContent: string | null;
      click(): void;
      dispatchEvent(e: unknown): boolean;
    };
    type PageGlobals = {
      document: { querySelector(s: string): Element | null };
      location: { hash: string };
      requestAnimationFrame(f: () => void): number;
      InputEvent: new (type: string, init: object) => unknown;
    };
    const timed = (action: Action, until: string, count?: string) =>
      page.evaluate(
        async ({ action, until, count, ids }) => {
          const { document, location, requestAnimationFrame, InputEvent } = globalThis as unknown as PageGlobals;
          const t0 = performance.now();
          if (action.kind === "hash") location.hash = action.value;
          else if (action.kind === "scroll") {
            const body = document.querySelector(`[data-testid="${ids.table}"] .body`)!;
            body.scrollTop = action.to === "end" ? body.scrollHeight : 0;
          } else if (action.kind === "type") {
            // What a keystroke does to the input: its value changes, then an input event.
            const input = document.querySelector(`[data-testid="${ids.filter}"]`)!;
            input.value = action.value;
            input.dispatchEvent(
              new InputEvent("input", { bubbles: true, data: action.value.slice(-1), inputType: "insertText" }),
            );
          } else document.querySelector(action.selector)!.click();
          // (No named function in here: tsx would wrap it in a helper the page lacks.)
          while (
            document.querySelector(until) === null ||
            (count !== undefined && !(document.querySelector("main")?.textContent ?? "").includes(count))
          ) {
            if (performance.now() - t0 > 30_000)
              throw new Error(`not shown within 30 s: ${until}${count === undefined ? "" : ` and "${count}"`}`);
            await new Promise((r) => requestAnimationFrame(() => r(null)));
          }
          // The frame that paints it.
          await new Promise((r) => requestAnimationFrame(() => r(null)));
          return Math.round(performance.now() - t0);
        },
        { action, until, count, ids: { table: TID.runs.table, filter: TID.runs.filter } },
      );
    try {
      await idle(page);
      const figures: Record<string, number> = {};
      figures["open the runs view, first row shown"] = await timed(
        { kind: "hash", value: "#/runs" },
        row(1),
        "100,000 of 100,000 runs",
      );
      await idle(page);
      assert.match((await page.textContent("main")) ?? "", /100,000 of 100,000 runs/);
      const rendered = await page.locator(sel(TID.runs.row)).count();
      assert.ok(rendered < 100, `${rendered} rows in the DOM`);
      figures["scroll to the end, last row shown"] = await timed({ kind: "scroll", to: "end" }, row(RUNS));
      await timed({ kind: "scroll", to: "top" }, row(1));
      const wall = `${sel(TID.runs.table)} [role=columnheader][title="sort by wall"]`;
      figures["sort by wall time (descending)"] = await timed(
        { kind: "click", selector: wall },
        `${row(RUNS)}[style*="top: 0px"]`,
      );
      figures["sort by wall time again (ascending)"] = await timed(
        { kind: "click", selector: wall },
        `${row(1)}[style*="top: 0px"]`,
      );
      // A column of text: "failed" sorts first, and run 50 failed first.
      const status = `${sel(TID.runs.table)} [role=columnheader][title="sort by status"]`;
      figures["sort by status (text)"] = await timed(
        { kind: "click", selector: status },
        `${row(50)}[style*="top: 0px"]`,
      );
      // "f": the failed runs' status and message match, nothing else does.
      figures[`filter keystroke "f" (2,000 runs left)`] = await timed(
        { kind: "type", value: "f" },
        row(50),
        "2,000 of 100,000 runs",
      );
      figures[`filter set to "99999" in one input event (1 run left)`] = await timed(
        { kind: "type", value: "99999" },
        row(99999),
        "1 of 100,000 runs",
      );
      figures["filter cleared (all runs back)"] = await timed(
        { kind: "type", value: "" },
        row(50),
        "100,000 of 100,000 runs",
      );
      console.log(
        `runs table, ${RUNS.toLocaleString("en")} runs, in the page (ms):\n${Object.entries(figures)
          .map(([k, v]) => `  ${k}: ${v}`)
          .join("\n")}`,
      );
      await big.screenshot("07-runs-100000");
      await page.fill(sel(TID.runs.filter), "99999");
      await page.waitForSelector(row(99999));
      assert.equal(await page.locator(sel(TID.runs.row)).count(), 1);
    } finally {
      await big.close();
    }
  });

  it("logged no page errors", () => {
    assert.deepEqual(app.pageErrors, []);
  });
});
