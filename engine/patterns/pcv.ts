// A run's Parallel Characteristics Vector after interval alignment (paper 004
// §3.1.2, §3.2.1): per thread, its projected features in each of M equal
// fractions of the run's length, as shares of that fraction's time. Kept per
// thread until thread alignment (threadAlignment.ts) decides their order.
import { alignTimeline } from "./timeline.js";
import type { ThreadTimeline } from "./traceTimelines.js";

export interface AlignedThread {
  readonly tid: number;
  readonly name: string;
  /** When the thread first ran, as a share of the run's length (orders threads of one kind). */
  readonly start: number;
  /** M rows of `dims` projected features (shares of the interval's time). */
  readonly features: Float64Array;
  /** M busy shares: the part of each interval the thread spent running traced code (or on the CPU). */
  readonly busy: Float64Array;
}

export interface RunPcv {
  readonly intervals: number;
  readonly dims: number;
  /** The run's length: from its first event to its last, in ns. */
  readonly spanNs: number;
  readonly threads: readonly AlignedThread[];
}

export function runPcv(threads: readonly ThreadTimeline[], intervals: number, dims: number): RunPcv {
  const startNs = Math.min(...threads.map((t) => t.firstNs));
  const endNs = Math.max(...threads.map((t) => t.lastNs));
  const spanNs = threads.length === 0 ? 0 : endNs - startNs;
  const aligned = threads.map((t): AlignedThread => {
    const rows = alignTimeline(t.timeline, startNs, endNs, intervals);
    const features = new Float64Array(intervals * dims);
    const busy = new Float64Array(intervals);
    for (let j = 0; j < intervals; j++) {
      features.set(rows.subarray(j * (dims + 1), j * (dims + 1) + dims), j * dims);
      busy[j] = rows[j * (dims + 1) + dims];
    }
    return { tid: t.tid, name: t.name, start: spanNs > 0 ? (t.firstNs - startNs) / spanNs : 0, features, busy };
  });
  return { intervals, dims, spanNs, threads: aligned };
}
