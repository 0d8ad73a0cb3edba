// Events of one thread of a text-based trace (Chrome, varbench-events) on
// their way to its ThreadSink. A full EventBatch per thread is 140 kB before
// its first event, and a file may name thousands of threads; so each thread gathers its events in arrays
// that start small and double up to a batch, and hands them on through one
// EventBatch shared by all threads.
import { BatchThreadSink } from "./batchThreadSink.js";
import { BATCH_EVENTS, ENTER, EXIT, EventBatch, type ThreadSink } from "./eventBatch.js";

/** Forwards the shared batch to the thread whose events it holds. */
class Router extends BatchThreadSink {
  target: ThreadSink | null = null;

  consume(batch: EventBatch): void {
    this.target?.consume(batch);
  }
}

export class SharedBatch {
  private readonly router = new Router();
  private readonly batch = new EventBatch(this.router);

  constructor() {
    this.batch.depth.fill(-1); // Chrome records no depth; the batch's own enter() is never called
  }

  handOn(sink: ThreadSink, kind: Uint8Array, fn: Int32Array, timeNs: Float64Array, count: number): void {
    const b = this.batch;
    b.kind.set(kind.subarray(0, count));
    b.fn.set(fn.subarray(0, count));
    b.timeNs.set(timeNs.subarray(0, count));
    b.count = count;
    this.router.target = sink;
    b.flush();
    this.router.target = null;
  }
}

export class ThreadEvents {
  private kind = new Uint8Array(64);
  private fn = new Int32Array(64);
  private timeNs = new Float64Array(64);
  private count = 0;

  constructor(
    private readonly sink: ThreadSink,
    private readonly shared: SharedBatch,
  ) {}

  enter(fn: number, timeNs: number): void {
    this.add(ENTER, fn, timeNs);
  }

  exit(fn: number, timeNs: number): void {
    this.add(EXIT, fn, timeNs);
  }

  flush(): void {
    if (this.count > 0) this.shared.handOn(this.sink, this.kind, this.fn, this.timeNs, this.count);
    this.count = 0;
  }

  private add(kind: number, fn: number, timeNs: number): void {
    // Full arrays are left to makeRoom(), so that what runs for every event is small enough for V8 to inline.
    const i = this.count < this.kind.length ? this.count : this.makeRoom();
    this.kind[i] = kind;
    this.fn[i] = fn;
    this.timeNs[i] = timeNs;
    this.count = i + 1;
  }

  /** Room for one more event in full arrays: the batch handed on, or the arrays grown. Returns the count. */
  private makeRoom(): number {
    if (this.count === BATCH_EVENTS) this.flush();
    else this.grow();
    return this.count;
  }

  private grow(): void {
    const cap = Math.min(this.kind.length * 2, BATCH_EVENTS);
    const kind = new Uint8Array(cap);
    kind.set(this.kind);
    const fn = new Int32Array(cap);
    fn.set(this.fn);
    const timeNs = new Float64Array(cap);
    timeNs.set(this.timeNs);
    this.kind = kind;
    this.fn = fn;
    this.timeNs = timeNs;
  }
}
