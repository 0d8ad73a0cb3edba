// The desktop shell: one window on the built renderer, the application menu,
// native dialogs, and IPC forwarded to the engine, which runs in a worker
// thread so no engine work ever runs on the thread that serves the window.
import { app, BrowserWindow, dialog, ipcMain, Menu, session, type MenuItemConstructorOptions } from "electron";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { EVENT_NAMES, type MethodName } from "../engine/api/contract.js";
import { channelOf, EVENT_CHANNEL, MENU_CHANNEL } from "../engine/api/channels.js";
import { startEngineWorker, type EngineWorker } from "../engine/api/workerClient.js";
import { toErrorData } from "../engine/api/errors.js";
import { windowOptions, CONTENT_SECURITY_POLICY } from "./windowOptions.js";
import { reportPdf, saveFile, traceExportArgs } from "./exports.js";

const here = fileURLToPath(new URL(".", import.meta.url));
// Built to electron/dist/, beside the renderer's own dist folder.
const RENDERER = join(here, "..", "..", "renderer", "dist", "index.html");
const workspaceArg = process.argv.find((a) => a.startsWith("--workspace="))?.slice("--workspace=".length) ?? process.env.VARBENCH_WORKSPACE ?? ".varbench-demo";

let engine: EngineWorker;
let window: BrowserWindow | null = null;

async function main(): Promise<void> {
  await app.whenReady();
  engine = await startEngineWorker(new URL("./engineWorker.js", import.meta.url), workspaceArg);
  session.defaultSession.webRequest.onHeadersReceived((details, done) => done({ responseHeaders: { ...details.responseHeaders, "Content-Security-Policy": [CONTENT_SECURITY_POLICY] } }));
  // Every method the engine answers on its own channel; arguments are validated in the engine.
  for (const method of engine.methods as MethodName[]) {
    ipcMain.handle(channelOf(method), async (event, args: unknown) => {
      if (event.senderFrame?.url.startsWith("file://") !== true) throw new Error("refused: not the Varbench window");
      try {
        // PDF is printed here, by Electron's Chromium, from the report's HTML (the engine's worker has no browser).
        if (method === "reports.campaign" && (args as { format?: unknown } | null)?.format === "pdf") return await reportPdf(engine, args as Record<string, unknown>);
        if (method === "runs.exportTrace") {
          const chosen = await traceExportArgs(window, args);
          return chosen === null ? null : await engine.invoke(method, chosen);
        }
        return await engine.invoke(method, args);
      } catch (e) {
        // Electron keeps only the message of a thrown error: send the API's error data inside it.
        throw new Error(JSON.stringify(toErrorData(e)));
      }
    });
  }
  ipcMain.handle("varbench:file.save", async (event, file: unknown) => {
    if (event.senderFrame?.url.startsWith("file://") !== true) throw new Error("refused: not the Varbench window");
    return saveFile(window, file);
  });
  for (const event of EVENT_NAMES) engine.subscribe(event, (payload) => window?.webContents.send(EVENT_CHANNEL, { event, payload }));
  await buildMenu();
  openWindow();
  app.on("window-all-closed", () => void engine.close().then(() => app.quit()));
}

function openWindow(): void {
  window = new BrowserWindow(windowOptions(join(here, "preload.cjs")));
  window.webContents.setWindowOpenHandler(() => ({ action: "deny" })); // no remote content, no pop-ups
  window.webContents.on("will-navigate", (e, url) => {
    if (!url.startsWith("file://")) e.preventDefault();
  });
  void window.loadFile(RENDERER);
}

async function openWorkspace(dir: string): Promise<void> {
  try {
    await engine.invoke("workspace.open", { dir });
    window?.reload();
    await buildMenu();
  } catch (e) {
    dialog.showErrorBox("Cannot open the workspace", toErrorData(e).message);
  }
}

async function buildMenu(): Promise<void> {
  const recent = (await engine.invoke("workspace.recent", {})) as string[];
  const menu = (action: string) => () => window?.webContents.send(MENU_CHANNEL, action);
  const template: MenuItemConstructorOptions[] = [
    {
      label: "File",
      submenu: [
        {
          label: "Open Workspace…",
          accelerator: "CmdOrCtrl+O",
          click: async () => {
            const r = await dialog.showOpenDialog({ title: "Open a Varbench workspace", properties: ["openDirectory", "createDirectory"] });
            if (!r.canceled && r.filePaths[0]) await openWorkspace(r.filePaths[0]);
          },
        },
        { label: "Recent Workspaces", submenu: recent.length > 0 ? recent.map((dir) => ({ label: dir, click: () => void openWorkspace(dir) })) : [{ label: "(none)", enabled: false }] },
        { type: "separator" },
        { label: "New Project…", accelerator: "CmdOrCtrl+N", click: menu("new-project") },
        { label: "Run Campaign…", accelerator: "CmdOrCtrl+R", click: menu("run-campaign") },
        { label: "Export Report…", accelerator: "CmdOrCtrl+E", click: menu("export") },
        { type: "separator" },
        { role: "quit" },
      ],
    },
    { role: "editMenu" },
    { role: "viewMenu" },
    { role: "windowMenu" },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

main().catch((e: unknown) => {
  dialog.showErrorBox("Varbench could not start", e instanceof Error ? e.message : String(e));
  app.exit(1);
});
