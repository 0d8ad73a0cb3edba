// A run's per-thread timelines (paper 004) as a job for a reader
// (pool/runTimelines.ts) and as a kept product (store/runProducts.ts): the
// job names the trace's files by absolute path; the key is the trace's hash,
// the parameters and the versions of the code that makes them. Used by the
// pattern analyses (analyses/runTimelines.ts) and when a run is recorded
// (keepRecordedTimelines), so both make and find the same rows.
import { DEFAULT_SEED, ALIGNED_INTERVALS, PROJECTED_DIMENSIONS } from "../patterns/parameters.js";
import { readRunTimelines, type TimelinesJob, type TimelinesRequest } from "../pool/runTimelines.js";
import type { ArtifactRow } from "../store/repositories.js";
import { keepTimelines, keptTimelines, type ProductKey } from "../store/runProducts.js";
import type { Workspace } from "../store/workspace.js";
import { ENGINE_VERSION } from "./engineVersion.js";

/** Bumped when what a run's timelines hold changes (traceTimelines.ts, pcv.ts, projection.ts). */
export const RUN_TIMELINES_VERSION = 2;

/** What the pattern analyses ask for unless told otherwise (patternRuns.ts's defaults). */
export const DEFAULT_TIMELINES: TimelinesRequest = {
  seed: DEFAULT_SEED,
  intervals: ALIGNED_INTERVALS,
  dims: PROJECTED_DIMENSIONS,
};

type TraceArtifact = Pick<ArtifactRow, "kind" | "name" | "path" | "sha256">;

export function timelinesKey(art: TraceArtifact, request: TimelinesRequest): ProductKey {
  return {
    kind: "runTimelines",
    traceSha256: art.sha256,
    parameters: { seed: request.seed, intervals: request.intervals, dims: request.dims },
    version: `${ENGINE_VERSION}.${RUN_TIMELINES_VERSION}`,
  };
}

/** A timelines job for a stored trace: its files by absolute path, so a reader needs no workspace. */
export async function timelinesJob(
  ws: Workspace,
  runId: number,
  art: TraceArtifact,
  request: TimelinesRequest,
): Promise<TimelinesJob> {
  const format = art.kind.replace(/-(directory|trace)$/, "");
  const label = `run ${runId} ${art.name}`;
  let trace: TimelinesJob["trace"];
  if (format === "uftrace") trace = { format, files: await ws.artifacts.directoryFiles(art.path) };
  else if (format === "chrome" || format === "text") trace = { format, file: ws.artifacts.absolute(art.path) };
  else throw new Error(`run ${runId}: no reader for a ${art.kind} artifact`);
  return { runId, label, trace, ...request };
}

/** Makes and keeps a just-recorded trace's timelines for the pattern analyses' defaults, so their first
 * call reads no trace (issue 32 item 3). Best effort: whatever fails here is made again on first use. */
export async function keepRecordedTimelines(ws: Workspace, art: TraceArtifact): Promise<void> {
  try {
    const key = timelinesKey(art, DEFAULT_TIMELINES);
    if (keptTimelines(ws.db, key)) return;
    keepTimelines(ws.db, key, await readRunTimelines(await timelinesJob(ws, 0, art, DEFAULT_TIMELINES)));
  } catch {
    // A trace the analyses cannot read either is named by them, when they are asked.
  }
}
