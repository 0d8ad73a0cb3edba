// A callgrind run's and a gcov run's pages end to end in Chromium (issue 31
// item 6): the instructions per function with the program total, filtered and
// ranked; the line counts per function and file and the hottest lines with
// their source; the command as it ran; and the launcher's line on what the
// chosen profiler needs. Workspace made by the real command line from the
// examples' recursion (callgrind) and insertion sort (gcov).
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildExamples, ROOT, tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { openBrowserApp, type BrowserApp } from "../helpers/browserApp.js";
import { TID } from "../../renderer/src/testIds.js";
import { href } from "../../renderer/src/paths.js";
import { PROFILER_NEEDS } from "../../engine/cct/profilerNeeds.js";

const sel = (id: string) => `[data-testid="${id}"]`;
const SLOW = { timeout: 180_000 };
let ws: string;
let app: BrowserApp;

function campaign(name: string, program: string, flags: string, args: string, profiler: string): void {
  const file = join(tempDir("spec"), "campaign.yaml");
  writeFileSync(
    file,
    [
      "project: pages",
      `name: ${name}`,
      "designs:",
      `  - { name: O0, build: [gcc, ${flags}, -O0, -g, -o, "{build_dir}/${program}", "${join(ROOT, "examples", `${program}.c`)}"] }`,
      "workloads:",
      `  - { name: w, argv: ["{build_dir}/${program}", ${args}] }`,
      "repetitions: 1",
      `profiler: ${profiler}`,
      "",
    ].join("\n"),
  );
  const r = varbench(["-w", ws, "campaign", "run", file]);
  assert.equal(r.status, 0, r.stderr);
}

before(async () => {
  buildExamples();
  ws = join(tempDir("e2e-runpages"), "ws");
  assert.equal(varbench(["workspace", "init", ws]).status, 0);
  campaign("instructions", "recursion", "-Wall", `"12", "6"`, "callgrind"); // run 1
  campaign("lines", "isort", "--coverage", `"400", "random", "1"`, "gcov"); // run 2
  app = await openBrowserApp(ws);
}, SLOW);

after(async () => {
  await app?.close();
});

describe("run pages", () => {
  it("a callgrind run shows its instructions per function and the program total", SLOW, async () => {
    const { page } = app;
    await app.goto(href.run({ runId: 1 }));
    await page.waitForSelector(sel(TID.run.costRow));
    assert.match((await page.textContent(sel(TID.run.costTotal))) ?? "", /^program total [\d,]+\s+Ir/);
    assert.match((await page.textContent(".cmd")) ?? "", /builds\/campaign-1\/O0\/recursion 12 6/);
    assert.doesNotMatch((await page.textContent(".cmd")) ?? "", /\{build_dir\}/);
    // Ranked by inclusive Ir: main (or the loader's start above it) leads, the top 25 at most.
    assert.ok((await page.locator(sel(TID.run.costRow)).count()) <= 25);
    await app.screenshot("run-callgrind");
    await page.fill(sel(TID.run.costFilter), "fib");
    // A string, evaluated in the page: the filter keeps only rows naming fib.
    await page.waitForFunction(
      `[...document.querySelectorAll('${sel(TID.run.costRow)}')].every((r) => /fib/.test(r.textContent))`,
    );
    const names = await page.locator(`${sel(TID.run.costRow)} [role=gridcell]:first-child`).allTextContents();
    assert.ok(names.includes("fib") && names.includes("fib'2"), names.join(", "));
    assert.deepEqual(app.pageErrors, []);
  });

  it(
    "a gcov run shows its line counts per function and file, and its hottest lines with their source",
    SLOW,
    async () => {
      const { page } = app;
      await app.goto(href.run({ runId: 2 }));
      await page.waitForSelector(sel(TID.run.hotLines));
      const hot = await page
        .locator(`${sel(TID.run.hotLines)} tbody tr`)
        .first()
        .textContent();
      // isort's inner loop test runs n + S times: the hottest line of a random input (isort.c's header comment).
      assert.match(hot ?? "", /isort\.c:\d+.*while \(j >= 0 && arr\[j\] > val\)/);
      assert.match((await page.textContent(sel(TID.run.costFiles))) ?? "", /isort\.c/);
      await app.screenshot("run-gcov");
      assert.deepEqual(app.pageErrors, []);
    },
  );

  it("the launcher says what the chosen profiler needs and gives", SLOW, async () => {
    const { page } = app;
    await app.goto(href.launch({ projectId: 1 }));
    await page.waitForSelector(sel(TID.launch.form));
    await page.selectOption(sel(TID.launch.profiler), "uftrace");
    const line = (await page.textContent(sel(TID.launch.profilerNeeds))) ?? "";
    assert.ok(line.includes(PROFILER_NEEDS.uftrace.needs), line);
    await app.screenshot("launch-profiler-needs");
    await page.selectOption(sel(TID.launch.profiler), "gcov");
    assert.ok(((await page.textContent(sel(TID.launch.profilerNeeds))) ?? "").includes("--coverage"));
    assert.deepEqual(app.pageErrors, []);
  });
});
