// A run's products kept in the workspace (issue 32 item 3): what an analysis
// makes of one run's trace alone, stored beside the analyses' results
// (analysisCache.ts) the first time it is made, so that no analysis, in this
// process or a later one, reads that trace again for it. Keyed by the trace
// artifact's hash (the product depends on those bytes and the parameters only),
// so a run imported twice, or a workspace copied, finds its products.
import type { Db } from "./database.js";
import { cachedResult, storeResults, type AnalysisKey } from "./analysisCache.js";
import type { RunPcv } from "../patterns/pcv.js";
import type { RunTimelines } from "../pool/runTimelines.js";

/** Products kept per kind: a run's is a few kilobytes (threads × intervals × dims numbers), so a
 * workspace of this many traced runs keeps them all for one parameter set without growing past
 * some tens of megabytes, far less than the traces themselves. */
export const MAX_PRODUCTS_PER_KIND = 5000;

export interface ProductKey {
  readonly kind: string;
  /** SHA-256 of the run's trace artifact. */
  readonly traceSha256: string;
  readonly parameters: Readonly<Record<string, number>>;
  /** The engine's and the product's versions: a product made by other code is never served. */
  readonly version: string;
}

function analysisKey(k: ProductKey): AnalysisKey {
  return {
    kind: k.kind,
    inputsKey: k.traceSha256,
    parametersJson: JSON.stringify(Object.entries(k.parameters).sort(([a], [b]) => (a < b ? -1 : 1))),
    engineVersion: k.version,
  };
}

/** The kept timelines, or undefined when there are none (or a row does not have their shape). */
export function keptTimelines(db: Db, k: ProductKey): RunTimelines | undefined {
  const row = cachedResult(db, analysisKey(k));
  return row === undefined ? undefined : decodeTimelines(row);
}

export function keepTimelines(db: Db, k: ProductKey, t: RunTimelines): void {
  keepAllTimelines(db, [{ key: k, timelines: t }]);
}

/** Runs' timelines kept in one transaction; their keys share a kind and version (timelinesKey's). */
export function keepAllTimelines(
  db: Db,
  entries: readonly { readonly key: ProductKey; readonly timelines: RunTimelines }[],
): void {
  const results = entries.map((e) => ({
    key: analysisKey(e.key),
    resultJson: JSON.stringify(encodeTimelines(e.timelines)),
  }));
  storeResults(db, results, MAX_PRODUCTS_PER_KIND);
}

interface StoredThread {
  tid: number;
  name: string;
  start: number;
  features: string;
  busy: string;
}

interface StoredTimelines {
  schedulerEvents: boolean;
  pcv: { intervals: number; dims: number; spanNs: number; threads: StoredThread[] } | null;
}

/** Float64 columns as base64 of their bytes: exact, a third of the size of their decimal text. */
function encodeTimelines(t: RunTimelines): StoredTimelines {
  const bytes = (a: Float64Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString("base64");
  const p = t.pcv;
  return {
    schedulerEvents: t.schedulerEvents,
    pcv: p && {
      intervals: p.intervals,
      dims: p.dims,
      spanNs: p.spanNs,
      threads: p.threads.map((x) => ({
        tid: x.tid,
        name: x.name,
        start: x.start,
        features: bytes(x.features),
        busy: bytes(x.busy),
      })),
    },
  };
}

function decodeTimelines(v: unknown): RunTimelines | undefined {
  const s = v as StoredTimelines;
  if (typeof s !== "object" || s === null || typeof s.schedulerEvents !== "boolean") return undefined;
  if (s.pcv === null) return { schedulerEvents: s.schedulerEvents, pcv: null };
  if (typeof s.pcv !== "object" || !Array.isArray(s.pcv.threads)) return undefined;
  const floats = (text: unknown, length: number) => {
    if (typeof text !== "string") return null;
    const b = Buffer.from(text, "base64");
    if (b.byteLength !== length * 8) return null;
    // A fresh copy: the Buffer's bytes may sit at an offset that is no multiple of 8.
    return new Float64Array(new Uint8Array(b).buffer);
  };
  const { intervals, dims, spanNs } = s.pcv;
  const threads: RunPcv["threads"][number][] = [];
  for (const x of s.pcv.threads) {
    const features = floats(x.features, intervals * dims);
    const busy = floats(x.busy, intervals);
    if (!features || !busy || typeof x.tid !== "number" || typeof x.name !== "string" || typeof x.start !== "number")
      return undefined;
    threads.push({ tid: x.tid, name: x.name, start: x.start, features, busy });
  }
  return { schedulerEvents: s.schedulerEvents, pcv: { intervals, dims, spanNs, threads } };
}
