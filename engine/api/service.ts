// The API's one implementation: every handler over one workspace, and the
// event hub every transport forwards. Transports (inProcess.ts, httpServer.ts,
// the engine worker behind Electron's IPC) only move calls to dispatch() and
// events from `events`.
import { Workspace } from "../store/workspace.js";
import { dispatch, type Handlers } from "./dispatch.js";
import { EventHub } from "./eventHub.js";
import type { ServiceContext } from "./serviceContext.js";
import { rememberWorkspace } from "./recentWorkspaces.js";
import { AnalysisSources } from "../analyses/sources.js";
import { engineMemoryMb } from "./engineMemory.js";
import type { AnalysisProgressEvent } from "../analyses/runAnalysis.js";

export interface ServiceOptions {
  /** Files on this machine may be named: traces to read or import, campaign specs (the command
   * line and the desktop window). Browser mode leaves it off: its pages name stored runs only. */
  readonly localFiles?: boolean;
  /** Open the workspace only when a call needs it (the command line: reading a trace file needs none). */
  readonly lazy?: boolean;
  /** Add the workspace to the recent list (the workbench does; the command line does not). */
  readonly remember?: boolean;
}

export class VarbenchService implements ServiceContext {
  readonly events = new EventHub();
  readonly running: ServiceContext["running"] = new Map();
  readonly sources = new AnalysisSources(() => this.workspace(), engineMemoryMb);
  readonly localFiles: boolean;
  private readonly remember: boolean;
  /** The handlers, imported on the first call that needs them: a command that runs one analysis
   * loads the analyses' handlers only, not the code of campaigns, imports and reports (issue 32 item 1). */
  private analysisHandlers: Promise<Partial<Handlers>> | null = null;
  private handlers: Promise<Handlers> | null = null;
  private ws: Workspace | null = null;

  constructor(
    private dir: string,
    options: ServiceOptions = {},
  ) {
    this.localFiles = options.localFiles ?? false;
    this.remember = options.remember ?? true;
    if (!options.lazy) this.workspace();
  }

  workspace(): Workspace {
    if (!this.ws) {
      this.ws = Workspace.open(this.dir);
      if (this.remember) rememberWorkspace(this.ws.dir);
    }
    return this.ws;
  }

  switchWorkspace(dir: string): void {
    const next = Workspace.init(dir);
    this.ws?.close();
    this.ws = next;
    this.dir = next.dir;
    if (this.remember) rememberWorkspace(next.dir);
  }

  progress(event: AnalysisProgressEvent): void {
    this.events.emit("analysisProgress", event);
  }

  async call(method: string, args: unknown): Promise<unknown> {
    return dispatch((await this.handlersFor(method)) as Handlers, method, args);
  }

  private handlersFor(method: string): Promise<Partial<Handlers>> {
    if (method.startsWith("analyses."))
      return (this.analysisHandlers ??= import("./analysisHandlers.js").then((m) => m.analysisHandlers(this)));
    return (this.handlers ??= Promise.all([
      import("./workspaceHandlers.js"),
      import("./campaignHandlers.js"),
      import("./runHandlers.js"),
      import("./reportHandlers.js"),
      import("./traceExportHandlers.js"),
      import("./uploadHandlers.js"),
      import("./analysisHandlers.js"),
      import("./historyHandlers.js"),
    ]).then(([w, c, r, rep, t, u, a, h]) => ({
      ...w.workspaceHandlers(this),
      ...c.campaignHandlers(this),
      ...r.runHandlers(this),
      ...rep.reportHandlers(this),
      ...t.traceExportHandlers(this),
      ...u.uploadHandlers(this),
      ...a.analysisHandlers(this),
      ...h.historyHandlers(this),
    })));
  }

  /** Stops this process's campaigns (their runs end as cancelled) and closes the workspace. */
  async close(): Promise<void> {
    for (const r of this.running.values()) r.abort.abort();
    await Promise.all([...this.running.values()].map((r) => r.done));
    await this.sources.close();
    this.ws?.close();
    this.ws = null;
  }
}
