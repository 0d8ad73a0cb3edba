// The window's security settings (docs/design.md "Security"), apart so the unit
// tests and the smoke test read the same values the shell uses. Every setting
// that Electron's security checklist names is written out, defaults included,
// so a change of default or an edit here shows in test/unit/electronPolicy.test.ts.
import type { BrowserWindowConstructorOptions } from "electron";

export function windowOptions(preload: string, devTools = true): BrowserWindowConstructorOptions {
  return {
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    title: "Varbench",
    show: true,
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      devTools,
    },
  };
}
