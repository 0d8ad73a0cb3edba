// Runs' per-thread timelines for execution-pattern analysis (paper 004),
// each made once from its run's trace and kept in the workspace
// (store/runProducts.ts): the executionPatterns, designComparison and
// patternCheck analyses, in this process or a later one, find them there and
// read no trace again. Those not kept yet are read in the reader pool
// (pool/readerPool.ts), results in the runs' order whatever the pool's size.
import type { RunRow } from "../campaign/readModels.js";
import { traceArtifact } from "../ingest/runTrace.js";
import type { ReaderPool, Settled } from "../pool/readerPool.js";
import type { RunTimelines, TimelinesJob, TimelinesRequest } from "../pool/runTimelines.js";
import { keepTimelines, keptTimelines, type ProductKey } from "../store/runProducts.js";
import type { Workspace } from "../store/workspace.js";
import { ENGINE_VERSION } from "./engineVersion.js";

/** Bumped when what a run's timelines hold changes (traceTimelines.ts, pcv.ts, projection.ts). */
export const RUN_TIMELINES_VERSION = 1;

export type { TimelinesRequest };

/** Each run's timelines or why its trace could not be read, in the runs' order. */
export async function runTimelines(
  ws: Workspace,
  runs: readonly RunRow[],
  request: TimelinesRequest,
  pool: ReaderPool,
  progress: (done: number, total: number) => void,
): Promise<Settled[]> {
  const out: Settled[] = new Array(runs.length);
  const missing: { index: number; key: ProductKey; runId: number }[] = [];
  for (const [index, run] of runs.entries()) {
    try {
      const art = traceArtifact(ws, run.id);
      const key: ProductKey = {
        kind: "runTimelines",
        traceSha256: art.sha256,
        parameters: { seed: request.seed, intervals: request.intervals, dims: request.dims },
        version: `${ENGINE_VERSION}.${RUN_TIMELINES_VERSION}`,
      };
      const kept = keptTimelines(ws.db, key);
      if (kept) out[index] = { ok: true, value: kept };
      else missing.push({ index, key, runId: run.id });
    } catch (e) {
      out[index] = { ok: false, error: e instanceof Error ? e : new Error(String(e)) };
    }
  }
  const kept = runs.length - missing.length;
  progress(kept, runs.length);
  const jobs: TimelinesJob[] = [];
  const reading: typeof missing = [];
  for (const m of missing) {
    try {
      jobs.push(await jobOf(ws, m.runId, request));
      reading.push(m);
    } catch (e) {
      out[m.index] = { ok: false, error: e instanceof Error ? e : new Error(String(e)) };
    }
  }
  const read = await pool.read(jobs, (done) => progress(kept + done, runs.length));
  for (const [i, m] of reading.entries()) {
    out[m.index] = read[i];
    const r = read[i];
    if (r.ok) keep(ws, m.key, r.value);
  }
  return out;
}

/** A timelines job for the run's stored trace: its files by absolute path, so a reader needs no workspace. */
async function jobOf(ws: Workspace, runId: number, request: TimelinesRequest): Promise<TimelinesJob> {
  const art = traceArtifact(ws, runId);
  const format = art.kind.replace(/-(directory|trace)$/, "");
  const label = `run ${runId} ${art.name}`;
  let trace: TimelinesJob["trace"];
  if (format === "uftrace") trace = { format, files: await ws.artifacts.directoryFiles(art.path) };
  else if (format === "chrome" || format === "text") trace = { format, file: ws.artifacts.absolute(art.path) };
  else throw new Error(`run ${runId}: no reader for a ${art.kind} artifact`);
  return { runId, label, trace, ...request };
}

/** Timelines that cannot be kept (a read-only or full disk) are still this call's answer. */
function keep(ws: Workspace, key: ProductKey, value: RunTimelines): void {
  try {
    keepTimelines(ws.db, key, value);
  } catch {
    // Made again next time; nothing depends on the kept copy.
  }
}
