// The Trends view end to end in Chromium (paper 002): a workspace built by the
// real command line from the thesis's bubble sort under gcov, opened from the
// campaign page — the ranked clusters, the compares cluster's n^2.00 and the
// size cluster's n^1.00, a cluster's best-fit and residuals plots — two
// designs' trends compared, and bubble sort under uftrace per function
// (CF-TrendProf, ch. 3): bsort's models in n and in its argument, rule 3.8,
// swap's call-count ≈ n². Screenshots go to test-results/screenshots.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { idle, openBrowserApp, SCREENSHOTS, VIEWPORT, type BrowserApp } from "../helpers/browserApp.js";
import { TID } from "../../renderer/src/testIds.js";

const sel = (id: string) => `[data-testid="${id}"]`;
const BSORT = join(ROOT, "examples", "bsort.c");
/** Two designs of one program under callgrind (merge sort against insertion sort), when the example exists. */
const SORTS = join(ROOT, "examples", "campaigns", "sorts_callgrind.yaml");
/** Bubble sort under uftrace (18 runs), bsort's first argument captured as "bsort.arg1": campaign 3. */
const BSORT_UFTRACE = join(ROOT, "examples", "campaigns", "bsort_uftrace.yaml");
/** Analyses and campaigns on a loaded 2-core machine: generous, never a timing assertion. */
const SLOW = { timeout: 180_000 };

/** The file:line of the first line of code in bsort.c containing `text` (as the integration test finds it). */
const lineOf = (text: string) =>
  `${BSORT}:${
    readFileSync(BSORT, "utf8")
      .split("\n")
      .findIndex((l) => l.includes(text) && !/^\s*(\/\*|\*)/.test(l)) + 1
  }`;
/** "2.01 (1.99 … 2.02)", an exponent with its interval → the interval's midpoint and width. */
function interval(text: string): { mid: number; width: number } {
  const m = /\((\S+) … (\S+)\)$/.exec(text);
  const [low, high] = m ? [Number(m[1]), Number(m[2])] : [NaN, NaN];
  return { mid: (low + high) / 2, width: high - low };
}

/** The two designs to compare: the callgrind sorts example, or a spec of our own (two loops under gcov). */
function comparisonSpec(): { spec: string; a: string; b: string; worse: string } {
  if (existsSync(SORTS)) return { spec: SORTS, a: "merge", b: "insertion", worse: "insertion" };
  const dir = tempDir("e2e-loops");
  writeFileSync(
    join(dir, "loops.c"),
    [
      "#include <stdlib.h>",
      "int main(int argc, char **argv)",
      "{",
      "\tlong n = atol(argv[2]);",
      "\tint square = argv[1][0] == 's';",
      "\tvolatile long s = 0;",
      "\tfor (long i = 0; i < n; i++)",
      "\t\tfor (long j = 0; j < (square ? n : 1); j++)",
      "\t\t\ts += j;",
      "\treturn 0;",
      "}",
      "",
    ].join("\n"),
  );
  const build = `[gcc, --coverage, -O0, -o, "{build_dir}/loops", "{spec_dir}/loops.c"]`;
  const workloads = [10, 30, 100, 300, 1000].map(
    (n) => `  - { name: n-${n}, argv: ["{build_dir}/loops", "{mode}", "{n}"], features: { n: ${n} } }`,
  );
  writeFileSync(
    join(dir, "loops.yaml"),
    [
      "project: trends-e2e",
      "name: loops",
      "designs:",
      `  - { name: linear, variables: { mode: linear }, build: ${build} }`,
      `  - { name: square, variables: { mode: square }, build: ${build} }`,
      "workloads:",
      ...workloads,
      "repetitions: 2",
      "profiler: gcov",
      "order: sequential",
      "timeout: 60s",
      "",
    ].join("\n"),
  );
  return { spec: join(dir, "loops.yaml"), a: "linear", b: "square", worse: "square" };
}

/** Scrolled to the top, so a full-page screenshot does not draw the sticky header mid-page. */
const top = (page: BrowserApp["page"]) => page.evaluate("window.scrollTo(0, 0)");
/** An element's text as the page shows it: a run of whitespace (a sentence the markup wraps across lines) is one space. */
const shownText = async (page: BrowserApp["page"], selector: string) =>
  ((await page.textContent(selector)) ?? "").replace(/\s+/g, " ");

let app: BrowserApp;
let ws: string;
const compared = comparisonSpec();

before(async () => {
  process.env.VARBENCH_CONFIG_DIR ??= tempDir("config");
  ws = join(tempDir("e2e-trends"), "ws");
  assert.equal(varbench(["workspace", "init", ws]).status, 0);
  // Campaign 1: bubble sort on 60 to 4,000 ints under gcov (18 runs); campaign 2: two designs;
  // campaign 3: bubble sort on 25 to 800 ints under uftrace (18 runs).
  for (const spec of [join(ROOT, "examples", "campaigns", "bsort_gcov.yaml"), compared.spec, BSORT_UFTRACE]) {
    const r = varbench(["-w", ws, "campaign", "run", spec]);
    assert.equal(r.status, 0, r.stderr);
  }
  app = await openBrowserApp(ws);
});

after(async () => {
  await app?.close();
});

describe("trends in the browser", () => {
  it("ranks bubble sort's clusters: the compares first at n^2.00, the size cluster at n^1.00", async () => {
    const { page } = app;
    await app.goto("#/campaign/1");
    await page.click(`${sel(TID.campaign.trends)} button`);
    await page.waitForSelector(sel(TID.trends.cluster), SLOW);
    assert.match(page.url(), /#\/trends\?campaign=1$/);
    assert.match(
      await shownText(page, sel(TID.trends.summary)),
      /18 workloads · costs from gcov · feature n · 2 clusters \(\d costly\)/,
    );
    const cells = (row: ReturnType<typeof page.locator>) => row.locator('[role="gridcell"]').allTextContents();
    const first = page.locator(sel(TID.trends.cluster)).first();
    // Columns: rank, costly, representative, locations, max cost, max share, model, R², SE/mean, exponent (95%), prediction.
    const top = await cells(first);
    assert.equal(top[0], "1");
    assert.equal(
      await first.locator('[role="gridcell"]').nth(2).getAttribute("title"),
      lineOf("while (j < n)"),
      "the compares cluster's representative (002 §2.3.1)",
    );
    // The compares: a powerlaw in n^2.00 (a fixed cost's third parameter does not pay for itself here).
    assert.match(top[6], /^\d\.\d\d·n\^2\.00$/);
    const b2 = interval(top[9]);
    assert.ok(Math.abs(b2.mid - 2) < 0.05 && b2.width < 0.2, top[9]);
    // The size lines, 1 + 8n exactly: a line, whose exponent is 1 by its form.
    const size = await cells(page.locator(sel(TID.trends.cluster), { hasText: "feature n" }));
    assert.equal(size[9], "1 (linear)");
    await app.screenshot("21-trends");
    // The export is the engine's exporter's, as the command line's --csv.
    await page.selectOption(`${sel(TID.export.menu)} ${sel(TID.export.format)}`, "csv");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.click(`${sel(TID.export.menu)} ${sel(TID.export.button)}`),
    ]);
    assert.equal(download.suggestedFilename(), "trends-campaign-1.csv");
    assert.match(readFileSync((await download.path())!, "utf8").split("\n")[0], /^rank,cluster,locations,max_cost/);

    await first.click();
    await page.waitForSelector(`${sel(TID.trends.fit)} canvas`, SLOW);
    await page.waitForSelector(`${sel(TID.trends.residuals)} canvas`, SLOW);
    const members = await shownText(page, sel(TID.trends.members));
    // Each location with its own exponent and interval (issue 28 item 5a): the compares all grow as n².
    assert.match(members, /bsort\.c:\d+ n\^2\.0\d \([\d.]+ … [\d.]+\) · representative/);
    assert.doesNotMatch(members, /\/examples\//, "members by their file's basename");
    assert.match(
      await shownText(page, sel(TID.trends.alternatives)),
      /the smallest AICc \(the corrected Akaike criterion on the relative error Σ \(log ŷ\/y\)²\)/,
    );
    await app.screenshot("22-trends-cluster");

    await page.locator(sel(TID.trends.cluster), { hasText: "feature n" }).click();
    await page.waitForSelector(`${sel(TID.trends.selected)} h3:has-text("feature n")`);
    await app.screenshot("23-trends-feature-n");
    assert.deepEqual(app.pageErrors, []);
  });

  it(`compares two designs' trends from the campaign page: ${compared.worse} scales worse`, async () => {
    const { page } = app;
    await app.goto("#/campaign/2");
    await page.selectOption('select[aria-label="design A"]', compared.a);
    await page.selectOption('select[aria-label="design B"]', compared.b);
    await page.click(`${sel(TID.campaign.compareTrends)} button`);
    await page.waitForSelector(sel(TID.trends.verdict), SLOW);
    assert.match(page.url(), new RegExp(`#/trends\\?campaign=2&a=${compared.a}&b=${compared.b}$`));
    assert.match(
      await shownText(page, sel(TID.trends.verdict)),
      new RegExp(`^${compared.worse} scales worse: its exponent in n is larger by \\d\\.\\d\\d`),
    );
    assert.equal(
      await page.locator(sel(TID.trends.location)).first().locator('[role="gridcell"]').nth(1).textContent(),
      "(whole program)",
    );
    await page.waitForSelector(`${sel(TID.trends.comparison)} canvas`, SLOW);
    await app.screenshot("24-trends-compare");
    // One design alone, from the design selector: its clusters and the top one's plots.
    await page.selectOption('select[aria-label="design B"]', "");
    await page.waitForSelector(sel(TID.trends.cluster), SLOW);
    assert.match(page.url(), new RegExp(`#/trends\\?campaign=2&design=${compared.a}$`));
    await page.locator(sel(TID.trends.cluster)).first().click();
    await page.waitForSelector(`${sel(TID.trends.fit)} canvas`, SLOW);
    await app.screenshot("26-trends-one-design");
    assert.deepEqual(app.pageErrors, []);
  });

  it("models bubble sort per function under uftrace (CF-TrendProf): main first, bsort in n and in bsort.arg1, rule 3.8, swap's calls ≈ n²", async () => {
    const { page } = app;
    const row = (id: string, name: string) =>
      page.locator(sel(id)).filter({ has: page.getByRole("gridcell", { name, exact: true }) });
    const models = () => page.locator(sel(TID.trends.model));
    await app.goto("#/trends?campaign=3");
    await page.click(sel(TID.trends.modeFunctions));
    await page.waitForSelector(sel(TID.trends.function), SLOW);
    assert.match(page.url(), /#\/trends\?campaign=3&functions=1$/);
    assert.match(
      await shownText(page, sel(TID.trends.fnSummary)),
      /18 runs · cost = time \(ns; on-CPU where the traces hold scheduler events\) · feature n · \d+ functions/,
    );
    // §3.4.5's top-level page: by maximum total-transitive-cost, main (everything under it) first.
    assert.equal(
      await page.locator(sel(TID.trends.function)).first().locator('[role="gridcell"]').nth(1).textContent(),
      "main",
    );
    await top(page);
    await app.screenshot("27-trends-functions");

    await row(TID.trends.function, "bsort").click();
    await page.waitForSelector(`${sel(TID.trends.fnSelected)} h3:text-is("bsort")`);
    assert.match(await shownText(page, sel(TID.trends.fnSelected)), /invocation features: bsort\.arg1/);
    await row(TID.trends.variable, "self-cost").click();
    await page.waitForSelector(`${sel(TID.trends.fnFit)} canvas`, SLOW);
    await page.waitForSelector(`${sel(TID.trends.fnResiduals)} canvas`, SLOW);
    // A model in the invocation feature pays V = 3 (§3.4.3); columns: model, source, score, error, ℓ, V, t, SE, SE/mean.
    const inArg = models().filter({ hasText: "bsort.arg1" }).first();
    assert.equal(await inArg.locator("td").nth(5).textContent(), "3");
    assert.equal(
      await models().first().locator("td").nth(5).textContent(),
      "2",
      "the best model is in the workload feature n",
    );
    await top(page);
    await app.screenshot("28-trends-function-self");

    await row(TID.trends.variable, "transitive-cost").click();
    await page.waitForSelector(`${sel(TID.trends.varSelected)} h3:has-text("transitive-cost of bsort")`);
    assert.ok(
      (await models().locator("td:nth-child(2)").allTextContents()).some((t) => /^rule 3\.8: \(.+\) ⊕ \(.+\)$/.test(t)),
      "self ⊕ the calls to swap (rule 3.8)",
    );
    await models().filter({ hasText: "rule 3.8" }).first().locator("button").click();
    await page.waitForSelector(`${sel(TID.trends.varSelected)} h3:has-text("rule 3.8")`);
    await top(page);
    await app.screenshot("29-trends-function-rule-3-8");

    // Calls as the cost: the open function and variable stay open in the new result.
    await page.selectOption(sel(TID.trends.cost), "calls");
    await page.waitForSelector(`${sel(TID.trends.varSelected)} h3:has-text("transitive-cost of bsort")`, SLOW);
    assert.match(page.url(), /&functions=1&cost=calls&fn=bsort&var=transitive$/);
    await page.click(`${sel(TID.trends.callee)}[data-name="swap"]`);
    await page.waitForSelector(`${sel(TID.trends.fnSelected)} h3:text-is("swap")`);
    await row(TID.trends.variable, "call-count").click();
    await page.waitForSelector(`${sel(TID.trends.varSelected)} h3:has-text("call-count of swap")`);
    // swap is called once per inversion of the drawn array, about n²/4 times (002 Figure 3.11: 0.2n²).
    assert.match((await models().first().locator("td").first().textContent()) ?? "", /n\^(1\.9|2\.0)/);
    await page.waitForSelector(`${sel(TID.trends.fnFit)} canvas`);
    await top(page);
    await app.screenshot("30-trends-function-calls");
    // The export is the engine's, as `varbench trends 3 --functions --cost calls --csv`.
    await page.selectOption(`${sel(TID.export.menu)} ${sel(TID.export.format)}`, "csv");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.click(`${sel(TID.export.menu)} ${sel(TID.export.button)}`),
    ]);
    assert.equal(download.suggestedFilename(), "functionTrends-campaign-3-cost-calls.csv");
    assert.ok(readFileSync((await download.path())!, "utf8").includes("swap"));
    assert.deepEqual(app.pageErrors, []);
  });

  it("follows a dark system theme", async () => {
    const context = await app.browser.newContext({ viewport: VIEWPORT, colorScheme: "dark" });
    try {
      const page = await context.newPage();
      await page.goto(app.server.openUrl);
      await page.evaluate(
        (h) => ((globalThis as unknown as { location: { hash: string } }).location.hash = h),
        "#/trends?campaign=1",
      );
      await page.locator(sel(TID.trends.cluster)).first().click(SLOW);
      await page.waitForSelector(`${sel(TID.trends.fit)} canvas`, SLOW);
      await idle(page);
      assert.equal(await page.evaluate("getComputedStyle(document.body).backgroundColor"), "rgb(13, 17, 23)");
      await page.screenshot({ path: join(SCREENSHOTS, "25-trends-dark.png"), fullPage: true });
      // The per-function page opened by its route: bsort's transitive-cost.
      await page.evaluate(
        (h) => ((globalThis as unknown as { location: { hash: string } }).location.hash = h),
        "#/trends?campaign=3&functions=1&fn=bsort&var=transitive",
      );
      await page.waitForSelector(`${sel(TID.trends.fnFit)} canvas`, SLOW);
      await idle(page);
      await page.screenshot({ path: join(SCREENSHOTS, "31-trends-functions-dark.png"), fullPage: true });
    } finally {
      await context.close();
    }
  });
});
