// Issue 32 item 6, beside viewProgress.test.ts: the views over campaigns (execution patterns, trends alone and
// compared, phases, the verdict) and every page that waits on the API (home, project, launch, campaign, run,
// its costs per location, the runs table and plot) are opened cold with the API's answers held back
// (page.route), so the page can only show that it waits: a progress element must be there, and go once the
// answers are let through. The engine's own progress events reach the views (a real event the engine sent
// for the same call, sent again while the page waits), and a call that fails while held ends the progress with
// the error in words. No timing threshold: an answer is held until the test has looked.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Request, Route } from "playwright-core";
import { ROOT, tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { openBrowserApp, type BrowserApp } from "../helpers/browserApp.js";
import { TID } from "../../renderer/src/testIds.js";
import { href } from "../../renderer/src/paths.js";
import type { AnalysisProgressEvent } from "../../engine/api/types.js";

const sel = (id: string) => `[data-testid="${id}"]`;
/** Campaigns and analyses on a loaded 2-core machine: generous, never a timing assertion. */
const SLOW = { timeout: 180_000 };
const PROGRESS = sel(TID.analysisProgress);
const ANALYSES = "**/api/analyses.*";
const ANY_CALL = "**/api/*";

/** What the pages say of an empty answer (VirtualTable, CampaignTable, the project's tables, the home page,
 * the runs' count). */
const EMPTY = /nothing to show|no campaigns yet|none yet|has no projects|\b0 of 0 runs/;

let app: BrowserApp;

/** The frame loop's two block counts on three frame counts, twice each: a trend per design and two designs
 * compared (campaign 1, runs 1–12). */
function framesSpec(dir: string): string {
  const bin = join(ROOT, "examples", "build", "frame_loop");
  const workload = (frames: number) =>
    `  - { name: frames-${frames}, argv: ["${bin}", "{frames}", "{blocks}"], features: { frames: ${frames} } }`;
  const spec = [
    "project: p",
    "name: frames",
    "designs:",
    "  - { name: blocks-60, variables: { blocks: 60 } }",
    "  - { name: blocks-120, variables: { blocks: 120 } }",
    "workloads:",
    ...[20, 40, 80].map(workload),
    "repetitions: 2",
    "profiler: { name: uftrace, options: [--no-event] }",
    "order: interleaved",
    "timeout: 60s",
  ];
  writeFileSync(join(dir, "frames.yaml"), spec.join("\n") + "\n");
  return join(dir, "frames.yaml");
}

/** One bubble sort under callgrind: a run with costs per location (campaign 3, run 16). */
function callgrindSpec(dir: string): string {
  const spec = [
    "project: p",
    "name: instructions",
    "designs:",
    `  - { name: O0, build: [gcc, -O0, -g, -o, "{build_dir}/bsort", "${join(ROOT, "examples", "bsort.c")}"] }`,
    "workloads:",
    '  - { name: n-50, argv: ["{build_dir}/bsort", "50", "1"], features: { n: 50 } }',
    "repetitions: 1",
    "profiler: callgrind",
    "timeout: 120s",
  ];
  writeFileSync(join(dir, "callgrind.yaml"), spec.join("\n") + "\n");
  return join(dir, "callgrind.yaml");
}

before(async () => {
  process.env.VARBENCH_CONFIG_DIR ??= tempDir("config");
  const dir = tempDir("e2e-progress-pages");
  const ws = join(dir, "ws");
  assert.equal(varbench(["workspace", "init", ws]).status, 0);
  // 1: frames (project p, runs 1–12); 2: the request server's phases (project examples, runs 13–15);
  // 3: callgrind (project p, run 16).
  const requests = join(ROOT, "examples", "campaigns", "requests_uftrace.yaml");
  for (const spec of [framesSpec(dir), requests, callgrindSpec(dir)]) {
    const r = varbench(["-w", ws, "campaign", "run", spec]);
    assert.equal(r.status, 0, r.stderr);
  }
  app = await openBrowserApp(ws);
});

after(async () => {
  await app?.close();
});

/** Requests matching `pattern` held until `release()`, each let through then (or failed, with `fail()`). */
async function hold(pattern: string) {
  const held: { route: Route; request: Request }[] = [];
  let open = (_how: "continue" | "abort") => {};
  const gate = new Promise<"continue" | "abort">((ok) => (open = ok));
  const passed: Promise<void>[] = [];
  await app.page.route(pattern, (route: Route) => {
    held.push({ route, request: route.request() });
    const p = gate.then((how) => (how === "continue" ? route.continue() : route.abort("failed")));
    passed.push(p);
    return p;
  });
  const settle = async (how: "continue" | "abort") => {
    open(how);
    await Promise.all(passed);
    // Later calls go straight through.
    await app.page.unroute(pattern);
  };
  return {
    held,
    /** Until the page has asked at least once. */
    async asked() {
      for (let i = 0; i < 400 && held.length === 0; i++) await app.page.waitForTimeout(25);
      assert.ok(held.length > 0, `the page asked (${pattern})`);
    },
    release: () => settle("continue"),
    fail: () => settle("abort"),
  };
}

interface Page {
  readonly name: string;
  readonly hash: string;
  /** What is held: the analyses, or every call. */
  readonly held: string;
  /** What shows once answered. */
  readonly done: string;
  /** Where the progress must be (a panel of the page), if not anywhere on it. */
  readonly within?: string;
}

const PAGES: readonly Page[] = [
  {
    name: "execution patterns",
    hash: href.patterns({ campaignId: 1 }),
    held: ANALYSES,
    done: sel(TID.patterns.summary),
  },
  {
    name: "two designs by patterns",
    hash: href.patterns({ campaignId: 1, a: "blocks-60", b: "blocks-120", workload: "frames-40" }),
    held: ANALYSES,
    done: sel(TID.patterns.verdict),
  },
  { name: "trends", hash: href.trends({ campaignId: 1 }), held: ANALYSES, done: sel(TID.trends.summary) },
  {
    name: "trends compared",
    hash: href.trends({ campaignId: 1, a: "blocks-60", b: "blocks-120" }),
    held: ANALYSES,
    done: sel(TID.trends.comparison),
  },
  {
    name: "trends per function",
    hash: href.trends({ campaignId: 1, functions: true }),
    held: ANALYSES,
    done: sel(TID.trends.fnSummary),
  },
  { name: "phase markers", hash: href.phases({ campaignId: 2 }), held: ANALYSES, done: sel(TID.phases.markers) },
  {
    name: "phases of a run",
    hash: href.phases({ campaignId: 2, run: 14 }),
    // The markers go through: the run's phases wait under them.
    held: "**/api/analyses.phaseSegments",
    done: sel(TID.phases.segmentsSummary),
  },
  {
    name: "verdict",
    hash: href.campaign({ campaignId: 1 }),
    held: ANALYSES,
    done: sel(TID.campaign.verdictSentence),
    within: sel(TID.campaign.verdict),
  },
  { name: "home", hash: href.home(), held: ANY_CALL, done: sel(TID.home.project) },
  { name: "project", hash: href.project({ projectId: 1 }), held: ANY_CALL, done: sel(TID.project.workloads) },
  { name: "launch", hash: href.launch({ projectId: 1 }), held: ANY_CALL, done: sel(TID.launch.form) },
  { name: "campaign", hash: href.campaign({ campaignId: 1 }), held: ANY_CALL, done: sel(TID.campaign.runs) },
  { name: "run", hash: href.run({ runId: 1 }), held: ANY_CALL, done: sel(TID.run.cctRow) },
  // The run's page goes through: its table of contexts waits under it.
  { name: "contexts of a run", hash: href.run({ runId: 1 }), held: "**/api/analyses.cct", done: sel(TID.run.cctRow) },
  {
    name: "costs per location",
    hash: href.run({ runId: 16 }),
    held: "**/api/runs.locationCosts",
    done: sel(TID.run.costTable),
  },
  { name: "runs", hash: href.runs({}), held: ANY_CALL, done: sel(TID.runs.plot) },
];

/** A page other than `hash`, so going to `hash` loads it afresh. */
const elsewhere = (hash: string) => (hash === href.home() ? href.runs({ campaignId: 3 }) : href.home());

describe("every page shows progress while it waits", () => {
  for (const v of PAGES)
    it(`${v.name}: a progress element while its answer is held, none after`, async () => {
      const { page } = app;
      await app.goto(elsewhere(v.hash));
      const h = await hold(v.held);
      await app.goto(v.hash);
      await h.asked();
      const progress = v.within ? `${v.within} ${PROGRESS}` : PROGRESS;
      await page.waitForSelector(progress, { state: "visible" });
      assert.match((await page.locator(progress).first().textContent()) ?? "", /asking the engine|…/);
      // Nor what an empty answer would say: nothing is known yet.
      assert.doesNotMatch(await page.locator("body").innerText(), EMPTY);
      await app.screenshot(`progress-page-${v.name.replaceAll(" ", "-")}`);
      await h.release();
      await page.waitForSelector(v.done, SLOW);
      await page.waitForSelector(PROGRESS, { state: "detached", ...SLOW });
      assert.deepEqual(app.pageErrors, []);
    });
});

/** The engine's progress events of one call, made in this process with the arguments the page sent. */
async function eventsOf(request: Request): Promise<AnalysisProgressEvent[]> {
  const method = new URL(request.url()).pathname.replace(/^.*\/api\//, "");
  const seen: AnalysisProgressEvent[] = [];
  const off = app.service.events.on("analysisProgress", (e) => seen.push(e as AnalysisProgressEvent));
  try {
    await app.service.call(method, request.postDataJSON());
  } finally {
    off();
  }
  return seen;
}

describe("the engine's progress reaches the views that wait on it", () => {
  const LONG = [
    { name: "execution patterns", hash: href.patterns({ campaignId: 1 }), done: sel(TID.patterns.summary) },
    {
      name: "trends compared",
      hash: href.trends({ campaignId: 1, a: "blocks-60", b: "blocks-120" }),
      done: sel(TID.trends.comparison),
    },
    { name: "phase markers", hash: href.phases({ campaignId: 2 }), done: sel(TID.phases.markers) },
    { name: "verdict", hash: href.campaign({ campaignId: 1 }), done: sel(TID.campaign.verdictSentence) },
  ];
  for (const v of LONG)
    it(`${v.name}: the stage and share of the engine's own event for the page's call`, async () => {
      const { page } = app;
      await app.goto(href.home());
      // Computed afresh: a stored result is served without progress.
      app.service.workspace().db.exec("DELETE FROM analyses");
      const h = await hold(ANALYSES);
      await app.goto(v.hash);
      await h.asked();
      await page.waitForSelector(PROGRESS, { state: "visible" });
      const events = await eventsOf(h.held[0].request);
      const working = events.filter((e) => e.stage !== "done");
      assert.ok(working.length > 0, "the engine told its progress");
      // The last event with a share if there is one: what a long call shows most of its time.
      const shown = [...working].reverse().find((e) => e.total) ?? working.at(-1)!;
      app.service.progress(shown);
      const share = shown.total ? ` — ${Math.round((100 * shown.done) / shown.total)}%` : "…";
      await page.locator(PROGRESS, { hasText: `${shown.stage}${share}` }).waitFor(SLOW);
      await app.screenshot(`progress-events-${v.name.replaceAll(" ", "-")}`);
      app.service.progress({ ...shown, stage: "done", done: 1, total: 1 });
      await h.release();
      await page.waitForSelector(v.done, SLOW);
      await page.waitForSelector(PROGRESS, { state: "detached", ...SLOW });
      assert.deepEqual(app.pageErrors, []);
    });
});

describe("a call that fails while the page waits", () => {
  it("execution patterns: the progress ends and the error is said in words", async () => {
    const { page } = app;
    await app.goto(href.home());
    const h = await hold(ANALYSES);
    await app.goto(href.patterns({ campaignId: 1, a: "blocks-60" }));
    await h.asked();
    await page.waitForSelector(PROGRESS, { state: "visible" });
    await h.fail();
    await page.waitForSelector(PROGRESS, { state: "detached", ...SLOW });
    const banner = page.locator(sel(TID.error));
    await banner.first().waitFor();
    assert.match((await banner.first().textContent()) ?? "", /the Varbench server does not answer/);
    await app.screenshot("progress-failed-execution-patterns");
    // The failed fetch is a console error of the browser's own; none of the page's.
    assert.deepEqual(
      app.pageErrors.filter((e) => !/Failed to load resource/.test(e)),
      [],
    );
    app.pageErrors.length = 0;
  });
});

describe("a view's code loading on its first visit", () => {
  it("shows progress in place of the view until its code is in", async () => {
    // A page of its own: its views' code not yet loaded (routing turns the HTTP cache off).
    const page = await app.context.newPage();
    try {
      await page.goto(app.server.openUrl);
      await page.waitForSelector(sel(TID.home.project), SLOW);
      let release = () => {};
      const gate = new Promise<void>((ok) => (release = ok));
      let asked = 0;
      await page.route("**/assets/PatternsView-*.js", async (route: Route) => {
        asked++;
        await gate;
        await route.continue();
      });
      await page.evaluate(
        (h) => ((globalThis as unknown as { location: { hash: string } }).location.hash = h),
        href.patterns({ campaignId: 1 }),
      );
      for (let i = 0; i < 400 && asked === 0; i++) await page.waitForTimeout(25);
      assert.ok(asked > 0, "the view's code was asked for");
      await page.locator(PROGRESS, { hasText: "loading the page" }).waitFor(SLOW);
      release();
      await page.waitForSelector(sel(TID.patterns.summary), SLOW);
      await page.waitForSelector(PROGRESS, { state: "detached", ...SLOW });
    } finally {
      await page.close();
    }
  });
});

describe("a report while it is written", () => {
  it("the campaign's Export report says it is exporting until the file comes", async () => {
    const { page } = app;
    await app.goto(href.campaign({ campaignId: 1 }));
    await page.waitForSelector(sel(TID.campaign.verdictSentence), SLOW);
    const h = await hold("**/api/reports.campaign");
    const button = page.locator(sel(TID.campaign.export));
    const download = page.waitForEvent("download", SLOW);
    await button.click();
    await h.asked();
    assert.equal(await button.textContent(), "Exporting…");
    assert.ok(await button.isDisabled(), "one report at a time");
    await h.release();
    assert.match((await download).suggestedFilename(), /\.html$/);
    await page.locator(sel(TID.campaign.export), { hasText: "Export report" }).waitFor(SLOW);
    assert.deepEqual(app.pageErrors, []);
  });
});
