// Issue 32 item 6: no analysis view is ever blank while it waits. Each analysis view of two imported traces
// is opened cold with the engine's answers held back (page.route on api/analyses.*), so the page can only
// show that it waits: a progress element must be there, and go once the answers are let through. No timing
// threshold: the answer is held until the test has looked.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import type { Route } from "playwright-core";
import { FIXTURES, ROOT, tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { openBrowserApp, type BrowserApp } from "../helpers/browserApp.js";
import { TID } from "../../renderer/src/testIds.js";
import { href } from "../../renderer/src/paths.js";

const sel = (id: string) => `[data-testid="${id}"]`;
const SLOW = { timeout: 120_000 };

let app: BrowserApp;

before(async () => {
  process.env.VARBENCH_CONFIG_DIR ??= tempDir("config");
  const ws = join(tempDir("e2e-progress"), "ws");
  assert.equal(varbench(["workspace", "init", ws]).status, 0);
  for (const t of [
    join(ROOT, "test", "fixtures", "uftrace", "0.13", "frame_loop.chrome.json"),
    join(FIXTURES, "uftrace", "0.13", "variance", "two_callers"),
  ]) {
    const r = varbench(["-w", ws, "import", t, "--project", "p"]);
    assert.equal(r.status, 0, r.stderr);
  }
  app = await openBrowserApp(ws);
});

after(async () => {
  await app?.close();
});

/** The analysis views of runs 1 and 2, each with what shows once its result is in. */
const VIEWS: readonly { name: string; hash: string; done: string }[] = [
  { name: "flame graph", hash: href.flame({ t: "run:2" }), done: `${sel(TID.flame.canvas)} canvas` },
  {
    name: "sandwich",
    hash: href.flame({ t: "run:2", view: "sandwich", fn: "work" }),
    done: sel(TID.flame.sandwichSummary),
  },
  { name: "timeline", hash: href.timeline({ runId: 2 }), done: `${sel(TID.timeline.canvas)} canvas` },
  { name: "dominant variance", hash: href.vcg({ a: "run:1" }), done: "svg, canvas" },
  { name: "two runs compared", hash: href.compare({ a: "run:1", b: "run:2" }), done: "table" },
];

describe("every analysis view shows progress while it waits", () => {
  for (const v of VIEWS)
    it(`${v.name}: a progress element while the engine's answer is held, none after`, async () => {
      const { page } = app;
      await app.goto("#/");
      let asked = 0;
      let release = () => {};
      const gate = new Promise<void>((ok) => (release = ok));
      const passed: Promise<void>[] = [];
      await page.route("**/api/analyses.*", (route: Route) => {
        asked++;
        const p = gate.then(() => route.continue());
        passed.push(p);
        return p;
      });
      await app.goto(v.hash);
      // Held: the view has no result to show, so what it shows is its waiting.
      for (let i = 0; i < 400 && asked === 0; i++) await page.waitForTimeout(25);
      assert.ok(asked > 0, "the view asked the engine");
      await page.waitForSelector(sel(TID.analysisProgress), { state: "visible" });
      await app.screenshot(`progress-${v.name.replaceAll(" ", "-")}`);
      release();
      await Promise.all(passed);
      // Later calls (a second request of the same view) go straight through.
      await page.unroute("**/api/analyses.*");
      await page.waitForSelector(v.done, SLOW);
      await page.waitForSelector(sel(TID.analysisProgress), { state: "detached", ...SLOW });
      assert.deepEqual(app.pageErrors, []);
    });
});
