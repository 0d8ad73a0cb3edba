// The sandwich view and the left-heavy flame graph in Chromium (issue 31 item
// 4) on a real uftrace run of examples/recursion.c (fib's direct recursion,
// even/odd's mutual one, leaf called from all three). Every number the page
// shows is checked against the CCT's own rows (`varbench cct --json`), summed
// here by call path: a function's total is the inclusive time of the contexts
// where it occurs once in the path (its outermost frames), its callers' times
// the same contexts grouped by the function before it. No number comes from
// the code under test.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { readFileSync, writeFileSync } from "node:fs";
import { ROOT, tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { openBrowserApp, type BrowserApp } from "../helpers/browserApp.js";
import { TID } from "../../renderer/src/testIds.js";
import { formatNs } from "../../engine/format/numbers.js";

const sel = (id: string) => `[data-testid="${id}"]`;
const SLOW = { timeout: 180_000 };
/** Canvas rows are 18 CSS pixels high (FlameGraph.svelte). */
const ROW = 18;

interface Row {
  readonly path: readonly string[];
  readonly inclusiveNs: number;
  readonly selfNs: number;
  readonly n: number;
}

let app: BrowserApp;
let rows: Row[];
let ws: string;

before(async () => {
  process.env.VARBENCH_CONFIG_DIR ??= tempDir("config");
  const dir = tempDir("e2e-sandwich");
  ws = join(dir, "ws");
  assert.equal(varbench(["workspace", "init", ws]).status, 0);
  // fib(6) and even(6..8) 20 times: recursion 7 and 11 frames deep under main.
  const spec = join(dir, "recursion.yaml");
  writeFileSync(
    spec,
    [
      "project: examples",
      "name: recursion-trace",
      "designs:",
      "  - name: depth-6",
      "    variables: { depth: 6 }",
      "workloads:",
      "  - name: rounds-20",
      `    argv: ["${join(ROOT, "examples", "build", "recursion")}", "{depth}", "{rounds}"]`,
      "    features: { rounds: 20 }",
      "repetitions: 1",
      "profiler: { name: uftrace, options: [--no-event] }",
      "timeout: 60s",
      "",
    ].join("\n"),
  );
  const r = varbench(["-w", ws, "campaign", "run", spec]);
  assert.equal(r.status, 0, r.stderr);
  // Run 2: deep_stack's recursion 200 levels deep, a tree taller than the window.
  const deep = join(dir, "deep.yaml");
  writeFileSync(
    deep,
    [
      "project: examples",
      "name: deep-trace",
      "designs:",
      "  - name: depth-200",
      "workloads:",
      "  - name: once",
      `    argv: ["${join(ROOT, "examples", "build", "deep_stack")}", "200", "1"]`,
      "repetitions: 1",
      "profiler: { name: uftrace, options: [--no-event] }",
      "timeout: 60s",
      "",
    ].join("\n"),
  );
  const d = varbench(["-w", ws, "campaign", "run", deep]);
  assert.equal(d.status, 0, d.stderr);
  const cct = varbench(["-w", ws, "cct", "1", "--json"]);
  assert.equal(cct.status, 0, cct.stderr);
  rows = (JSON.parse(cct.stdout) as { contexts: Row[] }).contexts;
  app = await openBrowserApp(ws);
});

after(async () => {
  await app?.close();
});

/** The contexts where `fn` is the outermost occurrence: its last frame, and nowhere before it. */
const outermost = (fn: string) => rows.filter((r) => r.path.at(-1) === fn && r.path.indexOf(fn) === r.path.length - 1);
const sum = (rs: readonly Row[], key: "inclusiveNs" | "selfNs" | "n") => rs.reduce((s, r) => s + r[key], 0);
/** Time spent in `fn` through each direct caller, heaviest first. */
function callersOf(fn: string): [string, number][] {
  const by = new Map<string, number>();
  for (const r of outermost(fn)) by.set(r.path.at(-2)!, (by.get(r.path.at(-2)!) ?? 0) + r.inclusiveNs);
  return [...by].sort((a, b) => b[1] - a[1]);
}
/** What `fn` called directly, all its outermost contexts merged: callee → time. */
function calleesOf(fn: string): [string, number][] {
  const by = new Map<string, number>();
  for (const o of outermost(fn))
    for (const r of rows)
      if (r.path.length === o.path.length + 1 && o.path.every((f, i) => r.path[i] === f))
        by.set(r.path.at(-1)!, (by.get(r.path.at(-1)!) ?? 0) + r.inclusiveNs);
  return [...by].sort((a, b) => b[1] - a[1]);
}

/** The focused frame's tooltip in the graph `id`: its title and rows. */
async function focused(id: string): Promise<{ title: string; rows: Record<string, string> }> {
  const tip = app.page.locator(`${sel(id)} ${sel(TID.flame.tooltip)}`);
  await tip.waitFor();
  const title = (await tip.locator(".title").textContent()) ?? "";
  const cells = await tip
    .locator("tr")
    .evaluateAll((trs) =>
      trs.map((tr) => [tr.querySelector("th")?.textContent ?? "", tr.querySelector("td")?.textContent ?? ""]),
    );
  return { title, rows: Object.fromEntries(cells) };
}

/**
 * The flame graph is as tall as its tree: one row per level of the deepest context drawn (a frame of a pixel
 * or more: a machine's pre-emption can shrink the innermost calls' share under one), and the root's row.
 * Returns the levels drawn.
 */
async function tallAsItsTree(): Promise<number> {
  const box = (await app.page.locator(`${sel(TID.flame.graph)} canvas`).boundingBox())!;
  const all = sum(
    rows.filter((r) => r.path.length === 1),
    "inclusiveNs",
  );
  const depthOf = (px: number) =>
    Math.max(...rows.filter((r) => (r.inclusiveNs / all) * box.width >= px).map((r) => r.path.length)) + 1;
  // A frame within a hair of a pixel may fall either side of the layout's own rounding.
  const [shallow, deep] = [depthOf(1.01), depthOf(0.99)];
  const height = Math.round(box.height);
  assert.ok(height >= shallow * ROW && height <= deep * ROW, `${height} px for ${shallow}–${deep} rows`);
  return Math.round(height / ROW);
}

/** Focus the graph `id` at its root and press these keys. */
async function walk(id: string, keys: readonly string[]): Promise<void> {
  await app.page.focus(`${sel(id)} ${sel(TID.flame.canvas)}`);
  await app.page.keyboard.press("Home");
  for (const k of keys) await app.page.keyboard.press(k);
}

describe("sandwich view and left-heavy flame graph", () => {
  it("draws the whole tree, orders children by name or heaviest first, and keeps the order in the address", async () => {
    const { page } = app;
    await app.goto("#/flame?t=run:1");
    await page.waitForSelector(`${sel(TID.flame.canvas)} canvas`, SLOW);
    const canvas = page.locator(`${sel(TID.flame.graph)} canvas`);
    assert.ok((await tallAsItsTree()) > 5, "the recursion is more than five levels deep");
    const width = (await canvas.boundingBox())!.width;
    const all = sum(
      rows.filter((r) => r.path.length === 1),
      "inclusiveNs",
    );
    const stage = await page.locator(sel(TID.flame.canvas)).evaluate((e) => [e.scrollHeight, e.clientHeight]);
    assert.ok(stage[0] <= stage[1] + 1, `the panel shows every row (${stage[0]} ≤ ${stage[1]})`);
    // main's callees (fib, even, and atoi through the PLT) in name order, then heaviest first; the
    // keys walk the frames drawn, those at least a pixel wide.
    const kids = calleesOf("main").filter(([, ns]) => (ns / all) * width >= 1);
    assert.ok(kids.length >= 2 && kids.some(([f]) => f === "fib") && kids.some(([f]) => f === "even"));
    const toLeftmost = ["ArrowDown", "ArrowDown", ...kids.map(() => "ArrowLeft")];
    await walk(TID.flame.graph, toLeftmost);
    const byName = kids.map(([f]) => f).sort((x, y) => x.localeCompare(y, "en"));
    assert.equal((await focused(TID.flame.graph)).title, byName[0]);
    await page.keyboard.press("ArrowRight");
    assert.equal((await focused(TID.flame.graph)).title, byName[1]);
    await page.check(sel(TID.flame.leftHeavy));
    await walk(TID.flame.graph, toLeftmost);
    for (const [i, [f]] of kids.entries()) {
      if (i > 0) await page.keyboard.press("ArrowRight");
      assert.equal((await focused(TID.flame.graph)).title, f);
    }
    assert.match(
      await page.evaluate(() => (globalThis as unknown as { location: { hash: string } }).location.hash),
      /[?&]order=heavy\b/,
    );
    await app.screenshot("31-flame-left-heavy");
    // The address keeps the order: leave and come back.
    const hash = await page.evaluate(() => (globalThis as unknown as { location: { hash: string } }).location.hash);
    await app.goto("#/");
    await app.goto(hash);
    await page.waitForSelector(`${sel(TID.flame.canvas)} canvas`, SLOW);
    assert.equal(await page.isChecked(sel(TID.flame.leftHeavy)), true);
  });

  it("scrolls a tree taller than the window inside the panel", async () => {
    const { page } = app;
    await app.goto("#/flame?t=run:2");
    await page.waitForSelector(`${sel(TID.flame.canvas)} canvas`, SLOW);
    const [scrollHeight, clientHeight] = await page
      .locator(sel(TID.flame.canvas))
      .evaluate((e) => [e.scrollHeight, e.clientHeight]);
    const window = await page.evaluate(() => (globalThis as unknown as { innerHeight: number }).innerHeight);
    assert.ok(clientHeight <= window && scrollHeight > clientHeight, `${scrollHeight} in ${clientHeight} of ${window}`);
    // Its last rows are reached by scrolling the panel: descend's leaf at the bottom of 160 rows drawn.
    await page.locator(sel(TID.flame.canvas)).evaluate((e) => e.scrollTo(0, e.scrollHeight));
    await app.screenshot("35-flame-deep-scrolled");
  });

  it("shows leaf's callers and fib's callees with the CCT's totals, reached by a key and from the CCT table", async () => {
    const { page } = app;
    await app.goto("#/flame?t=run:1&order=heavy");
    await page.waitForSelector(`${sel(TID.flame.canvas)} canvas`, SLOW);
    // S on main's heaviest callee opens the sandwich of that function.
    await walk(TID.flame.graph, ["ArrowDown", "ArrowDown", "s"]);
    await page.waitForSelector(sel(TID.flame.sandwichSummary));
    const heaviest = calleesOf("main")[0][0];
    assert.match((await page.textContent(sel(TID.flame.sandwichSummary))) ?? "", new RegExp(`^${heaviest}: total`));
    // The functions table: leaf's calls and total from the rows (never recursive, so its total is all its contexts).
    const leafRow = page.locator(sel(TID.flame.functionRow), { has: page.getByText("leaf", { exact: true }) });
    const cells = await leafRow.locator('[role="gridcell"]').allTextContents();
    assert.equal(cells[0], "leaf");
    assert.equal(cells[3], formatNs(sum(outermost("leaf"), "inclusiveNs")));
    assert.equal(cells[5], sum(outermost("leaf"), "n").toLocaleString());
    await leafRow.click();
    const total = sum(outermost("leaf"), "inclusiveNs");
    assert.match(
      (await page.textContent(sel(TID.flame.sandwichSummary))) ?? "",
      new RegExp(`^leaf: total ${formatNs(total)}`),
    );
    // leaf's callers, heaviest first: fib, even and odd each with the time leaf spent under it.
    const callers = callersOf("leaf");
    assert.deepEqual(callers.map(([f]) => f).sort(), ["even", "fib", "odd"]);
    await walk(TID.flame.callers, ["ArrowDown"]);
    for (const [i, [name, ns]] of callers.entries()) {
      if (i > 0) await page.keyboard.press("ArrowRight");
      const tip = await focused(TID.flame.callers);
      assert.equal(tip.title, name);
      assert.ok(tip.rows["leaf through it"].startsWith(`${formatNs(ns)} (`), `${name}: ${tip.rows["leaf through it"]}`);
    }
    await app.screenshot("32-sandwich-leaf");
    // fib's total counts its outermost frames only; its callees are fib (the recursion) and leaf.
    await page.locator(sel(TID.flame.functionRow), { has: page.getByText("fib", { exact: true }) }).click();
    const fibTotal = sum(outermost("fib"), "inclusiveNs");
    const allFib = sum(
      rows.filter((r) => r.path.at(-1) === "fib"),
      "inclusiveNs",
    );
    assert.ok(allFib > fibTotal, "summing every fib context would count the recursion many times");
    assert.match(
      (await page.textContent(sel(TID.flame.sandwichSummary))) ?? "",
      new RegExp(`^fib: total ${formatNs(fibTotal)}`),
    );
    const callees = calleesOf("fib");
    assert.deepEqual(callees.map(([f]) => f).sort(), ["fib", "leaf"]);
    await walk(TID.flame.callees, ["ArrowDown"]);
    for (const [i, [name, ns]] of callees.entries()) {
      if (i > 0) await page.keyboard.press("ArrowRight");
      const tip = await focused(TID.flame.callees);
      assert.equal(tip.title, name);
      assert.ok(tip.rows.time.startsWith(`${formatNs(ns)} (`), `${name}: ${tip.rows.time}`);
    }
    assert.match(
      await page.evaluate(() => (globalThis as unknown as { location: { hash: string } }).location.hash),
      /view=sandwich&fn=fib/,
    );
    await app.screenshot("33-sandwich-fib");
    // From the run page's CCT table: a context picked links to its function's sandwich.
    await app.goto("#/run/1");
    await page.waitForSelector(sel(TID.run.cctRow), SLOW);
    await page.locator(sel(TID.run.cctRow), { has: page.locator('[title="main > even"]') }).click();
    // The run page's flame graph shows every row too.
    await tallAsItsTree();
    await app.screenshot("34-run-cct-to-sandwich");
    await page.click(sel(TID.flame.cctSandwich));
    await page.waitForSelector(sel(TID.flame.sandwichSummary), SLOW);
    assert.match(
      (await page.textContent(sel(TID.flame.sandwichSummary))) ?? "",
      new RegExp(`^even: total ${formatNs(sum(outermost("even"), "inclusiveNs"))}`),
    );
    assert.deepEqual(app.pageErrors, []);
  });

  it("names the nearest functions for a name not in the graph, and exports a sandwich as the command line prints it", async () => {
    const { page } = app;
    await app.goto("#/flame?t=run:1&view=sandwich&fn=lef");
    const missing = page.locator(sel(TID.flame.sandwichMissing));
    await missing.waitFor(SLOW);
    assert.match(
      (await missing.innerText()).replace(/\s+/g, " "),
      /No function "lef" in this graph; the nearest names: leaf\b/,
    );
    await app.screenshot("36-sandwich-nearest");
    await missing.getByRole("button", { name: "leaf" }).click();
    await page.waitForSelector(sel(TID.flame.sandwichSummary));
    const m = page.locator(`${sel(TID.export.menu)}[data-kind="sandwich"]`);
    assert.deepEqual(await m.locator(`${sel(TID.export.format)} option`).allTextContents(), ["Text", "CSV", "JSON"]);
    await m.locator(sel(TID.export.format)).selectOption("csv");
    const [download] = await Promise.all([
      page.waitForEvent("download", SLOW),
      m.locator(sel(TID.export.button)).click(),
    ]);
    assert.equal(download.suggestedFilename(), "sandwich-run-1-function-leaf.csv");
    const cli = varbench(["-w", ws, "sandwich", "run:1", "leaf", "--csv"]);
    assert.equal(cli.status, 0, cli.stderr);
    assert.equal(readFileSync((await download.path())!, "utf8").replace(/\n*$/, "\n"), cli.stdout);
    assert.deepEqual(app.pageErrors, []);
  });
});
