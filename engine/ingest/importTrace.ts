// `varbench import`: a trace becomes a run holding the trace and its CCT.
// Order matters for "nothing half-written": the trace is read fully first (a
// bad trace fails before anything is stored), blobs are written under their
// final names only when complete, and the rows go in one transaction; if that
// fails, the blobs this import created are removed again.
import { basename } from "node:path";
import type { Cct } from "../cct/cct.js";
import { storeTrace } from "./traceArtifacts.js";
import { cctMeasures } from "../cct/profilerMeasures.js";
import type { Workspace } from "../store/workspace.js";
import { writeTransaction } from "../store/database.js";
import { ensureDesign, ensureProject, ensureWorkload, insertArtifact, insertRun } from "../store/repositories.js";
import { describeTraceWarning } from "../trace/diagnostics.js";

export interface ImportRequest {
  readonly trace: string;
  readonly project: string;
  readonly workload?: string;
  readonly design?: string;
  /** Children per context above which no child covariance is kept. */
  readonly maxCovarianceChildren?: number;
}

export interface ImportResult {
  readonly runId: number;
  readonly format: string;
  readonly cct: Cct;
  readonly warnings: readonly string[];
}

export async function importTrace(ws: Workspace, req: ImportRequest): Promise<ImportResult> {
  const stored = await storeTrace(
    ws.artifacts,
    req.trace,
    req.maxCovarianceChildren === undefined ? {} : { maxCovarianceChildren: req.maxCovarianceChildren },
  );
  try {
    const warnings = stored.cct.warnings.map(describeTraceWarning);
    const runId = writeTransaction(ws.db, () => {
      const projectId = ensureProject(ws.db, req.project);
      const workloadId = req.workload ? ensureWorkload(ws.db, projectId, req.workload) : null;
      const designId = req.design ? ensureDesign(ws.db, projectId, req.design) : null;
      const id = insertRun(ws.db, {
        projectId,
        workloadId,
        designId,
        status: "imported",
        measures: cctMeasures(stored.cct),
        message: warnings.length > 0 ? warnings.join("\n") : `imported ${stored.format} trace ${basename(req.trace)}`,
      });
      for (const a of stored.artifacts) insertArtifact(ws.db, { runId: id, ...a });
      return id;
    });
    ws.artifacts.settle(stored.written);
    return { runId, format: stored.format, cct: stored.cct, warnings };
  } catch (e) {
    await ws.artifacts.discard(stored.written);
    throw e;
  }
}
