// `varbench start` (npm start): the demo workspace on first start, then the
// Electron window when its binary is installed, otherwise browser mode: the
// local server, its URL printed, and a browser opened when there is one.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { electronBinary } from "./electronBinary.js";
import { DEMO_READY, runDemo } from "./demo.js";
import { EngineHost } from "../api/engineHost.js";
import { startServer } from "../api/httpServer.js";
import { DATABASE_FILE } from "../store/workspace.js";
import { PROJECT_ROOT as ROOT } from "../io/projectRoot.js";
import { PROFILER_NAMES } from "../campaign/spec.js";
import { installHint, profilerAvailability } from "../runner/profilers/availability.js";

const RENDERER_DIST = join(ROOT, "renderer", "dist");
const ELECTRON_MAIN = join(ROOT, "electron", "dist", "main.js");

export interface StartOptions {
  readonly workspace: string;
  readonly demo: boolean;
  readonly port: number;
  readonly open: boolean;
  readonly electron: boolean;
}

export async function start(o: StartOptions): Promise<void> {
  if (o.demo && !existsSync(join(o.workspace, DEMO_READY))) {
    const first = existsSync(join(o.workspace, DATABASE_FILE))
      ? "The demo workspace was left unfinished: going on with"
      : "First start:";
    console.log(
      `${first} building the demo workspace in ${o.workspace}, once: the example traces imported, the example programs built and their campaigns run (a few minutes; later starts open it at once).`,
    );
    await runDemo(o.workspace, (line) => console.log(line), { contexts: false });
    console.log(
      `The demo workspace is ready. \`varbench demo --dir ${o.workspace}\` prints its hottest contexts and its campaigns' statistics.`,
    );
  }
  const lacking = missingProfilers();
  if (lacking) console.log(lacking);
  if (!existsSync(join(RENDERER_DIST, "index.html")))
    throw new Error(`the renderer is not built (${RENDERER_DIST}): run npm run build`);
  if (o.electron) {
    const binary = electronBinary(ROOT);
    if (binary.path && existsSync(ELECTRON_MAIN)) {
      console.log(`opening the Varbench window (Electron ${binary.path})`);
      const child = spawn(binary.path, [ELECTRON_MAIN, `--workspace=${o.workspace}`], { stdio: "inherit" });
      await new Promise((done) => child.on("exit", done));
      return;
    }
    console.log(
      `No Electron window: ${binary.path ? `${ELECTRON_MAIN} is not built (npm run build)` : binary.why}. Starting browser mode.`,
    );
  }
  await browserMode(o);
}

async function browserMode(o: StartOptions): Promise<void> {
  // The engine in a worker under a heap budget: the server's thread only serves (issue 17 item 2).
  // Built beside this file by build-engine.mjs.
  const service = await EngineHost.start({
    script: new URL("./engineWorker.js", import.meta.url),
    workspaceDir: o.workspace,
  });
  const server = await startServer({ service, staticDir: RENDERER_DIST, port: o.port });
  console.log(
    `Varbench (browser mode) on ${server.url}\nopen: ${server.openUrl}\nengine memory budget: ${service.memoryMb} MB (VARBENCH_ENGINE_MEMORY_MB)\nstop with Ctrl+C`,
  );
  if (o.open) openBrowser(server.openUrl);
  await new Promise<void>((done) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      console.log("stopping: running campaigns are cancelled");
      void server
        .close()
        .then(() => service.close())
        .then(done);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

/** The profilers this machine cannot run, and the one command that installs what they need (the launcher says it per profiler). */
function missingProfilers(): string | null {
  const missing = PROFILER_NAMES.map((p) => profilerAvailability(p)).filter((a) => a.missing.length > 0);
  if (missing.length === 0) return null;
  const programs = [...new Set(missing.flatMap((a) => a.missing))];
  return `Profilers not installed here: ${missing.map((a) => `${a.name} (${a.missing.join(", ")})`).join(", ")}; to run them: ${installHint(programs)}`;
}

/** A desktop browser, when this machine has a display and a way to open one. */
function openBrowser(url: string): void {
  if (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY && process.platform === "linux") {
    console.log("(no display: open the URL above in a browser)");
    return;
  }
  const opener = process.platform === "darwin" ? "open" : process.platform === "win32" ? "explorer" : "xdg-open";
  const child = spawn(opener, [url], { stdio: "ignore", detached: true });
  child.on("error", () => console.log(`(could not run ${opener}: open the URL above in a browser)`));
  child.unref();
}
