// A trace and its CCT as content-addressed artifacts: what `varbench import`
// stores and what the uftrace profiler stores for each run. The trace is read
// in full first, so a bad trace stores nothing; the caller writes the rows.
import { basename } from "node:path";
import { readTraceFile } from "../io/readTrace.js";
import { isDirectory } from "../io/fileSource.js";
import { serializeCct } from "../cct/serialize.js";
import type { Cct, CctOptions } from "../cct/cct.js";
import type { ArtifactStore, StoredBlob } from "../store/artifactStore.js";
import type { ArtifactRow } from "../store/repositories.js";

export interface StoredTrace {
  readonly cct: Cct;
  readonly format: string;
  /** Rows to insert with the run (runId aside). */
  readonly artifacts: readonly Omit<ArtifactRow, "id" | "runId">[];
  /** Blobs this call created: the caller removes them if its transaction fails. */
  readonly written: readonly StoredBlob[];
}

export async function storeTrace(store: ArtifactStore, trace: string, options: CctOptions = {}): Promise<StoredTrace> {
  const { cct, format } = await readTraceFile(trace, options);
  const written: StoredBlob[] = [];
  try {
    const dir = await isDirectory(trace);
    let traceBlob: StoredBlob;
    let traceBytes: number;
    if (dir) {
      const stored = await store.putDirectory(trace);
      written.push(...stored.written);
      traceBlob = stored.manifest;
      traceBytes = stored.totalBytes;
    } else {
      traceBlob = await store.putFile(trace);
      written.push(traceBlob);
      traceBytes = traceBlob.sizeBytes;
    }
    const cctBlob = await store.putBytes(serializeCct(cct));
    written.push(cctBlob);
    const artifacts = [
      {
        kind: dir ? `${format}-directory` : `${format}-trace`,
        name: basename(trace),
        path: traceBlob.path,
        sha256: traceBlob.sha256,
        sizeBytes: traceBytes,
        mediaType: dir
          ? "application/vnd.varbench.manifest+json"
          : format === "chrome"
            ? "application/json"
            : "text/plain",
      },
      {
        kind: "cct",
        name: "cct.json",
        path: cctBlob.path,
        sha256: cctBlob.sha256,
        sizeBytes: cctBlob.sizeBytes,
        mediaType: "application/json",
      },
    ];
    return { cct, format, artifacts, written };
  } catch (e) {
    await store.discard(written);
    throw e;
  }
}
