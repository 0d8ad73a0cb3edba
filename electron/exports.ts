// Exports in the desktop app: files written where the native save dialog
// says, and the campaign report's PDF printed by Electron's own Chromium
// (printToPDF) from the report's HTML, so the app needs no browser besides.
import { app, BrowserWindow, dialog } from "electron";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { basename, extname, join } from "node:path";
import type { ApiBackend } from "../engine/api/backend.js";
import type { ReportFile } from "../engine/api/types.js";

function isReportFile(f: unknown): f is ReportFile {
  const x = f as Partial<ReportFile> | null;
  return (
    typeof x === "object" &&
    x !== null &&
    typeof x.fileName === "string" &&
    typeof x.mediaType === "string" &&
    typeof x.text === "string" &&
    (x.encoding === "utf8" || x.encoding === "base64")
  );
}

/** Asks where to save `file` and writes it there; `saved: false` when the user cancels. */
export async function saveFile(
  window: BrowserWindow | null,
  file: unknown,
): Promise<{ saved: boolean; path?: string }> {
  if (!isReportFile(file)) throw new Error("refused: not an exported file");
  // The name is only a suggestion, and never a path: the dialog decides where.
  const name = basename(file.fileName) || "export";
  const ext = extname(name).slice(1);
  const options = {
    title: "Save the export",
    defaultPath: join(app.getPath("downloads"), name),
    filters: ext ? [{ name: ext.toUpperCase(), extensions: [ext] }] : [],
  };
  const r = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
  if (r.canceled || !r.filePath) return { saved: false };
  await writeFile(r.filePath, file.encoding === "base64" ? Buffer.from(file.text, "base64") : file.text);
  return { saved: true, path: r.filePath };
}

/** runs.exportTrace from the window: the file is where the save dialog says, never a path the page names
 * (the engine writes it, and a page must not choose what gets overwritten); null when the user cancels. */
export async function traceExportArgs(
  window: BrowserWindow | null,
  args: unknown,
): Promise<Record<string, unknown> | null> {
  const a = typeof args === "object" && args !== null ? (args as Record<string, unknown>) : {};
  const name = typeof a.path === "string" && basename(a.path) ? basename(a.path) : "trace.json";
  const options = {
    title: "Export the trace as Chrome JSON",
    defaultPath: join(app.getPath("downloads"), name),
    filters: [{ name: "JSON", extensions: ["json"] }],
  };
  const r = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
  return r.canceled || !r.filePath ? null : { ...a, path: r.filePath };
}

/** The campaign report as PDF: its HTML from the engine, printed by a hidden window with scripts off. */
export async function reportPdf(engine: ApiBackend, args: Record<string, unknown>): Promise<ReportFile> {
  const html = (await engine.call("reports.campaign", { ...args, format: "html" })) as ReportFile;
  const dir = await mkdtemp(join(app.getPath("temp"), "varbench-pdf-"));
  const page = new BrowserWindow({
    show: false,
    webPreferences: { sandbox: true, javascript: false, contextIsolation: true },
  });
  try {
    const file = join(dir, "report.html");
    await writeFile(file, html.text);
    await page.loadFile(file);
    const pdf = await page.webContents.printToPDF({
      pageSize: "A4",
      printBackground: true,
      margins: { top: 0.63, bottom: 0.63, left: 0.55, right: 0.55 },
    });
    return {
      fileName: html.fileName.replace(/\.html$/, ".pdf"),
      mediaType: "application/pdf",
      encoding: "base64",
      text: pdf.toString("base64"),
    };
  } finally {
    page.destroy();
    await rm(dir, { recursive: true, force: true });
  }
}
