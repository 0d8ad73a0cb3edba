// The calling-context tree of one trace: one tree per thread (so views can
// pick threads) plus the function table they share. The merged tree is
// derived, never stored (see merge.ts).
import type { TraceWarning } from "../trace/diagnostics.js";
import type { ContextColumns } from "./contextTable.js";

export const CCT_FORMAT_VERSION = 1;

/** Default cap on children per context for the exact child covariance (issue 2). */
export const DEFAULT_MAX_COVARIANCE_CHILDREN = 64;

/** The most children a covariance may be asked for: k children keep (k + 1)² co-moments per context,
 * 8 MB at this bound (8,000 callees under one caller took 2.5 GB). */
export const MAX_COVARIANCE_CHILDREN = 1024;

/** A CCT shown as a table: contexts by inclusive time, all of them (limit 0). */
export const CCT_TABLE_DEFAULTS = { sort: "total", limit: 0 } as const;

export interface ThreadCct {
  readonly pid: number;
  readonly tid: number;
  readonly name?: string;
  readonly contexts: ContextColumns;
}

export interface Cct {
  readonly version: typeof CCT_FORMAT_VERSION;
  readonly functions: readonly string[];
  readonly threads: readonly ThreadCct[];
  readonly maxCovarianceChildren: number;
  readonly events: number;
  readonly warnings: readonly TraceWarning[];
}

export interface CctOptions {
  /** Keep the per-invocation child covariance (paper 000 Eq. 1–2). */
  readonly covariance?: boolean;
  readonly maxCovarianceChildren?: number;
  /** Calls shorter than this count as their caller's self time. */
  readonly minDurationNs?: number;
  /** The most memory the builder may take, in bytes (default and ceiling: the
   * 4 GiB a 32-bit WebAssembly memory can address; see kernel/ingestKernel.ts). */
  readonly memoryLimitBytes?: number;
  /** Call chains (function names from the thread root) whose every invocation
   * is reported as it ends: a context's distribution, a confirmation pass. */
  readonly watch?: ContextWatch;
  /** The tracer's own cost per recorded call, c ns (finite, ≥ 0; default 0: nothing taken out),
   * taken out of every call's time. */
  readonly toolCostNs?: number;
  /** The part b of that cost that lies between a call's own entry and exit records (0 ≤ b ≤ c;
   * default 0): an empty function's recorded time. The rest, c − b, runs in the caller's time.
   * An invocation with D calls recorded inside it, k of them direct children, loses b + D·c of its
   * inclusive time and b + k·(c − b) of its self time: exact when every call's hooks cost the
   * same. With b = 0 each call's whole cost is charged to its caller and the call keeps its own
   * in-record part (the same for every call: no variance of its own, but its callers' self times
   * then lose it once per child too many). The time filter (uftrace `-t`) still compares recorded
   * times; a filtered call was recorded, so its cost is taken out too. Watched invocations are
   * reported with the cost taken out. See kernel/assembly/thread.ts. */
  readonly toolCostInsideNs?: number;
}

export interface ContextWatch {
  readonly paths: readonly (readonly string[])[];
  /** Invocations in thread `thread` ("pid/tid") that ended, in order, in
   * batches: one of paths[pathIndex[i]] took durationsNs[i] (i < count). The
   * arrays are valid only during the call. */
  onClose(thread: string, pathIndex: Int32Array, durationsNs: Float64Array, count: number): void;
}
