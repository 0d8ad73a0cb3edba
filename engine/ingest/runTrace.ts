// A run's stored trace read again, straight from its blobs: for what the
// stored CCT does not keep (every invocation time of one context) or was not
// built with (on-CPU time).
import { CctBuilder } from "../cct/cctBuilder.js";
import type { TraceSink } from "../trace/sink.js";
import { DEFAULT_CHUNK_BYTES, fileSource } from "../io/fileSource.js";
import { readInput, type ReadOptions, type TraceInput } from "../io/readTrace.js";
import { artifactsOf, getRun, type ArtifactRow } from "../store/repositories.js";
import type { Workspace } from "../store/workspace.js";

export type RunTraceOptions = ReadOptions;

/** The run's trace artifact (a uftrace directory's manifest, or the trace file). */
export function traceArtifact(ws: Workspace, runId: number): ArtifactRow {
  if (!getRun(ws.db, runId)) throw new Error(`run ${runId} does not exist`);
  const art = artifactsOf(ws.db, runId).find((a) => /-(directory|trace)$/.test(a.kind));
  if (!art) throw new Error(`run ${runId} holds no trace`);
  return art;
}

/** Streams the run's stored trace into `sink`. */
export async function readRunTrace(
  ws: Workspace,
  runId: number,
  sink: TraceSink,
  options: RunTraceOptions = {},
): Promise<void> {
  const art = traceArtifact(ws, runId);
  const format = art.kind.replace(/-(directory|trace)$/, "");
  const label = `run ${runId} ${art.name}`;
  let input: TraceInput;
  if (format === "uftrace") input = { format, dir: await ws.artifacts.directory(art.path, label, options.onBytes) };
  else if (format === "chrome" || format === "text")
    input = { format, file: fileSource(ws.artifacts.absolute(art.path), DEFAULT_CHUNK_BYTES, options.onBytes) };
  else throw new Error(`run ${runId}: no reader for a ${art.kind} artifact`);
  await readInput(input, sink, options);
}

export interface ContextDurations {
  readonly path: readonly string[];
  /** Threads included, as "pid/tid". */
  readonly threads: readonly string[];
  /** Every invocation time of the context, in nanoseconds, thread by thread. */
  readonly durationsNs: readonly number[];
}

/** Every invocation time of the context with this call chain, in the chosen
 * thread ("pid/tid") or all threads: one more pass over the stored trace. */
export async function contextDurations(
  ws: Workspace,
  runId: number,
  path: readonly string[],
  thread: string | null,
): Promise<ContextDurations> {
  const byThread = new Map<string, number[]>();
  const onClose = (t: string, _paths: Int32Array, durationsNs: Float64Array, count: number) => {
    if (thread !== null && t !== thread) return;
    let list = byThread.get(t);
    if (!list) byThread.set(t, (list = []));
    for (let i = 0; i < count; i++) list.push(durationsNs[i]);
  };
  const sink = new CctBuilder({ covariance: false, watch: { paths: [path], onClose } });
  await readRunTrace(ws, runId, sink);
  sink.finish();
  return { path, threads: [...byThread.keys()], durationsNs: [...byThread.values()].flat() };
}
