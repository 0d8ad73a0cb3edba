// A CCT as a table for people: contexts with their statistics (all threads
// merged, or one thread), the threads, the reader's warnings and the contexts
// whose child covariance was not kept. What `varbench cct` prints and the run
// view shows.
import type { Cct } from "./cct.js";
import type { ThreadLabel } from "../campaign/readModels.js";
import { mergeThreads } from "./merge.js";
import { chainOf, contextRows, type ContextRow, type ContextSort } from "./query.js";
import type { ContextColumns } from "./contextTable.js";
import { describeTraceWarning } from "../trace/diagnostics.js";
import { grouped } from "../format/numbers.js";

export interface CctTableOptions {
  /** One thread: "tid" or "pid/tid"; null: all threads merged. */
  readonly thread: string | null;
  readonly sort: ContextSort;
  /** At most this many rows; 0: all. */
  readonly limit: number;
}

export interface CctTable {
  /** What was read: "run 3", a trace's path. */
  readonly label: string;
  readonly events: number;
  readonly threads: readonly ThreadLabel[];
  readonly thread: string | null;
  /** Inclusive time of the root's children: the whole recorded time of the threads shown. */
  readonly totalNs: number;
  /** Contexts with calls, before the limit. */
  readonly contexts: number;
  readonly rows: readonly ContextRow[];
  readonly warnings: readonly string[];
  readonly maxCovarianceChildren: number;
  /** Call chains of the contexts that had more children than the covariance limit. */
  readonly covarianceOmitted: readonly string[];
}

export function threadLabels(cct: Cct): ThreadLabel[] {
  return cct.threads.map((t) => ({
    key: `${t.pid}/${t.tid}`,
    pid: t.pid,
    tid: t.tid,
    name: t.name ?? null,
    contexts: t.contexts.size - 1,
  }));
}

/** Whether `spec` ("tid" or "pid/tid") names a thread of the CCT. */
export function threadMatcher(spec: string): (pid: number, tid: number) => boolean {
  const [a, b] = spec.split("/").map(Number);
  return b === undefined ? (_pid, tid) => tid === a : (pid, tid) => pid === a && tid === b;
}

export function cctTable(cct: Cct, label: string, o: CctTableOptions): CctTable {
  const merged = mergeThreads(cct, o.thread === null ? undefined : threadMatcher(o.thread));
  // Chains only for the rows shown; the count of all is the tree's.
  const all = contextRows(merged, cct.functions, o.sort, undefined, o.limit);
  const cut = all.cut ?? 0;
  const contexts = contextsWithCalls(merged);
  let totalNs = 0;
  for (let c = 1; c < merged.size; c++) if (merged.parent[c] === 0) totalNs += merged.inclusiveNs[c];
  const chain = (c: number) => {
    let depth = 0;
    for (let p = c; p > 0; p = merged.parent[p]) depth++;
    return depth;
  };
  // Worded only when rows were cut (maxDepth walks every context).
  const shown = () =>
    `the ${grouped(all.length)} heaviest of ${grouped(contexts)} contexts are listed: the others' call chains, up to ${grouped(maxDepth(merged))} calls deep, would not fit in memory together`;
  return {
    label,
    events: cct.events,
    threads: threadLabels(cct),
    thread: o.thread,
    totalNs,
    contexts,
    rows: all,
    warnings: [...cct.warnings.map(describeTraceWarning), ...(cut > 0 ? [shown()] : [])],
    maxCovarianceChildren: cct.maxCovarianceChildren,
    covarianceOmitted: merged.covarianceOmitted.map((c) => chainOf(merged, cct.functions, c, chain(c)).join(" > ")),
  };
}

function maxDepth(cols: ContextColumns): number {
  const depth = new Int32Array(cols.size);
  let max = 0;
  for (let c = 1; c < cols.size; c++) max = Math.max(max, (depth[c] = depth[cols.parent[c]] + 1));
  return max;
}

/** Contexts that were called, the root aside. */
function contextsWithCalls(cols: ContextColumns): number {
  let n = 0;
  for (let c = 1; c < cols.size; c++) if (cols.n[c] > 0) n++;
  return n;
}
