// Open or drop a file on the workbench (issue 31 item 2), in browser mode: a Chrome JSON trace dropped on
// the window opens its run with its CCT, hyperfine results picked with the Open button open their campaign,
// a file of no known format is refused in Varbench's words and adds nothing. Screenshots of the drop
// overlay, the progress panel and the refusal at 1440×900.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, tempDir } from "../helpers/uftrace.js";
import { openBrowserApp, type BrowserApp } from "../helpers/browserApp.js";
import { Workspace } from "../../engine/store/workspace.js";
import { TID } from "../../renderer/src/testIds.js";

const sel = (id: string) => `[data-testid="${id}"]`;
const CHROME = join(ROOT, "test", "fixtures", "uftrace", "0.13", "frame_loop.chrome.json");
const HYPERFINE = join(ROOT, "test", "fixtures", "results", "hyperfine", "1.15", "two_sleeps.json");
/** Imports on a loaded 2-core machine: generous, never a timing assertion. */
const SLOW = { timeout: 60_000 };

let app: BrowserApp;

/** Drag events with a DataTransfer holding a File made in the page from `bytes`, sent to the page's body. */
async function drag(name: string, bytes: Buffer, events: readonly string[]): Promise<void> {
  await app.page.evaluate(`(() => {
    const bin = atob(${JSON.stringify(bytes.toString("base64"))});
    const data = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) data[i] = bin.charCodeAt(i);
    const dt = new DataTransfer();
    dt.items.add(new File([data], ${JSON.stringify(name)}, { type: "application/json" }));
    for (const type of ${JSON.stringify(events)})
      document.body.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
  })()`);
}

const counts = async () => ({
  runs: ((await app.service.call("runs.list", {})) as unknown[]).length,
  campaigns: ((await app.service.call("campaigns.list", {})) as unknown[]).length,
});

before(async () => {
  process.env.VARBENCH_CONFIG_DIR ??= tempDir("config");
  const ws = join(tempDir("e2e-drop"), "ws");
  Workspace.init(ws).close();
  app = await openBrowserApp(ws);
});

after(async () => {
  await app?.close();
});

describe("open or drop a file", () => {
  it(
    "shows the drop overlay while a file is dragged, imports the dropped trace with progress, opens its run",
    SLOW,
    async () => {
      const { page } = app;
      await page.waitForSelector(sel(TID.files.open));
      await drag("frame_loop.chrome.json", readFileSync(CHROME), ["dragenter", "dragover"]);
      await page.waitForSelector(sel(TID.files.overlay));
      await app.screenshot("file-drop-overlay");
      // The upload is held until the progress panel has been seen (and photographed), then let through.
      let release = () => {};
      const held = new Promise<void>((ok) => (release = ok));
      await page.route("**/api/upload?*", async (route) => {
        await held;
        await route.continue();
      });
      await drag("frame_loop.chrome.json", readFileSync(CHROME), ["drop"]);
      assert.equal(await page.locator(sel(TID.files.overlay)).count(), 0, "the overlay goes on drop");
      await page.waitForSelector(sel(TID.files.progress));
      assert.match(await page.locator(sel(TID.files.progress)).innerText(), /frame_loop\.chrome\.json/);
      await page.screenshot({ path: join(ROOT, "test-results", "screenshots", "file-drop-progress.png") });
      release();
      await page.waitForURL(/#\/run\/\d+$/, SLOW);
      await page.waitForSelector(sel(TID.run.cct), SLOW);
      await page.unroute("**/api/upload?*");
      assert.ok((await page.locator(sel(TID.run.cctRow)).count()) > 1, "the run's CCT has rows");
      assert.match(await page.locator(sel(TID.run.cct)).innerText(), /decode_frame/);
      assert.equal((await counts()).runs, 1);
      await app.screenshot("file-drop-run");
    },
  );

  it("imports hyperfine results picked with the Open button and opens their campaign", SLOW, async () => {
    const { page } = app;
    await app.goto("#/");
    await page.setInputFiles(sel(TID.files.input), HYPERFINE);
    await page.waitForURL(/#\/campaign\/\d+$/, SLOW);
    await page.waitForSelector("h1", SLOW);
    const campaigns = (await app.service.call("campaigns.list", {})) as { id: number }[];
    assert.equal(campaigns.length, 1);
    assert.equal(await page.evaluate("location.hash"), `#/campaign/${campaigns[0].id}`);
    await app.screenshot("file-drop-campaign");
  });

  it("imports a uftrace data directory chosen as a folder, and opens its run", SLOW, async () => {
    const { page } = app;
    await app.goto("#/");
    const before = await counts();
    await page.waitForSelector(sel(TID.files.openFolder));
    await app.screenshot("file-drop-folder-button");
    await page.setInputFiles(
      sel(TID.files.folderInput),
      join(ROOT, "test", "fixtures", "uftrace", "0.13", "variance", "two_callers"),
    );
    await page.waitForURL(/#\/run\/\d+$/, SLOW);
    await page.waitForSelector(sel(TID.run.cct), SLOW);
    assert.match(await page.locator(sel(TID.run.cct)).innerText(), /steady/);
    assert.equal((await counts()).runs, before.runs + 1);
    await app.screenshot("file-drop-folder-run");
  });

  it("refuses a file of no known format in Varbench's words, adding nothing", SLOW, async () => {
    const { page } = app;
    const before = await counts();
    const hash = await page.evaluate("location.hash");
    await drag("notes.txt", Buffer.from("these are my notes, not a trace\n".repeat(20)), ["dragenter", "drop"]);
    await page.waitForSelector(sel(TID.files.error), SLOW);
    const text = await page.locator(sel(TID.files.error)).innerText();
    assert.match(text, /^notes\.txt was not imported: notes\.txt: not a trace or results file Varbench can read/);
    assert.doesNotMatch(text, /Error:|at .*\.(ts|js):\d+|uploads|HTTP \d+/, "no raw error, no temporary path");
    assert.deepEqual(await counts(), before);
    assert.equal(await page.evaluate("location.hash"), hash, "the page stays where it was");
    // The viewport as the user sees it: the refusal is fixed to its bottom right.
    await page.screenshot({ path: join(ROOT, "test-results", "screenshots", "file-drop-refused.png") });
    assert.deepEqual(
      app.pageErrors.filter((e) => !/Failed to load resource/.test(e)),
      [],
      "no uncaught error (the refused upload's status is logged by Chromium)",
    );
  });
});
