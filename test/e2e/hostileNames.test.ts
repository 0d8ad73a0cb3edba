// Hostile names through every chart of the workbench (issue 29, item 4): real programs under
// uftrace, their functions (main among them, which names its thread) renamed in the binary
// (objcopy) to HTML, a workload feature named HTML; every chart of the views that draw them swept
// by the pointer, and every tooltip ECharts shows read. Not one
// element of a name may reach the page (before, a function named <img src=x onerror=…> reached
// the phases timeline's tooltip as an element, only the CSP stopping its script), and the names
// must be shown, as text.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { copyFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildExamples, ROOT, tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { openBrowserApp, type BrowserApp } from "../helpers/browserApp.js";
import { TID } from "../../renderer/src/testIds.js";

const sel = (id: string) => `[data-testid="${id}"]`;
/** Analyses on a loaded 2-core machine: generous, never a timing assertion. */
const SLOW = { timeout: 180_000 };

/** decode_frame of the frame loop, which varies (a VCG node), and idct_block, which it calls. */
const VARYING = "<img src=x onerror=alert(31)>{b}";
const CALLEE = "<i>idct</i>{c}";
/** requests' check_request, the outer marker of its phases (paper 003), and stage_parse, an inner one. */
const MARKER = "<img src=x onerror=alert(33)>";
const STAGE = "<i>parse</i>{b}";
/** The frame loop's main: a thread with no name of its own is named by its outermost function. */
const MAIN = "<i>main</i>{a}";
/** The workloads' feature. */
const FEATURE = "<img src=x onerror=alert(32)>{c}";

let app: BrowserApp;

/** A copy of an example program with functions renamed in its symbol table (uftrace names them from it). */
function renamed(dir: string, program: string, file: string, names: Readonly<Record<string, string>>): string {
  const out = join(dir, file);
  copyFileSync(join(ROOT, "examples", "build", program), out);
  execFileSync("objcopy", [...Object.entries(names).flatMap(([from, to]) => ["--redefine-sym", `${from}=${to}`]), out]);
  return out;
}

before(async () => {
  buildExamples();
  process.env.VARBENCH_CONFIG_DIR ??= tempDir("config");
  const dir = tempDir("e2e-hostile");
  const ws = join(dir, "ws");
  assert.equal(varbench(["workspace", "init", ws]).status, 0);
  const loop = renamed(dir, "frame_loop", "frame_loop", { main: MAIN, decode_frame: VARYING, idct_block: CALLEE });
  const requests = renamed(dir, "requests", "requests", { check_request: MARKER, stage_parse: STAGE });
  const q = (s: string) => JSON.stringify(s);
  // Campaign 1: the frame loop's two block counts on three frame counts, traced.
  writeFileSync(
    join(dir, "loop.yaml"),
    [
      "project: hostile",
      "designs:",
      "  - { name: blocks-60, variables: { blocks: 60 } }",
      "  - { name: blocks-120, variables: { blocks: 120 } }",
      "workloads:",
      ...[20, 40, 80].flatMap((n) => [
        `  - name: frames-${n}`,
        `    argv: [${q(loop)}, "${n}", "{blocks}"]`,
        `    features: { ${q(FEATURE)}: ${n} }`,
      ]),
      "repetitions: 2",
      "profiler: { name: uftrace, options: [--no-event] }",
      "timeout: 60s",
    ].join("\n"),
  );
  // Campaign 2: the request-serving utility's regular and irregular inputs (examples/campaigns/requests_uftrace.yaml).
  const input = (f: string) => q(join(ROOT, "examples", "inputs", f));
  writeFileSync(
    join(dir, "requests.yaml"),
    [
      "project: hostile",
      "designs: [{ name: O0 }]",
      "workloads:",
      `  - { name: regular-6, argv: [${q(requests)}, ${input("requests_regular.txt")}], role: regular, requests: 6 }`,
      `  - { name: mixed-5, argv: [${q(requests)}, ${input("requests_mixed.txt")}], role: irregular, requests: 5 }`,
      `  - { name: other-7, argv: [${q(requests)}, ${input("requests_other.txt")}], role: irregular, requests: 7 }`,
      "repetitions: 1",
      "profiler: uftrace",
      "order: sequential",
      "timeout: 60s",
    ].join("\n"),
  );
  for (const spec of ["loop.yaml", "requests.yaml"]) {
    const r = varbench(["-w", ws, "campaign", "run", join(dir, spec)]);
    assert.equal(r.status, 0, r.stderr);
  }
  app = await openBrowserApp(ws);
  // Every element added to the page whose tag a name would bring (img, i) or that has an on… attribute
  // is recorded. (The page's scripts are strings: functions would be compiled with tsx's helpers.)
  await app.page.evaluate(`(() => {
    const seen = (globalThis.injected = []);
    const check = (e) => {
      if (/^(IMG|I)$/.test(e.tagName) || [...e.attributes].some((a) => a.name.startsWith("on"))) seen.push(e.outerHTML);
      for (const c of e.children) check(c);
    };
    new MutationObserver((records) => { for (const r of records) for (const n of r.addedNodes) if (n instanceof Element) check(n); }).observe(document, { childList: true, subtree: true });
  })()`);
});

after(async () => {
  await app?.close();
});

/** Sweeps the pointer over the chart under `selector` (a grid `step` px apart) and returns the text of
 * every tooltip ECharts showed, with the tags of the elements each held. ECharts shows a tooltip as
 * it handles the move (showDelay 0), so each is read right after its move: no waiting, no timing. */
async function sweep(selector: string, step = 6): Promise<{ texts: string[]; tags: string[] }> {
  await app.page.waitForSelector(`${selector} canvas`, SLOW);
  await app.page.locator(selector).scrollIntoViewIfNeeded();
  return app.page.evaluate(`(() => {
    const chart = document.querySelector(${JSON.stringify(selector)});
    const canvas = chart.querySelector("canvas");
    const box = chart.getBoundingClientRect();
    const texts = new Set();
    const tags = new Set();
    for (let y = box.top + 2; y < box.bottom - 2; y += ${step}) {
      for (let x = box.left + 2; x < box.right - 2; x += ${step}) {
        canvas.dispatchEvent(new MouseEvent("mousemove", { clientX: x, clientY: y, bubbles: true }));
        for (const tip of chart.querySelectorAll(":scope > div:not(:has(canvas))")) {
          if (tip.style.display === "none" || tip.textContent === "") continue;
          texts.add(tip.textContent);
          for (const e of tip.querySelectorAll("*")) tags.add(e.tagName);
        }
      }
    }
    canvas.dispatchEvent(new MouseEvent("mouseout", { bubbles: true }));
    return { texts: [...texts], tags: [...tags] };
  })()`);
}

/** The tooltips swept from a chart hold `name` as text, and no element but ECharts' own and the template's. */
function assertShownAsText(swept: { texts: string[]; tags: string[] }, name: string, chart: string): void {
  assert.ok(swept.texts.length > 0, `${chart}: a tooltip was shown`);
  assert.ok(
    swept.texts.some((t) => t.includes(name)),
    `${chart}: ${name} is shown in a tooltip as text; seen: ${swept.texts.slice(0, 5).join(" | ")}`,
  );
  assert.deepEqual(
    swept.tags.filter((t) => !["DIV", "SPAN", "BR", "B"].includes(t)),
    [],
    `${chart}: elements of the tooltips`,
  );
}

/** The page's record of elements a name brought, and its errors (a CSP refusal is one). */
async function assertNothingInjected(): Promise<void> {
  assert.deepEqual(await app.page.evaluate("globalThis.injected"), []);
  assert.deepEqual(app.pageErrors, []);
}

describe("hostile names in every chart", () => {
  it("VCG graph: a varying function's name in its node's tooltip", async () => {
    await app.goto("#/vcg?a=run:1");
    assertShownAsText(await sweep(sel(TID.vcg.graph), 10), VARYING, "VCG graph");
    await assertNothingInjected();
  });

  it("phases: a marker's name in the timeline's tooltip (instanceAt), and §4.4's comparison", async () => {
    await app.goto("#/phases?campaign=2&run=15");
    assertShownAsText(await sweep(sel(TID.phases.timeline)), STAGE, "phases timeline");
    if ((await app.page.locator(sel(TID.phases.comparison)).count()) > 0)
      assertShownAsText(await sweep(sel(TID.phases.comparison)), "CoV", "phases comparison");
    await assertNothingInjected();
  });

  it("trends: a feature's name in the fit's and the residuals' tooltips", async () => {
    const { page } = app;
    await app.goto("#/trends?campaign=1");
    await page.waitForSelector(sel(TID.trends.cluster), SLOW);
    await page.locator(sel(TID.trends.cluster)).first().click();
    assertShownAsText(await sweep(sel(TID.trends.fit)), FEATURE, "trend fit");
    assertShownAsText(await sweep(sel(TID.trends.residuals)), FEATURE, "trend residuals");
    await assertNothingInjected();
  });

  it("function trends: a function's and a feature's names in the fit's tooltip", async () => {
    const { page } = app;
    await app.goto("#/trends?campaign=1");
    await page.click(sel(TID.trends.modeFunctions));
    await page.waitForSelector(sel(TID.trends.function), SLOW);
    await page
      .locator(sel(TID.trends.function))
      .filter({ has: page.getByRole("gridcell", { name: CALLEE, exact: true }) })
      .click();
    await page.waitForSelector(sel(TID.trends.variable), SLOW);
    await page.locator(sel(TID.trends.variable)).first().click();
    assertShownAsText(await sweep(sel(TID.trends.fnFit)), FEATURE, "function fit");
    await assertNothingInjected();
  });

  it("execution patterns: a thread's name in a pattern's shape, and every other chart of the view", async () => {
    const { page } = app;
    await app.goto("#/patterns?campaign=1&a=blocks-60&b=blocks-120");
    await page.waitForSelector(sel(TID.patterns.row), SLOW);
    for (const chart of [TID.patterns.distribution, TID.patterns.plane, TID.patterns.improvement]) {
      if ((await page.locator(sel(chart)).count()) > 0) assertShownAsText(await sweep(sel(chart)), "", chart);
    }
    await page.locator(sel(TID.patterns.row)).first().click();
    assertShownAsText(await sweep(sel(TID.patterns.shape)), MAIN, "pattern shape");
    await assertNothingInjected();
  });

  it("a campaign's and a comparison's charts", async () => {
    await app.goto("#/campaign/1");
    assertShownAsText(await sweep(sel(TID.campaign.chart)), "blocks-60", "campaign chart");
    await app.goto("#/compare?a=design:1:blocks-60&b=design:1:blocks-120");
    if ((await app.page.locator(sel(TID.compare.chart)).count()) > 0)
      assertShownAsText(await sweep(sel(TID.compare.chart)), "", "comparison chart");
    await assertNothingInjected();
  });
});
