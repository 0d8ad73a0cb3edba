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
  /** Events earlier than the one before them, taken at its time. */
  backwards: number;
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
  readonly unbalanced: UnbalancedCounts = {
    unmatchedExits: new Map(),
    closedOnMismatch: 0,
    closedAtEnd: 0,
    backwards: 0,
  };
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
      watched: (count) =>
        watch?.onWatched(kernel.i32(x.watchPathPtr(), count), kernel.f64(x.watchDurationPtr(), count), count),
      unmatched: (fn) => void unmatched.set(fn, (unmatched.get(fn) ?? 0) + 1),
      created: watch ? watchedChains(watch.paths).follower(x.runningParent, x.runningFn) : () => -1,
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
    if (this.records.byteLength === 0)
      this.records = this.kernel.u8(this.kernel.exports.recordsPtr(), this.kernel.recordBytes);
    return this.records;
  }

  consumePlainRecords(start: number, end: number, frame: PlainRecordFrame): number {
    const x = this.kernel.use(this.callbacks);
    const pos = this.guard(() =>
      x.consumeRecords(
        this.thread,
        start,
        end,
        frame.baseHi,
        frame.baseLo,
        frame.maxDepth,
        frame.schedLimitNs,
        frame.offCpuNs,
      ),
    );
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
    this.unbalanced.backwards = x.backwardEvents(this.thread);
    return finishColumns(readContexts(this.kernel, this.thread), this.withCovariance);
  }

  /** A kernel call; running out of memory becomes a TraceError that says so. */
  private guard<T>(call: () => T): T {
    try {
      return call();
    } catch (e) {
      if (!isKernelOutOfMemory(e)) throw e;
      const contexts = this.kernel.exports.contextCount(this.thread);
      throw new TraceError({
        kind: "too-large",
        thread: this.name,
        contexts,
        limitBytes: this.kernel.memoryLimitBytes,
        ...(this.kernel.memoryLimitSetBy ? { setBy: this.kernel.memoryLimitSetBy } : {}),
      });
    }
  }
}

/** The watched chains as a trie of function ids from the thread root: a new context's node is
 * its parent's node's child for its function, so finding its chain takes one lookup, not a
 * comparison with every chain. */
class WatchTrie {
  /** Child of node n for function f, keyed n·functions + f (exact below 2⁵³: nodes × functions). */
  private readonly child = new Map<number, number>();
  /** Per node: the first chain that ends there, or −1. */
  private readonly chain: number[] = [-1];
  private readonly functions: number;

  constructor(paths: readonly Int32Array[]) {
    this.functions = 1 + paths.reduce((m, p) => p.reduce((a, f) => Math.max(a, f), m), 0);
    paths.forEach((p, i) => {
      let node = 0;
      for (const f of p) node = this.step(node, f, true);
      // The first of equal chains is the one reported, as a search from the front finds.
      if (node > 0 && this.chain[node] < 0) this.chain[node] = i;
    });
  }

  /** The node below `node` for function f, or −1 (made, when `grow`). */
  private step(node: number, f: number, grow: boolean): number {
    if (f < 0 || f >= this.functions) return -1; // f first seen after the chains were named
    const key = node * this.functions + f;
    const next = this.child.get(key);
    if (next !== undefined || !grow) return next ?? -1;
    this.child.set(key, this.chain.length);
    return this.chain.push(-1) - 1;
  }

  /** The `created` callback of one thread: each new context's watched chain, or −1. Contexts come
   * parents first, so each one's node (−1: no watched chain goes through it) is known when its
   * children come. */
  follower(parentOf: (c: number) => number, fnOf: (c: number) => number): (c: number) => number {
    const nodeOf: number[] = [0];
    return (c) => {
      const parent = nodeOf[parentOf(c)];
      const node = parent < 0 ? -1 : this.step(parent, fnOf(c), false);
      nodeOf[c] = node;
      return node < 0 ? -1 : this.chain[node];
    };
  }
}

/** Each CctBuilder hands all its threads one array of chains: one trie for them all. */
const tries = new WeakMap<readonly Int32Array[], WatchTrie>();

function watchedChains(paths: readonly Int32Array[]): WatchTrie {
  let trie = tries.get(paths);
  if (!trie) tries.set(paths, (trie = new WatchTrie(paths)));
  return trie;
}
