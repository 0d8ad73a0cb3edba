// Flame graphs in Chromium (issue 15): the frame loop's run (the demo's
// frame_loop_uftrace campaign, run afresh), searched, zoomed by the search and
// by a click, its breadcrumb and tooltip read against the CCT table; the
// keyboard; the differential graph of 60 against 120 blocks; both themes; and
// a CCT of 100,000 contexts, whose render and zoom times are printed (never
// asserted: no test depends on the machine's speed).
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { writeFileSync } from "node:fs";
import { ROOT, tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { openBrowserApp, type BrowserApp } from "../helpers/browserApp.js";
import { TID } from "../../renderer/src/testIds.js";

const sel = (id: string) => `[data-testid="${id}"]`;
const SLOW = { timeout: 180_000 };
/** Canvas rows are 18 CSS pixels high (FlameGraph.svelte). */
const ROW = 18;
const DECODE_I = "main > decode_frame > decode_i";

let app: BrowserApp;
let ws: string;

before(async () => {
  process.env.VARBENCH_CONFIG_DIR ??= tempDir("config");
  ws = join(tempDir("e2e-flame"), "ws");
  assert.equal(varbench(["workspace", "init", ws]).status, 0);
  // Campaign 1: the frame loop with 60 and 120 blocks per frame under uftrace, 3 runs each.
  const r = varbench(["-w", ws, "campaign", "run", join(ROOT, "examples", "campaigns", "frame_loop_uftrace.yaml")]);
  assert.equal(r.status, 0, r.stderr);
  app = await openBrowserApp(ws);
});

after(async () => {
  await app?.close();
});

/** The tooltip's rows as label → value. */
async function tooltip(page: BrowserApp["page"]): Promise<Record<string, string>> {
  await page.waitForSelector(sel(TID.flame.tooltip));
  const rows = await page
    .locator(`${sel(TID.flame.tooltip)} tr`)
    .evaluateAll((trs) =>
      trs.map((tr) => [tr.querySelector("th")?.textContent ?? "", tr.querySelector("td")?.textContent ?? ""]),
    );
  return Object.fromEntries(rows);
}

/** The CCT table's cells of the context whose whole chain is `chain`, by column label. */
async function tableRow(page: BrowserApp["page"], chain: string): Promise<Record<string, string>> {
  const labels = await page.locator(`${sel(TID.run.cct)} [role="columnheader"]`).allTextContents();
  const row = page.locator(sel(TID.run.cctRow), { has: page.locator(`[title="${chain}"]`) });
  const cells = await row.locator('[role="gridcell"]').allTextContents();
  return Object.fromEntries(labels.map((l, i) => [l.replace(/[↑↓]/g, "").trim(), cells[i]]));
}

const crumbs = (page: BrowserApp["page"]) => page.locator(`${sel(TID.flame.crumbs)} button`).allTextContents();

describe("flame graphs in the browser", () => {
  it("searches a run's flame graph, zooms into the match, and shows the CCT table's numbers", async () => {
    const { page } = app;
    await app.goto("#/");
    await app.goto("#/run/1");
    await page.waitForSelector(`${sel(TID.flame.canvas)} canvas`, SLOW);
    await page.waitForSelector(sel(TID.run.cctRow));
    await page.fill(sel(TID.flame.search), "decode_i");
    const table = await tableRow(page, DECODE_I);
    // decode_i is called in one context: its share of the recorded time is the table's % total.
    assert.match(
      (await page.textContent(sel(TID.flame.searchInfo))) ?? "",
      new RegExp(`1 matching frame under all threads, ${table["% total"].replace("%", "")}% of its time`),
    );
    await page.press(sel(TID.flame.search), "Enter");
    assert.deepEqual(await crumbs(page), ["all threads", "main", "decode_frame", "decode_i"]);
    const tip = await tooltip(page);
    assert.equal(tip.N, table.N);
    assert.equal(tip.mean, table.mean);
    assert.equal(tip.σ, table.σ);
    assert.equal(tip.CoV, table.CoV);
    assert.equal(tip["min – max"], table["min – max"]);
    assert.equal(tip.self, table.self);
    assert.match(
      tip.time,
      new RegExp(`^${table.total.replace(/[.]/g, "\\.")} \\(${table["% total"].replace(".", "\\.")} of all\\)`),
    );
    // The frame picked opens its invocation times when asked: the frame loop decodes an I frame every 12, 5 of 60.
    await page.click(sel(TID.flame.open));
    await page.waitForSelector(sel(TID.run.histogram));
    assert.match((await page.locator("section.card .stats").first().textContent()) ?? "", /N\s*5\b/);
    await app.screenshot("13-flame-run-zoomed");
    // Down to decode_i's one callee, and Enter zooms into it: by the tree, whatever share of the
    // time idct_block got on this machine (a click on it at a place of the canvas would depend on
    // its width, which on a loaded machine is what the scheduler left it).
    await page.focus(sel(TID.flame.canvas));
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    assert.deepEqual(await crumbs(page), ["all threads", "main", "decode_frame", "decode_i", "idct_block"]);
    const idct = await tableRow(page, `${DECODE_I} > idct_block`);
    assert.equal((await tooltip(page)).N, idct.N);
    // The first breadcrumb zooms all the way out; a click on main's row zooms into it: main holds all
    // the run's time, so it spans the whole row at any speed. The position is taken from the canvas
    // as it is when clicked (the tooltip and the histogram above may have moved it).
    await page
      .locator(`${sel(TID.flame.crumbs)} button`)
      .first()
      .click();
    assert.deepEqual(await crumbs(page), ["all threads"]);
    const canvas = page.locator(`${sel(TID.flame.canvas)} canvas`);
    const { width } = (await canvas.boundingBox())!;
    await canvas.click({ position: { x: width / 4, y: ROW + ROW / 2 } });
    assert.deepEqual(await crumbs(page), ["all threads", "main"]);
    await page
      .locator(`${sel(TID.flame.crumbs)} button`)
      .first()
      .click();
    // decode_frame varies (CoV 0.8 over I, P and B frames, ≥ paper 000's 0.4) and holds most of the time: a VCG node.
    await page.fill(sel(TID.flame.search), "decode_frame");
    await page.press(sel(TID.flame.search), "Enter");
    await page.waitForSelector(sel(TID.flame.vcgNode), SLOW);
    assert.match((await page.textContent(sel(TID.flame.vcgNode))) ?? "", /decode_frame/);
    await page.click(sel(TID.flame.vcgNode));
    await page.waitForSelector(sel(TID.vcg.graph), SLOW);
    assert.match(
      (await page.textContent(sel(TID.flame.vcgNode))) ?? "",
      /Node \(\d+\) decode_frame, from the flame graph, is outlined/,
    );
  });

  it("pools a design's runs: widths per run, N over all runs", async () => {
    const { page } = app;
    await app.goto("#/campaign/1");
    await page.selectOption('select[aria-label="design A"]', "blocks-120");
    await page.click(`${sel(TID.campaign.flame)} button`);
    await page.waitForSelector(`${sel(TID.flame.canvas)} canvas`, SLOW);
    assert.match(
      (await page.textContent(sel(TID.flame.view))) ?? "",
      /blocks-120 \(campaign 1\), 3 runs pooled: 14 contexts; width is inclusive time per run/,
    );
    await page.fill(sel(TID.flame.search), "decode_i");
    await page.press(sel(TID.flame.search), "Enter");
    // Three runs of 60 frames, an I frame every 12: 15 calls of decode_i.
    assert.equal((await tooltip(page))["N (3 runs)"], "15");
  });

  it("is reachable by keyboard: arrows move between frames, Enter zooms, Escape zooms out", async () => {
    const { page } = app;
    await app.goto("#/");
    await app.goto("#/run/1");
    await page.waitForSelector(`${sel(TID.flame.canvas)} canvas`, SLOW);
    await page.focus(sel(TID.flame.canvas));
    await page.keyboard.press("ArrowDown");
    assert.match((await page.textContent(`${sel(TID.flame.tooltip)} .title`)) ?? "", /^main$/);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    assert.deepEqual(await crumbs(page), ["all threads", "main", "decode_frame"]);
    await page.keyboard.press("Escape");
    assert.deepEqual(await crumbs(page), ["all threads", "main"]);
    // The measures: the share of the parent's variance colours the same frames.
    await page.selectOption(sel(TID.flame.measure), "variance");
    assert.match((await page.textContent(sel(TID.flame.legend))) ?? "", /100% of the parent's/);
  });

  it("draws two designs' differential flame graph: twice the blocks make decode_i slower, and the tables follow", async () => {
    const { page } = app;
    await app.goto("#/");
    await app.goto("#/compare?a=design:1:blocks-60&b=design:1:blocks-120");
    await page.waitForSelector(`${sel(TID.flame.canvas)} canvas`, SLOW);
    await page.fill(sel(TID.flame.search), "decode_i");
    await page.press(sel(TID.flame.search), "Enter");
    const tip = await tooltip(page);
    // decode_i decodes every block of an I frame: 120 blocks take about twice as long as 60.
    const change = Number(/([+−-][\d.]+)%/.exec(tip.change)![1].replace("−", "-"));
    assert.ok(change > 50, `decode_i changed by ${tip.change}`);
    // Slower, not a significance level: three runs a side on a loaded machine give t near 2 either way.
    assert.ok(Number(tip["Welch's t"]) > 0, `t = ${tip["Welch's t"]}`);
    // The tables keep the contexts at or under the frame picked, decode_i among the slower.
    const slower = await page
      .locator(`${sel(TID.compare.slower)} td.ctx`)
      .evaluateAll((tds) => tds.map((td) => td.getAttribute("title") ?? ""));
    assert.ok(slower.includes(DECODE_I), slower.join("; "));
    assert.ok(
      slower.every((c) => c.startsWith(DECODE_I)),
      slower.join("; "),
    );
    const faster = await page
      .locator(`${sel(TID.compare.faster)} td.ctx`)
      .evaluateAll((tds) => tds.map((td) => td.getAttribute("title") ?? ""));
    assert.ok(
      faster.every((c) => c.startsWith(DECODE_I)),
      faster.join("; "),
    );
    await app.screenshot("14-flame-diff");
    // A's shape draws the same tree (no context is new or gone between block counts).
    await page.selectOption(sel(TID.flame.shape), "a");
    await page.waitForSelector(`${sel(TID.flame.canvas)} canvas`);
    assert.deepEqual(app.pageErrors, []);
  });

  it("follows the dark theme", async () => {
    const dark = await openBrowserApp(ws, "dark");
    try {
      await dark.goto("#/run/1");
      await dark.page.waitForSelector(`${sel(TID.flame.canvas)} canvas`, SLOW);
      await dark.page.fill(sel(TID.flame.search), "idct");
      await dark.screenshot("15-flame-run-dark");
      await dark.goto("#/compare?a=design:1:blocks-60&b=design:1:blocks-120");
      await dark.page.waitForSelector(`${sel(TID.flame.canvas)} canvas`, SLOW);
      await dark.screenshot("16-flame-diff-dark");
      assert.deepEqual(dark.pageErrors, []);
    } finally {
      await dark.close();
    }
  });

  it("renders and zooms a CCT of 100,000 contexts (figures printed)", async () => {
    const trace = join(tempDir("e2e-flame-big"), "wide.json");
    writeFileSync(trace, wideTrace(100, 1000));
    const big = join(tempDir("e2e-flame-big"), "ws");
    assert.equal(varbench(["workspace", "init", big]).status, 0);
    const imported = varbench(["-w", big, "import", trace, "--project", "big"]);
    assert.equal(imported.status, 0, imported.stderr);
    const b = await openBrowserApp(big);
    try {
      const t0 = Date.now();
      await b.goto("#/run/1");
      await b.page.waitForSelector(`${sel(TID.flame.canvas)} canvas[data-draws]`, SLOW);
      const firstMs = Date.now() - t0;
      assert.match((await b.page.textContent(sel(TID.flame.view))) ?? "", /100,101 contexts/);
      // Zoom by search (module m57), then by a click on its first callee, then out by the first crumb.
      const figures: number[] = [];
      const interaction = async (act: () => Promise<void>) => {
        const before = await b.page.getAttribute(`${sel(TID.flame.canvas)} canvas`, "data-draws");
        await act();
        await b.page.waitForFunction(
          `document.querySelector('${sel(TID.flame.canvas)} canvas')?.getAttribute("data-draws") !== ${JSON.stringify(before)}`,
        );
        figures.push(Number(await b.page.getAttribute(`${sel(TID.flame.canvas)} canvas`, "data-interaction-ms")));
      };
      await b.page.fill(sel(TID.flame.search), "m57");
      await interaction(() => b.page.press(sel(TID.flame.search), "Enter"));
      assert.deepEqual(await b.page.locator(`${sel(TID.flame.crumbs)} button`).allTextContents(), [
        "all threads",
        "main",
        "m57",
      ]);
      const box = (await b.page.locator(`${sel(TID.flame.canvas)} canvas`).boundingBox())!;
      await interaction(() => b.page.mouse.click(box.x + 2, box.y + 3 * ROW + ROW / 2));
      assert.equal((await b.page.locator(`${sel(TID.flame.crumbs)} button`).allTextContents()).length, 4);
      await interaction(() =>
        b.page
          .locator(`${sel(TID.flame.crumbs)} button`)
          .first()
          .click(),
      );
      await b.screenshot("17-flame-100k");
      console.log(
        `flame graph of 100,101 contexts: first drawn ${firstMs} ms after navigation (load, index, layout, draw); zoom by search ${figures[0]} ms, zoom by click ${figures[1]} ms, zoom out ${figures[2]} ms (layout and drawing per interaction)`,
      );
      assert.deepEqual(b.pageErrors, []);
    } finally {
      await b.close();
    }
  });
});

/** A Chrome trace of main → `modules` modules → `fns` functions each: 1 + modules·(1 + fns) contexts. */
function wideTrace(modules: number, fns: number): string {
  const events: string[] = [];
  let ts = 0;
  const ev = (ph: string, name: string) => events.push(`{"name":"${name}","ph":"${ph}","ts":${ts},"pid":1,"tid":1}`);
  ev("B", "main");
  for (let m = 0; m < modules; m++) {
    ts += 1;
    ev("B", `m${m}`);
    for (let f = 0; f < fns; f++) {
      ts += 1;
      ev("B", `m${m}_f${f}`);
      ts += 1 + ((m * 7 + f * 13) % 5);
      ev("E", `m${m}_f${f}`);
    }
    ts += 1;
    ev("E", `m${m}`);
  }
  ts += 1;
  ev("E", "main");
  return `{"traceEvents":[\n${events.join(",\n")}\n]}\n`;
}
