// End-to-end helper (docs/style.md): the app in browser mode on a seeded
// workspace, driven by the system's Chromium through playwright-core, with
// screenshots at a fixed viewport kept under test-results/screenshots.
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { ROOT, tempDir } from "./uftrace.js";
import { VarbenchService } from "../../engine/api/service.js";
import { startServer, type RunningServer } from "../../engine/api/httpServer.js";

export const CHROMIUM = "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
];
export const VIEWPORT = { width: 1440, height: 900 };
export const SCREENSHOTS = join(ROOT, "test-results", "screenshots");
const RENDERER = join(ROOT, "renderer", "dist");

export interface BrowserApp {
  readonly server: RunningServer;
  readonly service: VarbenchService;
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  /** Problems the page reported: uncaught errors and console errors. */
  readonly pageErrors: string[];
  goto(hash: string): Promise<void>;
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

/** Opens the app on the workspace folder `dir` (already seeded by the caller). */
export async function openBrowserApp(dir: string, colorScheme: "light" | "dark" = "light"): Promise<BrowserApp> {
  if (!existsSync(join(RENDERER, "index.html")))
    throw new Error(`the renderer is not built (${RENDERER}): run npm run build first`);
  process.env.VARBENCH_CONFIG_DIR ??= tempDir("config");
  const service = new VarbenchService(dir);
  const server = await startServer({ service, staticDir: RENDERER });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: VIEWPORT, colorScheme, acceptDownloads: true });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on("pageerror", (e) => pageErrors.push(e.message));
  page.on("console", (m) => m.type() === "error" && pageErrors.push(m.text()));
  await page.goto(server.openUrl);
  mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    server,
    service,
    browser,
    context,
    page,
    pageErrors,
    async goto(hash) {
      await page.evaluate((h) => ((globalThis as unknown as { location: { hash: string } }).location.hash = h), hash);
      await idle(page);
    },
    async screenshot(name) {
      await idle(page);
      await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
    },
    async close() {
      await browser.close();
      await server.close();
      await service.close();
    },
  };
}

/** No request in flight for a moment, and charts drawn. */
export async function idle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(250);
}
