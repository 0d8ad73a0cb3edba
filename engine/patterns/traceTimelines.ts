// Per-thread timelines from a function trace: the analogue of paper 004's
// per-core basic-block vectors (§3.1.2, §4.1.1) where the trace has functions,
// not blocks. Between two events of a thread, the time goes to the function on
// top of its stack (its self time), projected onto that function's direction
// (projection.ts), in the global fine intervals it falls in (timeline.ts).
// Time off the CPU (uftrace's scheduler events, shown as linux:schedule calls)
// goes to nothing, as no instruction runs then: a waiting thread is idle.
import { ENTER, type EventBatch, type ThreadSink } from "../trace/eventBatch.js";
import type { ThreadInfo, TraceSink } from "../trace/sink.js";
import type { TraceWarning } from "../trace/diagnostics.js";
import { SCHEDULE, SCHEDULE_PREEMPTED } from "../trace/uftrace/schedEvents.js";
import { projectionOf } from "./projection.js";
import { Timeline } from "./timeline.js";
import { BatchThreadSink } from "../trace/batchThreadSink.js";

export interface ThreadTimeline {
  readonly pid: number;
  readonly tid: number;
  readonly name: string;
  /** First and last event times (ns from the trace's base). */
  readonly firstNs: number;
  readonly lastNs: number;
  readonly timeline: Timeline;
}

/** A TraceSink that keeps one timeline per thread. */
export class TraceTimelines implements TraceSink {
  private readonly directions: (Float64Array | null)[] = [];
  private readonly names: string[] = [];
  private readonly ids = new Map<string, number>();
  private readonly threads = new Map<string, StackTimeline>();
  readonly warnings: TraceWarning[] = [];

  constructor(
    private readonly dims: number,
    private readonly seed: number,
  ) {}

  functionId(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.directions.length;
      this.ids.set(name, id);
      this.names.push(name);
      this.directions.push(
        name === SCHEDULE || name === SCHEDULE_PREEMPTED ? null : projectionOf(name, this.dims, this.seed),
      );
    }
    return id;
  }

  thread(info: ThreadInfo): ThreadSink {
    const key = `${info.source ?? 0}:${info.pid}/${info.tid}`;
    let t = this.threads.get(key);
    if (!t) {
      t = new StackTimeline(info, this.directions, this.dims);
      this.threads.set(key, t);
    }
    return t;
  }

  private rootName(t: StackTimeline): string {
    let best = -1;
    for (const [fn, ns] of t.rootTime) if (best < 0 || ns > t.rootTime.get(best)!) best = fn;
    return best < 0 ? "" : this.names[best];
  }

  setTimeFilter(): void {
    // Calls shorter than the filter were never recorded; their time is their caller's self time already.
  }

  warn(w: TraceWarning): void {
    this.warnings.push(w);
  }

  /** Whether any thread's trace holds a scheduler event (uftrace records them unless --no-event):
   * without them waiting counts as time in the function that waited. */
  sawSchedulerEvents(): boolean {
    return [...this.threads.values()].some((t) => t.offCpu);
  }

  /** Threads that ran anything, in order of their first event. A thread without a name of its
   * own is named by the outermost function it spent most time in (main, a worker's start routine). */
  finish(): ThreadTimeline[] {
    return [...this.threads.values()]
      .filter((t) => t.firstNs <= t.lastNs)
      .map((t) => ({
        pid: t.info.pid,
        tid: t.info.tid,
        name: t.info.name || this.rootName(t),
        firstNs: t.firstNs,
        lastNs: t.lastNs,
        timeline: t.timeline,
      }))
      .sort((a, b) => a.firstNs - b.firstNs || a.tid - b.tid);
  }
}

class StackTimeline extends BatchThreadSink {
  readonly timeline: Timeline;
  firstNs = Infinity;
  lastNs = -Infinity;
  /** Time under each outermost function (the bottom of the stack). */
  readonly rootTime = new Map<number, number>();
  /** Whether a scheduler event (time off the CPU) was seen. */
  offCpu = false;
  private stack = new Int32Array(256);
  private depth = 0;

  constructor(
    readonly info: ThreadInfo,
    private readonly directions: readonly (Float64Array | null)[],
    dims: number,
  ) {
    super();
    this.timeline = new Timeline(dims);
  }

  consume(batch: EventBatch): void {
    for (let i = 0; i < batch.count; i++) {
      const t = batch.timeNs[i];
      const fn = batch.fn[i];
      if (this.firstNs === Infinity) this.firstNs = t;
      if (this.depth > 0) {
        const v = this.directions[this.stack[this.depth - 1]];
        if (v !== null) this.timeline.add(this.lastNs, t, v);
        const root = this.stack[0];
        this.rootTime.set(root, (this.rootTime.get(root) ?? 0) + (t - this.lastNs));
      }
      if (t > this.lastNs) this.lastNs = t;
      if (batch.kind[i] === ENTER) {
        if (this.directions[fn] === null) this.offCpu = true;
        this.enter(fn, batch.depth[i]);
      } else this.exit(fn);
    }
  }

  private enter(fn: number, depth: number): void {
    // A recorded depth closes deeper open calls first (eventBatch.ts), as after lost records.
    if (depth >= 0 && depth < this.depth) this.depth = depth;
    if (this.depth === this.stack.length) {
      const grown = new Int32Array(2 * this.stack.length);
      grown.set(this.stack);
      this.stack = grown;
    }
    this.stack[this.depth++] = fn;
  }

  private exit(fn: number): void {
    for (let d = this.depth - 1; d >= 0; d--) {
      if (this.stack[d] === fn) {
        this.depth = d;
        return;
      }
    }
    // An exit with no open call of its function: nothing to close.
  }
}
