// Streaming CCT construction for one thread. The work is done by the
// ingestion kernel (kernel/assembly/ingest.ts): a stack of open calls; each
// exit folds one invocation into its context's statistics and its cumulative
// time into the parent's running covariance vector (paper 000 §2). This class
// hands it events in batches, or uftrace's plain records as they lie in the
// file, and reads the finished tree out.
import type { EventBatch, PlainRecordFrame, ThreadSink } from "../trace/eventBatch.js";
import { isKernelOutOfMemory, type IngestKernel, type KernelThreadCallbacks } from "./kernel/ingestKernel.js";
import { TraceError } from "../trace/diagnostics.js";
import { finishColumns, type ContextColumns } from "./contextTable.js";
import { readContexts } from "./kernel/readContexts.js";

export interface UnbalancedCounts {
  /** Exits with no matching open call, by function id. */
  readonly unmatchedExits: Map<number, number>;
  /** Open calls closed because an exit of a caller, or a shallower entry, skipped them. */
  closedOnMismatch: number;
  /** Open calls closed at the thread's last time. */
  closedAtEnd: number;
}

export interface ThreadWatch {
  /** Call chains (function ids from the thread root) whose every invocation is reported. */
  readonly paths: readonly Int32Array[];
  /** Invocations that ended, in order: chain paths[i] took durationsNs[i]
   * (i < count). The arrays are valid only during the call. */
  onWatched(paths: Int32Array, durationsNs: Float64Array, count: number): void;
}

export class ThreadBuilder implements ThreadSink {
  readonly unbalanced: UnbalancedCounts = { unmatchedExits: new Map(), closedOnMismatch: 0, closedAtEnd: 0 };
  readonly takesPlainRecords = true;
  events = 0;
  private readonly thread: number;
  private readonly callbacks: KernelThreadCallbacks;
  private records: Uint8Array = new Uint8Array(0);

  constructor(
    private readonly kernel: IngestKernel,
    /** The thread as messages name it ("pid/tid"). */
    private readonly name: string,
    private readonly withCovariance: boolean,
    /** Calls shorter than this count as their caller's self time (uftrace `-t`). */
    minDurationNs = 0,
    watch: ThreadWatch | null = null,
  ) {
    const unmatched = this.unbalanced.unmatchedExits;
    const x = kernel.exports;
    this.callbacks = {
      watched: (count) => watch?.onWatched(kernel.i32(x.watchPathPtr(), count), kernel.f64(x.watchDurationPtr(), count), count),
      unmatched: (fn) => void unmatched.set(fn, (unmatched.get(fn) ?? 0) + 1),
      created: (c) => (watch ? watch.paths.findIndex((p) => isChain(c, p, x.runningParent, x.runningFn)) : -1),
    };
    this.thread = kernel.use(this.callbacks).newThread(minDurationNs);
  }

  set minDurationNs(ns: number) {
    this.kernel.exports.setMinDuration(this.thread, ns);
  }

  consume(batch: EventBatch): void {
    const n = batch.count;
    if (n === 0) return;
    const k = this.kernel;
    const x = k.use(this.callbacks);
    k.u8(x.batchKindPtr(), n).set(batch.kind.subarray(0, n));
    k.i32(x.batchFnPtr(), n).set(batch.fn.subarray(0, n));
    k.i32(x.batchDepthPtr(), n).set(batch.depth.subarray(0, n));
    k.f64(x.batchTimePtr(), n).set(batch.timeNs.subarray(0, n));
    this.guard(() => x.consumeBatch(this.thread, n));
    this.events += n;
  }

  recordBuffer(): Uint8Array {
    if (this.records.byteLength === 0) this.records = this.kernel.u8(this.kernel.exports.recordsPtr(), this.kernel.recordBytes);
    return this.records;
  }

  consumePlainRecords(start: number, end: number, frame: PlainRecordFrame): number {
    const x = this.kernel.use(this.callbacks);
    const pos = this.guard(() => x.consumeRecords(this.thread, start, end, frame.baseHi, frame.baseLo, frame.maxDepth, frame.schedLimitNs, frame.offCpuNs));
    this.events += (pos - start) >>> 4;
    return pos;
  }

  resetAddressCache(): void {
    this.kernel.exports.cacheReset();
  }

  cacheAddress(slot: number, low: number, high: number, fn: number): void {
    this.kernel.exports.cacheSet(slot, low, high, fn);
  }

  /** Closes calls still open at the end of the stream at the last time seen, and reads the tree out. */
  finish(): ContextColumns {
    const x = this.kernel.use(this.callbacks);
    this.unbalanced.closedAtEnd += this.guard(() => x.closeOpen(this.thread));
    this.unbalanced.closedOnMismatch = x.mismatches(this.thread);
    return finishColumns(readContexts(this.kernel, this.thread), this.withCovariance);
  }

  /** A kernel call; running out of memory becomes a TraceError that says so. */
  private guard<T>(call: () => T): T {
    try {
      return call();
    } catch (e) {
      if (!isKernelOutOfMemory(e)) throw e;
      const contexts = this.kernel.exports.contextCount(this.thread);
      throw new TraceError({ kind: "too-large", thread: this.name, contexts, limitBytes: this.kernel.memoryLimitBytes });
    }
  }
}

/** True when the chain from the root to `c` is exactly these function ids. */
function isChain(c: number, fns: Int32Array, parentOf: (c: number) => number, fnOf: (c: number) => number): boolean {
  let k = fns.length;
  for (; c > 0 && k > 0; c = parentOf(c)) if (fnOf(c) !== fns[--k]) return false;
  return c === 0 && k === 0;
}
