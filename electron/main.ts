// The desktop shell: one window on the built renderer (served from app://varbench),
// the application menu, native dialogs, and IPC forwarded to the engine, which
// runs in a worker thread so no engine work ever runs on the thread that serves
// the window. Started with a command (`varbench runs`, …), the packaged app is
// the command line instead and opens no window (electron/launch.ts).
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  session,
  type IpcMainInvokeEvent,
  type MenuItemConstructorOptions,
} from "electron";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { join } from "node:path";
import { EVENT_NAMES, type MethodName } from "../engine/api/contract.js";
import { channelOf, EVENT_CHANNEL, MENU_CHANNEL } from "../engine/api/channels.js";
import { EngineHost } from "../engine/api/engineHost.js";
import { toErrorData } from "../engine/errors/errors.js";
import { windowOptions } from "./windowOptions.js";
import { reportPdf, saveFile, traceExportArgs } from "./exports.js";
import { importablePath, openDialogOptions, OPENED_PROJECT } from "./openFiles.js";
import { APP_ENTRY, isTrustedSender } from "./policy.js";
import { guardWebContents, refuseAllPermissions, registerAppScheme, serveRenderer } from "./guards.js";
import { launchOf, userArgs } from "./launch.js";

// Built to electron/dist/ (HERE): the app's root (the asar archive when packaged) is two folders up.
const HERE = fileURLToPath(new URL(".", import.meta.url));
const APP_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const RENDERER_DIR = join(APP_ROOT, "renderer", "dist");
const COMMAND_LINE = join(APP_ROOT, "dist", "cli", "main.js");

let engine: EngineHost;
let window: BrowserWindow | null = null;

/** What the packaged app ships beside its asar archive (build/electron-builder.yml, extraResources),
 * named to the engine's worker and the command line through the environment: the run helper
 * prebuilt at packaging time (instead of compiling vbtime.c on first use), and real files for
 * what the engine hands to other programs or opens by file handle (the demo's example programs
 * and traces). A checkout sets neither, and the engine uses its own folders. */
function usePackagedResources(): void {
  if (!app.isPackaged) return;
  const helper = join(process.resourcesPath, "native", "vbtime");
  if (existsSync(helper)) process.env.VARBENCH_VBTIME ??= helper;
  process.env.VARBENCH_DATA_DIR ??= join(process.resourcesPath, "data");
}

/** The command line in this process: its module parses process.argv itself (commander reads
 * Electron's argv, packaged or not) and the app ends with its exit code. */
async function runCommandLine(): Promise<void> {
  app.dock?.hide();
  await import(pathToFileURL(COMMAND_LINE).href);
  app.exit(typeof process.exitCode === "number" ? process.exitCode : 0);
}

/** The installed app's own demo workspace, made on first start by this binary as `varbench demo`
 * (as `npm start` does in a checkout); a failure is told, and the window opens on what there is. */
async function demoWorkspace(): Promise<string> {
  const dir = join(app.getPath("userData"), "demo");
  if (existsSync(dir)) return dir;
  const child = spawn(process.execPath, ["demo", "--dir", dir], { stdio: "inherit" });
  const why = await new Promise<string | null>((done) => {
    child.once("error", (e) => done(e.message));
    child.once("exit", (code, signal) => done(code === 0 ? null : signal ? `signal ${signal}` : `exit code ${code}`));
  });
  if (why !== null)
    dialog.showErrorBox(
      "The demo workspace is incomplete",
      `varbench demo --dir ${dir} ended with ${why}; run it in a terminal to see why.`,
    );
  return dir;
}

async function runWindow(requested: string | null): Promise<void> {
  await app.whenReady();
  refuseAllPermissions(session.defaultSession);
  serveRenderer(RENDERER_DIR);
  const workspace =
    requested ?? process.env.VARBENCH_WORKSPACE ?? (app.isPackaged ? await demoWorkspace() : ".varbench-demo");
  // The desktop window is its user's own: files on this machine may be named (import, specs).
  engine = await EngineHost.start({
    script: new URL("./engineWorker.js", import.meta.url),
    workspaceDir: workspace,
    data: { localFiles: true },
  });
  // Every method the engine answers on its own channel; arguments are validated in the engine.
  for (const method of (await engine.methods()) as MethodName[]) {
    ipcMain.handle(channelOf(method), async (event, args: unknown) => {
      refuseForeign(event);
      try {
        // PDF is printed here, by Electron's Chromium, from the report's HTML (the engine's worker has no browser).
        if (method === "reports.campaign" && (args as { format?: unknown } | null)?.format === "pdf")
          return await reportPdf(engine, args as Record<string, unknown>);
        if (method === "runs.exportTrace") {
          const chosen = await traceExportArgs(window, args);
          return chosen === null ? null : await engine.call(method, chosen);
        }
        return await engine.call(method, args);
      } catch (e) {
        // Electron keeps only the message of a thrown error: send the API's error data inside it.
        throw new Error(JSON.stringify(toErrorData(e)));
      }
    });
  }
  ipcMain.handle("varbench:file.save", async (event, file: unknown) => {
    refuseForeign(event);
    return saveFile(window, file);
  });
  // Open or drop a file (renderer/src/files/): the native open dialog's choice, and a path checked, then imported.
  ipcMain.handle("varbench:file.choose", async (event, kind: unknown) => {
    refuseForeign(event);
    const options = openDialogOptions(kind);
    const r = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
    return r.canceled ? null : (r.filePaths[0] ?? null);
  });
  ipcMain.handle("varbench:file.import", async (event, path: unknown) => {
    refuseForeign(event);
    try {
      return await engine.call("runs.import", { trace: await importablePath(path), project: OPENED_PROJECT });
    } catch (e) {
      throw new Error(JSON.stringify(toErrorData(e)));
    }
  });
  for (const event of EVENT_NAMES)
    engine.events.on(event, (payload) => window?.webContents.send(EVENT_CHANNEL, { event, payload }));
  await buildMenu();
  openWindow();
  app.on("window-all-closed", () => void engine.close().then(() => app.quit()));
}

/** Only the window's own main frame, on the app's origin, is answered (checklist item 17). */
function refuseForeign(event: IpcMainInvokeEvent): void {
  const frame = event.senderFrame;
  const trusted =
    event.sender === window?.webContents &&
    isTrustedSender(frame && { url: frame.url, isMainFrame: frame.parent === null });
  if (!trusted) throw new Error("refused: not the Varbench window");
}

function openWindow(): void {
  window = new BrowserWindow(windowOptions(join(HERE, "preload.cjs"), !app.isPackaged));
  void window.loadURL(APP_ENTRY);
}

async function openWorkspace(dir: string): Promise<void> {
  try {
    await engine.call("workspace.open", { dir });
    window?.reload();
    await buildMenu();
  } catch (e) {
    dialog.showErrorBox("Cannot open the workspace", toErrorData(e).message);
  }
}

async function buildMenu(): Promise<void> {
  const recent = (await engine.call("workspace.recent", {})) as string[];
  const menu = (action: string) => () => window?.webContents.send(MENU_CHANNEL, action);
  const template: MenuItemConstructorOptions[] = [
    {
      label: "File",
      submenu: [
        {
          label: "Open Workspace…",
          accelerator: "CmdOrCtrl+O",
          click: async () => {
            const r = await dialog.showOpenDialog({
              title: "Open a Varbench workspace",
              properties: ["openDirectory", "createDirectory"],
            });
            if (!r.canceled && r.filePaths[0]) await openWorkspace(r.filePaths[0]);
          },
        },
        {
          label: "Recent Workspaces",
          submenu:
            recent.length > 0
              ? recent.map((dir) => ({ label: dir, click: () => void openWorkspace(dir) }))
              : [{ label: "(none)", enabled: false }],
        },
        { type: "separator" },
        { label: "Open…", accelerator: "CmdOrCtrl+Shift+O", click: menu("open-file") },
        { label: "Open uftrace Data Directory…", click: menu("open-folder") },
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

// Before `ready`: the app:// scheme's privileges, the sandbox for every renderer, the guards on
// every web contents; then the window or the command line, as the arguments say.
registerAppScheme();
app.enableSandbox();
guardWebContents();
usePackagedResources();
const launch = launchOf(userArgs(process.argv, process.defaultApp === true));
(launch.kind === "cli" ? runCommandLine() : runWindow(launch.workspace)).catch((e: unknown) => {
  if (launch.kind === "cli") console.error(`varbench: ${e instanceof Error ? e.message : String(e)}`);
  else dialog.showErrorBox("Varbench could not start", e instanceof Error ? e.message : String(e));
  app.exit(1);
});
