// What the API's handlers share: the open workspace (which workspace.open can
// swap), the event hub, the campaigns this process is running, and what
// analyses read through.
import type { Workspace } from "../store/workspace.js";
import type { AnalysisHost } from "../analyses/runAnalysis.js";
import type { EventHub } from "./eventHub.js";

export interface ServiceContext extends AnalysisHost {
  readonly events: EventHub;
  workspace(): Workspace;
  /** Closes the current workspace and opens (or creates) another. */
  switchWorkspace(dir: string): void;
  /** Campaigns whose runner is this process, with what stops them. */
  readonly running: Map<number, { readonly abort: AbortController; readonly done: Promise<void> }>;
}
