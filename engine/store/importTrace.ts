// `varbench import`: a trace becomes a run holding the trace and its CCT.
// Order matters for "nothing half-written": the trace is read fully first (a
// bad trace fails before anything is stored), blobs are written under their
// final names only when complete, and the rows go in one transaction; if that
// fails, the blobs this import created are removed again.
import { basename } from "node:path";
import { readTraceFile } from "../host/readTrace.js";
import { isDirectory } from "../host/fileSource.js";
import { serializeCct } from "../cct/serialize.js";
import type { Cct } from "../cct/cct.js";
import type { StoredBlob } from "./artifactStore.js";
import type { Workspace } from "./workspace.js";
import { ensureDesign, ensureProject, ensureWorkload, insertArtifact, insertRun } from "./repositories.js";
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
  const { cct, format } = await readTraceFile(req.trace, req.maxCovarianceChildren === undefined ? {} : { maxCovarianceChildren: req.maxCovarianceChildren });
  const written: StoredBlob[] = [];
  try {
    const dir = await isDirectory(req.trace);
    let traceBlob: StoredBlob;
    if (dir) {
      const stored = await ws.artifacts.putDirectory(req.trace);
      written.push(...stored.written);
      traceBlob = stored.manifest;
    } else {
      traceBlob = await ws.artifacts.putFile(req.trace);
      written.push(traceBlob);
    }
    const cctBlob = await ws.artifacts.putBytes(serializeCct(cct));
    written.push(cctBlob);
    const warnings = cct.warnings.map(describeTraceWarning);
    const runId = ws.db.transaction(() => {
      const projectId = ensureProject(ws.db, req.project);
      const workloadId = req.workload ? ensureWorkload(ws.db, projectId, req.workload) : null;
      const designId = req.design ? ensureDesign(ws.db, projectId, req.design) : null;
      const id = insertRun(ws.db, {
        projectId,
        workloadId,
        designId,
        status: "imported",
        message: warnings.length > 0 ? warnings.join("\n") : `imported ${format} trace ${basename(req.trace)}`,
      });
      insertArtifact(ws.db, {
        runId: id,
        kind: dir ? `${format}-directory` : `${format}-trace`,
        name: basename(req.trace),
        path: traceBlob.path,
        sha256: traceBlob.sha256,
        sizeBytes: traceBlob.sizeBytes,
        mediaType: dir ? "application/vnd.varbench.manifest+json" : format === "chrome" ? "application/json" : "text/plain",
      });
      insertArtifact(ws.db, { runId: id, kind: "cct", name: "cct.json", path: cctBlob.path, sha256: cctBlob.sha256, sizeBytes: cctBlob.sizeBytes, mediaType: "application/json" });
      return id;
    })();
    return { runId, format, cct, warnings };
  } catch (e) {
    await ws.artifacts.discard(written);
    throw e;
  }
}
