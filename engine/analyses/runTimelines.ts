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
import { keepAllTimelines, keptTimelines, type ProductKey } from "../store/runProducts.js";
import type { Workspace } from "../store/workspace.js";
import { timelinesJob, timelinesKey } from "../ingest/timelineJobs.js";

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
      const key = timelinesKey(art, request);
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
      jobs.push(await timelinesJob(ws, m.runId, traceArtifact(ws, m.runId), request));
      reading.push(m);
    } catch (e) {
      out[m.index] = { ok: false, error: e instanceof Error ? e : new Error(String(e)) };
    }
  }
  const read = await pool.read(jobs, (done) => progress(kept + done, runs.length));
  const made: { key: ProductKey; timelines: RunTimelines }[] = [];
  for (const [i, m] of reading.entries()) {
    out[m.index] = read[i];
    const r = read[i];
    if (r.ok) made.push({ key: m.key, timelines: r.value });
  }
  keep(ws, made);
  return out;
}

/** Timelines that cannot be kept (a read-only or full disk) are still this call's answer. */
function keep(ws: Workspace, made: readonly { key: ProductKey; timelines: RunTimelines }[]): void {
  try {
    keepAllTimelines(ws.db, made);
  } catch {
    // Made again next time; nothing depends on the kept copy.
  }
}
