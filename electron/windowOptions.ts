// The window's security settings (docs/design.md "Security"), apart so the smoke
// test and the packaging checks read the same values the shell uses.
import type { BrowserWindowConstructorOptions } from "electron";

/** Only the app's own files; ECharts sets inline style attributes, hence 'unsafe-inline' for styles only. */
export const CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

export function windowOptions(preload: string): BrowserWindowConstructorOptions {
  return {
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    title: "Varbench",
    show: true,
    webPreferences: { preload, contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, spellcheck: false },
  };
}
