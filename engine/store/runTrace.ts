// A run's stored trace read again, straight from its blobs: for what the
// stored CCT does not keep, such as every invocation time of one context.
import { CctBuilder } from "../cct/cctBuilder.js";
import { readUftrace } from "../trace/uftrace/readUftrace.js";
import { readChromeTrace } from "../trace/chrome/readChromeTrace.js";
import { readTextTrace } from "../trace/text/readTextTrace.js";
import { fileSource } from "../host/fileSource.js";
import { artifactsOf, getRun } from "./repositories.js";
import type { Workspace } from "./workspace.js";

export interface ContextDurations {
  readonly path: readonly string[];
  /** Threads included, as "pid/tid". */
  readonly threads: readonly string[];
  /** Every invocation time of the context, in nanoseconds, thread by thread. */
  readonly durationsNs: readonly number[];
}

/** Every invocation time of the context with this call chain, in the chosen
 * thread ("pid/tid") or all threads: one more pass over the stored trace. */
export async function contextDurations(ws: Workspace, runId: number, path: readonly string[], thread: string | null): Promise<ContextDurations> {
  if (!getRun(ws.db, runId)) throw new Error(`run ${runId} does not exist`);
  const art = artifactsOf(ws.db, runId).find((a) => /-(directory|trace)$/.test(a.kind));
  if (!art) throw new Error(`run ${runId} holds no trace, so its invocation times are unknown`);
  const sink = new CctBuilder({ covariance: false, watchPath: path });
  const format = art.kind.replace(/-(directory|trace)$/, "");
  const label = `run ${runId} ${art.name}`;
  if (format === "uftrace") await readUftrace(await ws.artifacts.directory(art.path, label), sink);
  else if (format === "chrome") await readChromeTrace(fileSource(ws.artifacts.absolute(art.path)), sink);
  else if (format === "text") await readTextTrace(fileSource(ws.artifacts.absolute(art.path)), sink);
  else throw new Error(`run ${runId}: no reader for a ${art.kind} artifact`);
  sink.finish();
  const picked = sink.watchedDurations().filter((t) => thread === null || `${t.pid}/${t.tid}` === thread);
  return { path, threads: picked.map((t) => `${t.pid}/${t.tid}`), durationsNs: picked.flatMap((t) => t.durationsNs) };
}
