// The API's one implementation: every handler over one open workspace, and the
// event hub every transport forwards. Transports (inProcess.ts, httpServer.ts,
// Electron's IPC) only move calls to dispatch() and events from `events`.
import { Workspace } from "../store/workspace.js";
import type { Handlers } from "./dispatch.js";
import { dispatch } from "./dispatch.js";
import { EventHub } from "./eventHub.js";
import type { ServiceContext } from "./serviceContext.js";
import { CctCache } from "./cctCache.js";
import { workspaceHandlers } from "./workspaceHandlers.js";
import { campaignHandlers } from "./campaignHandlers.js";
import { runHandlers } from "./runHandlers.js";
import { compareHandlers } from "./compareHandlers.js";
import { varianceHandlers } from "./varianceHandlers.js";
import { campaignReport } from "../report/campaignReport.js";
import { rememberWorkspace } from "./recentWorkspaces.js";

export class VarbenchService implements ServiceContext {
  readonly events = new EventHub();
  readonly running: ServiceContext["running"] = new Map();
  readonly handlers: Handlers;
  private ws: Workspace;

  constructor(workspaceDir: string) {
    this.ws = Workspace.open(workspaceDir);
    rememberWorkspace(this.ws.dir);
    const ccts = new CctCache();
    const partial = { ...workspaceHandlers(this), ...campaignHandlers(this), ...runHandlers(this, ccts), ...compareHandlers(this, ccts), ...varianceHandlers(this) };
    this.handlers = {
      ...partial,
      "reports.campaign": async ({ campaignId, format }) => campaignReport(await partial["campaigns.get"]({ campaignId }), format),
    };
  }

  workspace(): Workspace {
    return this.ws;
  }

  switchWorkspace(dir: string): void {
    const next = Workspace.init(dir);
    this.ws.close();
    this.ws = next;
    rememberWorkspace(next.dir);
  }

  call(method: string, args: unknown): Promise<unknown> {
    return dispatch(this.handlers, method, args);
  }

  /** Stops this process's campaigns (their runs end as cancelled) and closes the workspace. */
  async close(): Promise<void> {
    for (const r of this.running.values()) r.abort.abort();
    await Promise.all([...this.running.values()].map((r) => r.done));
    this.ws.close();
  }
}
