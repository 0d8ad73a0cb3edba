// What watches a run (docs/design.md): one module per profiler behind this
// interface. A profiler says how to run the workload's argv and what to keep
// from the run's folder once the process has ended.
import type { Workspace } from "../../store/workspace.js";
import type { ArtifactRow } from "../../store/repositories.js";
import type { StoredBlob } from "../../store/artifactStore.js";

export interface Collected {
  readonly artifacts: readonly Omit<ArtifactRow, "id" | "runId">[];
  /** Blobs created here, removed again if the run's transaction fails. */
  readonly written: readonly StoredBlob[];
  /** Something a person should know about this run's data (added to its message). */
  readonly note?: string;
  /** What the profiler measured of the run beyond rusage, by measure name (campaign/measures.ts). */
  readonly measures?: Record<string, number>;
}

export interface Watch {
  /** Stops watching and returns what was seen (the same on every call). */
  stop(): unknown;
}

/** Where a run's files are: its own folder, and its design's build folder. */
export interface RunContext {
  readonly runDir: string;
  readonly buildDir: string;
}

export interface Profiler {
  readonly name: string;
  /** The command to run (under the wait4 helper) for the workload's argv. */
  command(argv: readonly string[], runDir: string, options: readonly string[]): string[];
  /** Called just before the run starts (e.g. to reset counters). */
  beforeRun?(context: RunContext): Promise<void>;
  /** For a profiler that watches the run as it goes: started once the run's
   * helper process (pid) exists; stopped before collect. */
  watch?(helperPid: number, options: readonly string[]): Watch;
  /** Artifacts of the run; throws with a message for people when the output is unusable. */
  collect(ws: Workspace, context: RunContext, watched?: Watch): Promise<Collected>;
  /** Why the profiler cannot watch this program at all (checked once, before a campaign's first run), or null. */
  cannotWatch?(program: string, cwd: string, options: readonly string[]): Promise<string | null>;
  /** The profiler's own error in a failed run's stderr, worded for people, or null where the program itself failed. */
  ownError?(stderr: string): string | null;
  /** The profiler and its version, recorded in each run's environment. */
  version(): string;
}
