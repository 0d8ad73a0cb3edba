// The history page end to end in Chromium (issue 33 item 4): examples/versioned.c measured under uftrace at 8
// versions by the real command line (`campaign run --program-version`), its transform() made 30 % busier
// from v05 on. The measure is the calls uftrace recorded, a count that does not depend on the machine's
// speed. Opened from the project page: the change point listed at v05 as a regression, its explanation
// naming transform() → step(), the CSV downloaded equal to `varbench history … --csv`, and a measure no
// campaign records said in words. Screenshots go to test-results/screenshots.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildExamples, ROOT, tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { openBrowserApp, type BrowserApp } from "../helpers/browserApp.js";
import { TID } from "../../renderer/src/testIds.js";

const sel = (id: string) => `[data-testid="${id}"]`;
/** The fewest versions the default test can split (at least 3 a side, engine/history/parameters.ts) with room
 * for its permutation test to reach p ≤ 0.05: 4 a side. */
const VERSIONS = 8;
const REGRESSED_FROM = 5;
const label = (v: number) => `v${String(v).padStart(2, "0")}`;
/** Campaigns and analyses on a loaded 2-core machine: generous, never a timing assertion. */
const SLOW = { timeout: 180_000 };
let app: BrowserApp;
let ws: string;

before(async () => {
  buildExamples();
  const root = tempDir("e2e-history");
  ws = join(root, "ws");
  assert.equal(varbench(["workspace", "init", ws]).status, 0);
  const program = join(ROOT, "examples", "build", "versioned");
  for (let v = 1; v <= VERSIONS; v++) {
    const spec = join(root, `${label(v)}.yaml`);
    writeFileSync(
      spec,
      [
        "project: versions",
        `name: run-${label(v)}`,
        "designs:",
        "  - name: O0",
        "workloads:",
        "  - name: regressed",
        `    argv: ["${program}", "${v}", "${REGRESSED_FROM}"]`,
        "repetitions: 1",
        "profiler: uftrace",
        "order: sequential",
        "timeout: 60s",
        "",
      ].join("\n"),
    );
    const r = varbench(["-w", ws, "campaign", "run", spec, "--program-version", label(v)]);
    assert.equal(r.status, 0, r.stderr);
  }
  app = await openBrowserApp(ws);
});

after(() => app?.close());

describe("history across versions in the workbench", () => {
  it(
    "marks the change point where the regression came in, explains it, and exports the CSV the CLI prints",
    SLOW,
    async () => {
      const { page } = app;
      await app.goto("#/project/1");
      await page.click(sel(TID.project.history));
      await page.waitForSelector(sel(TID.history.filters));
      // The recorded calls, as --metric calls: the measure chosen from the filters.
      await page.selectOption(`${sel(TID.history.filters)} select >> nth=2`, "calls");
      await page.waitForSelector(sel(TID.history.change));
      assert.match(page.url(), /#\/project\/1\/history\?measure=calls$/);
      const changes = page.locator(sel(TID.history.change));
      assert.equal(await changes.count(), 1, "one change point in one series");
      assert.equal(await changes.getAttribute("data-after"), label(REGRESSED_FROM));
      assert.equal(await changes.getAttribute("data-kind"), "regression");
      assert.match((await page.textContent(sel(TID.history.method)))!, /E-Divisive means.*at least 3 versions a side/);
      assert.equal(await page.locator(sel(TID.history.chart)).count(), 1);
      await app.screenshot("history-page");

      // The band is named for its change: hovered, its tooltip (found by that name) says which change it is and
      // its interval. The grid's margins are historyChart.ts's (84 px left, 24 right, 28 top, 40 bottom); the band
      // spans v04's category centre to v05's, so its middle is the plot's middle, low enough to miss the line.
      const chart = (await page.locator(`${sel(TID.history.chart)} [role="img"]`).boundingBox())!;
      const x = chart.x + 84 + (chart.width - 84 - 24) * ((REGRESSED_FROM - 1) / VERSIONS);
      const y = chart.y + 28 + (chart.height - 28 - 40) * 0.9;
      await page.mouse.move(x, y);
      await page.getByText("click for its explanation").waitFor();
      assert.match(
        await page.locator("body").innerText(),
        new RegExp(
          `regression at ${label(REGRESSED_FROM)} \\(after ${label(REGRESSED_FROM - 1)}\\) in O0 × regressed\\n×1\\.\\d+ \\(\\+\\d+\\.\\d%; \\d+% interval`,
        ),
      );
      await page.mouse.move(0, 0);

      // The list is reachable by keyboard: focused and chosen with Enter, it opens the explanation.
      await changes.focus();
      await page.keyboard.press("Enter");
      const why = page.locator(sel(TID.history.explanation));
      assert.match((await why.textContent())!, new RegExp(`regression at ${label(REGRESSED_FROM)}`));
      // Ranked: transform() calls step() ~30 % more often from v05 on, the largest change of own time a run.
      const top = page.locator(sel(TID.history.context)).first();
      assert.match((await top.textContent())!, /main → transform → step/);
      const link = await page.getAttribute(sel(TID.history.compare), "href");
      assert.match(link!, /^#\/compare\?a=design:4:O0:regressed&b=design:5:O0:regressed$/);
      await why.screenshot({ path: join(ROOT, "test-results", "screenshots", "history-explanation.png") });

      // The CSV (the default format) downloaded from the page: the same bytes as the command prints.
      const [download] = await Promise.all([page.waitForEvent("download"), page.click(sel(TID.export.button))]);
      assert.equal(download.suggestedFilename(), "history-versions-calls.csv");
      const csv = readFileSync((await download.path())!, "utf8");
      const cli = varbench(["-w", ws, "history", "versions", "--metric", "calls", "--csv"]);
      assert.equal(cli.status, 0, cli.stderr);
      assert.equal(csv, cli.stdout);
      const rows = csv.trimEnd().split("\n");
      assert.equal(rows.length, 1 + VERSIONS, "a header and a row per version");
      assert.deepEqual(
        rows.filter((r) => r.includes(",regression,")).map((r) => r.split(",")[5]),
        [label(REGRESSED_FROM)],
      );
      assert.deepEqual(app.pageErrors, []);
    },
  );

  it("says in words when no series matches, with no empty chart", SLOW, async () => {
    const { page } = app;
    // No campaign under uftrace records instructions (callgrind's): every campaign left out, said in a note.
    await app.goto("#/project/1/history?measure=ir");
    await page.waitForSelector(sel(TID.history.empty));
    assert.match((await page.textContent(sel(TID.history.empty)))!, /No series/);
    assert.match((await page.textContent(sel(TID.history.notes)))!, /does not record ir: left out/);
    assert.equal(await page.locator(sel(TID.history.chart)).count(), 0);
    await app.screenshot("history-empty");
    assert.deepEqual(app.pageErrors, []);
  });
});
