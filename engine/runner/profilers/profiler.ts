// What watches a run (DESIGN.md): one module per profiler behind this
// interface. A profiler says how to run the workload's argv and what to keep
// from the run's folder once the process has ended.
import type { Workspace } from "../../store/workspace.js";
import type { ArtifactRow } from "../../store/repositories.js";
import type { StoredBlob } from "../../store/artifactStore.js";

export interface Collected {
  readonly artifacts: readonly Omit<ArtifactRow, "id" | "runId">[];
  /** Blobs created here, removed again if the run's transaction fails. */
  readonly written: readonly StoredBlob[];
}

export interface Profiler {
  readonly name: string;
  /** The command to run (under the wait4 helper) for the workload's argv. */
  command(argv: readonly string[], runDir: string, options: readonly string[]): string[];
  /** Artifacts from the run's folder; throws with a message for people when the output is unusable. */
  collect(ws: Workspace, runDir: string): Promise<Collected>;
  /** The profiler and its version, recorded in each run's environment. */
  version(): string;
}
