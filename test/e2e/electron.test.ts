// Electron smoke test: the real desktop window on a demo workspace, when the
// Electron binary is installed. Without it (this CI cannot download it) the
// test is reported as skipped, never as passed.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { _electron } from "playwright-core";
import { ROOT, tempDir } from "../helpers/uftrace.js";
import { demoWorkspace } from "../helpers/demoWorkspace.js";
import { electronBinary } from "../../engine/cli/electronBinary.js";
import { TID } from "../../renderer/src/testIds.js";

const binary = electronBinary(ROOT);
const main = join(ROOT, "electron", "dist", "main.js");

describe("Electron shell", () => {
  it(
    "opens the window on the demo workspace with the sandboxed preload",
    { skip: binary.path ? (existsSync(main) ? false : "electron/dist is not built") : binary.why },
    async () => {
      const { dir } = await demoWorkspace("electron");
      const app = await _electron.launch({
        executablePath: binary.path!,
        args: [main, `--workspace=${dir}`],
        env: { ...process.env, VARBENCH_CONFIG_DIR: tempDir("config") },
      });
      try {
        const window = await app.firstWindow();
        await window.waitForSelector(`[data-testid="${TID.home.project}"]`);
        assert.equal(await window.title(), "Varbench");
        // Served from the app's own origin, never file:// (electron/policy.ts), under the header CSP:
        // the page may connect nowhere, not even to its own origin.
        assert.match(window.url(), /^app:\/\/varbench\/index\.html/);
        assert.equal(
          await window.evaluate(() =>
            fetch("app://varbench/index.html").then(
              () => "fetched",
              () => "refused",
            ),
          ),
          "refused",
        );
        // Navigation away from the app and new windows are refused by the app-wide guard.
        await window.evaluate(
          () => void (globalThis as unknown as { open(url: string): unknown }).open("https://example.com/"),
        );
        assert.equal(app.windows().length, 1);
        // The preload exposes the bridge and nothing of Node.
        assert.equal(
          await window.evaluate(() => typeof (window as unknown as { varbench?: unknown }).varbench),
          "object",
        );
        assert.equal(await window.evaluate(() => typeof (globalThis as { require?: unknown }).require), "undefined");
        await window.screenshot({ path: join(ROOT, "test-results", "screenshots", "electron-home.png") });
      } finally {
        await app.close();
      }
    },
  );
});
