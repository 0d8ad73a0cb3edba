// The server the upload tests post to: a fresh workspace, a minimal site, browser mode's HTTP server with
// an upload bound small enough for a test, and the upload area a test checks is left empty.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "./uftrace.js";
import { Workspace } from "../../engine/store/workspace.js";
import { VarbenchService } from "../../engine/api/service.js";
import { startServer, type RunningServer } from "../../engine/api/httpServer.js";
import { UPLOADS_FOLDER } from "../../engine/api/uploads.js";

export interface UploadServer {
  readonly service: VarbenchService;
  readonly server: RunningServer;
  readonly wsDir: string;
  /** What is left in the workspace's upload area (nothing, after every upload). */
  leftovers(): string[];
  close(): Promise<void>;
}

export async function startUploadServer(name: string, maxUploadBytes: number): Promise<UploadServer> {
  process.env.VARBENCH_CONFIG_DIR = tempDir("config");
  const wsDir = join(tempDir(name), "ws");
  Workspace.init(wsDir).close();
  const site = tempDir("site");
  mkdirSync(join(site, "assets"));
  writeFileSync(join(site, "index.html"), "<!doctype html><title>Varbench</title>");
  const service = new VarbenchService(wsDir);
  const server = await startServer({ service, staticDir: site, maxUploadBytes });
  return {
    service,
    server,
    wsDir,
    leftovers: () => {
      const d = join(wsDir, UPLOADS_FOLDER);
      return existsSync(d) ? readdirSync(d) : [];
    },
    close: async () => {
      await server.close();
      await service.close();
    },
  };
}
