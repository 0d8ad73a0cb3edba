// A report printed to PDF by headless Chromium (browser mode and the command
// line; the desktop app prints with Electron's own printToPDF). Chromium is
// found at VARBENCH_CHROMIUM or where Debian, Ubuntu and Chrome put it.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { ApiError } from "../errors/errors.js";

const require = createRequire(import.meta.url);

const CANDIDATES = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
];

export function chromiumPath(): string | null {
  const named = process.env.VARBENCH_CHROMIUM;
  if (named) return existsSync(named) ? named : null;
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

/** The HTML page as A4 PDF bytes, backgrounds printed (the page's print styles apply). */
export async function printPdf(html: string): Promise<Uint8Array> {
  const executablePath = chromiumPath();
  if (!executablePath)
    throw new ApiError(
      "failed",
      `a PDF is printed by Chromium, and none was found (${process.env.VARBENCH_CHROMIUM ? `VARBENCH_CHROMIUM=${process.env.VARBENCH_CHROMIUM} does not exist` : `looked at ${CANDIDATES.join(", ")}`}): install it (Debian: apt-get install chromium) or set VARBENCH_CHROMIUM; the HTML report prints the same from any browser`,
    );
  // Required, not imported: the command line runs as a CommonJS script compiled through node:vm, where
  // Node 20 has no import() without a flag (io/codeCache.ts).
  const { chromium } = require("playwright-core") as typeof import("playwright-core");
  const browser = await chromium.launch({
    executablePath,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  try {
    const page = await browser.newPage();
    await page.setContent(html, { waitUntil: "load" });
    return await page.pdf({
      format: "A4",
      printBackground: true,
      margin: { top: "16mm", bottom: "16mm", left: "14mm", right: "14mm" },
    });
  } finally {
    await browser.close();
  }
}
