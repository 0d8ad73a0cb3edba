// A trace read once into every call's slice, per thread, in typed arrays: the
// whole-trace read a timeline's windows are cut from (window.ts), kept in
// memory so zooming and panning never read the trace again. A slice is a call
// from its entry to its exit at the depth it was open; its context is the
// call chain from the thread's root, numbered per thread in first appearance.
import { ENTER, type EventBatch, type ThreadSink } from "../trace/eventBatch.js";
import { BatchThreadSink } from "../trace/batchThreadSink.js";
import type { ThreadInfo, TraceSink } from "../trace/sink.js";
import { FunctionTable } from "../trace/sink.js";

/** Context keys are parent·FN_SPACE + fn, exact in a double for < 2³¹ contexts and < 2²² functions. */
const FN_SPACE = 2 ** 22;
const FIRST_CAPACITY = 256;

/** One thread's calls, depth-major: the slices at depth d are [depthStart[d], depthStart[d + 1]),
 * in time order (calls at one depth never overlap, so their exits come in the order of their entries). */
export interface TrackCalls {
  readonly key: string;
  readonly pid: number;
  readonly tid: number;
  readonly name: string | null;
  readonly startNs: Float64Array;
  readonly endNs: Float64Array;
  readonly fn: Int32Array;
  readonly context: Int32Array;
  readonly depthStart: Int32Array;
  /** The context tree: contextParent[c] (−1 for a thread's outermost calls) and contextFn[c]. */
  readonly contextParent: Int32Array;
  readonly contextFn: Int32Array;
  /** Calls still open at the thread's last event, closed there. */
  readonly unclosed: number;
}

export interface TimelineCalls {
  readonly functions: readonly string[];
  readonly tracks: readonly TrackCalls[];
  readonly startNs: number;
  readonly endNs: number;
  readonly calls: number;
}

export class TimelineRecorder implements TraceSink {
  private readonly table = new FunctionTable();
  private readonly threads = new Map<string, ThreadCalls>();

  functionId(name: string): number {
    const id = this.table.intern(name);
    if (id >= FN_SPACE) throw new RangeError(`a timeline holds at most ${FN_SPACE} functions`);
    return id;
  }

  thread(info: ThreadInfo): ThreadSink {
    const key = `${info.pid}/${info.tid}`;
    let t = this.threads.get(key);
    if (!t) this.threads.set(key, (t = new ThreadCalls(info)));
    return t;
  }

  setTimeFilter(): void {} // the recording's filter already dropped the calls; the slices show what was kept

  warn(): void {} // the run's CCT carries the reader's warnings; the timeline reads the same trace

  finish(): TimelineCalls {
    const tracks = [...this.threads.values()].map((t) => t.finish());
    let startNs = Infinity;
    let endNs = -Infinity;
    let calls = 0;
    for (const t of tracks) {
      calls += t.startNs.length;
      for (let d = 0; d + 1 < t.depthStart.length; d++) {
        if (t.depthStart[d] === t.depthStart[d + 1]) continue;
        startNs = Math.min(startNs, t.startNs[t.depthStart[d]]);
        endNs = Math.max(endNs, t.endNs[t.depthStart[d + 1] - 1]);
      }
    }
    if (calls === 0) startNs = endNs = 0;
    return { functions: this.table.names, tracks, startNs, endNs, calls };
  }
}

class ThreadCalls extends BatchThreadSink {
  private startNs = new Float64Array(FIRST_CAPACITY);
  private endNs = new Float64Array(FIRST_CAPACITY);
  private fn = new Int32Array(FIRST_CAPACITY);
  private context = new Int32Array(FIRST_CAPACITY);
  private depth = new Int32Array(FIRST_CAPACITY);
  private count = 0;
  /** Open calls: their entry times and contexts. */
  private readonly stackStart: number[] = [];
  private readonly stackContext: number[] = [];
  private readonly contextOf = new Map<number, number>();
  private readonly contextParent: number[] = [];
  private readonly contextFn: number[] = [];
  private lastNs = 0;

  constructor(private readonly info: ThreadInfo) {
    super();
  }

  consume(batch: EventBatch): void {
    for (let i = 0; i < batch.count; i++) {
      const t = batch.timeNs[i];
      this.lastNs = t;
      if (batch.kind[i] === ENTER) {
        // A recorded depth closes the calls deeper than it (eventBatch.ts: resynchronising after lost records).
        const d = batch.depth[i];
        while (d >= 0 && this.stackStart.length > d) this.close(t);
        this.open(batch.fn[i], t);
      } else if (this.stackStart.length > 0) this.close(t);
    }
  }

  private open(fn: number, t: number): void {
    const parent = this.stackContext.length > 0 ? this.stackContext[this.stackContext.length - 1] : -1;
    const key = (parent + 1) * FN_SPACE + fn;
    let c = this.contextOf.get(key);
    if (c === undefined) {
      c = this.contextParent.push(parent) - 1;
      this.contextFn.push(fn);
      this.contextOf.set(key, c);
    }
    this.stackStart.push(t);
    this.stackContext.push(c);
  }

  private close(t: number): void {
    const c = this.stackContext.pop()!;
    const start = this.stackStart.pop()!;
    if (this.count === this.startNs.length) this.grow();
    const i = this.count++;
    this.startNs[i] = start;
    this.endNs[i] = Math.max(t, start);
    this.fn[i] = this.contextFn[c];
    this.context[i] = c;
    this.depth[i] = this.stackStart.length;
  }

  private grow(): void {
    const cap = this.startNs.length * 2;
    const more = <A extends Float64Array | Int32Array>(a: A, make: new (n: number) => A): A => {
      const b = new make(cap);
      b.set(a);
      return b;
    };
    this.startNs = more(this.startNs, Float64Array);
    this.endNs = more(this.endNs, Float64Array);
    this.fn = more(this.fn, Int32Array);
    this.context = more(this.context, Int32Array);
    this.depth = more(this.depth, Int32Array);
  }

  /** Closes what is still open at the last event and sorts the slices by depth (a counting sort: stable,
   * so each depth keeps its time order). */
  finish(): TrackCalls {
    const unclosed = this.stackStart.length;
    while (this.stackStart.length > 0) this.close(this.lastNs);
    const n = this.count;
    let maxDepth = -1;
    for (let i = 0; i < n; i++) maxDepth = Math.max(maxDepth, this.depth[i]);
    const depthStart = new Int32Array(maxDepth + 2);
    for (let i = 0; i < n; i++) depthStart[this.depth[i] + 1]++;
    for (let d = 1; d < depthStart.length; d++) depthStart[d] += depthStart[d - 1];
    const next = depthStart.slice();
    const startNs = new Float64Array(n);
    const endNs = new Float64Array(n);
    const fn = new Int32Array(n);
    const context = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const j = next[this.depth[i]]++;
      startNs[j] = this.startNs[i];
      endNs[j] = this.endNs[i];
      fn[j] = this.fn[i];
      context[j] = this.context[i];
    }
    return {
      key: `${this.info.pid}/${this.info.tid}`,
      pid: this.info.pid,
      tid: this.info.tid,
      name: this.info.name ?? null,
      startNs,
      endNs,
      fn,
      context,
      depthStart,
      contextParent: Int32Array.from(this.contextParent),
      contextFn: Int32Array.from(this.contextFn),
      unclosed,
    };
  }
}
