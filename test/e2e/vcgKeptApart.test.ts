// Two VCG patterns of one function kept apart by a back-edge near the bar, said in the workbench as the
// command line says it (000 §6: MergeContributionStructure refuses a back-edge with no counterpart at any
// τ_S; 000 §2: the 10 % bar). The recording is the stored loaded `two_orders 40` run whose step patterns
// stay apart (test/fixtures/uftrace/0.13/variance-loaded/README.md); at τ_S = 1 everything that can merge
// has, so the two step patterns left are the ones the note explains, with the same shares as the CLI's.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { openBrowserApp, type BrowserApp } from "../helpers/browserApp.js";
import { TID } from "../../renderer/src/testIds.js";
import { href } from "../../renderer/src/paths.js";

const sel = (id: string) => `[data-testid="${id}"]`;
const SLOW = { timeout: 120_000 };
const FIXTURE = fileURLToPath(new URL("../fixtures/uftrace/0.13/variance-loaded/two_orders_outlier", import.meta.url));

let app: BrowserApp;
let ws: string;

before(async () => {
  process.env.VARBENCH_CONFIG_DIR ??= tempDir("config");
  ws = join(tempDir("e2e-kept-apart"), "ws");
  assert.equal(varbench(["workspace", "init", ws]).status, 0);
  const r = varbench(["-w", ws, "import", FIXTURE, "--project", "p"]);
  assert.equal(r.status, 0, r.stderr);
  app = await openBrowserApp(ws);
});

after(async () => {
  await app?.close();
});

describe("dominant variance view: patterns kept apart by a back-edge", () => {
  it("says which back-edge keeps step's two patterns apart, and its share on both sides, as varbench vcg does", async () => {
    const { page } = app;
    await app.goto(href.vcg({ a: "run:1" }));
    await page.waitForSelector(sel(TID.vcg.summary), SLOW);
    // τ_S to its top through the slider's own input event, as a drag ends.
    await page.locator(sel(TID.vcg.tau)).evaluate((e) => {
      const input = e as unknown as { value: string; dispatchEvent(ev: unknown): boolean };
      input.value = "1";
      input.dispatchEvent(
        new (globalThis as unknown as { Event: new (t: string, o: object) => unknown }).Event("input", {
          bubbles: true,
        }),
      );
    });
    await page
      .locator(`label:has(${sel(TID.vcg.tau)})`)
      .filter({ hasText: "1.00" })
      .waitFor(SLOW);
    const note = page.locator(sel(TID.vcg.keptApart));
    await note.first().waitFor(SLOW);
    const shown = (await note.allTextContents()).map((t) => t.replace(/^⚠\s*/, "").trim());
    const cli = varbench(["-w", ws, "vcg", "run:1", "--tau", "1"]);
    assert.equal(cli.status, 0, cli.stderr);
    const said = cli.stdout
      .split("\n")
      .filter((l) => l.startsWith("note: patterns"))
      .map((l) => l.slice("note: ".length).trim());
    assert.ok(said.length > 0, cli.stdout);
    assert.deepEqual(shown, said);
    assert.match(shown.join("\n"), /\(step\) are kept apart.*work ⇢ step through filter/);
    await app.screenshot("vcg-kept-apart");
    assert.deepEqual(app.pageErrors, []);
  });
});
