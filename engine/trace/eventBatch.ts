// Events travel from readers to builders in typed-array batches: one call per
// batch instead of per event, and no floating-point time ever crosses a call
// boundary (V8 would box each one), which keeps ingestion allocation-free.

export const ENTER = 0;
export const EXIT = 1;
export const BATCH_EVENTS = 8192;

export class EventBatch {
  readonly kind = new Uint8Array(BATCH_EVENTS);
  readonly fn = new Int32Array(BATCH_EVENTS);
  /** Call depth the recorder saw for an entry, or −1 when the format has none. */
  readonly depth = new Int32Array(BATCH_EVENTS);
  readonly timeNs = new Float64Array(BATCH_EVENTS);
  count = 0;

  constructor(private readonly sink: ThreadSink) {}

  // A full batch is handed on before the next write, so code that fills the
  // arrays in place (the uftrace decoder) and these methods can be mixed.
  enter(fn: number, timeNs: number, depth = -1): void {
    if (this.count === BATCH_EVENTS) this.flush();
    const i = this.count;
    this.kind[i] = ENTER;
    this.fn[i] = fn;
    this.depth[i] = depth;
    this.timeNs[i] = timeNs;
    this.count = i + 1;
  }

  exit(fn: number, timeNs: number): void {
    if (this.count === BATCH_EVENTS) this.flush();
    const i = this.count;
    this.kind[i] = EXIT;
    this.fn[i] = fn;
    this.depth[i] = -1;
    this.timeNs[i] = timeNs;
    this.count = i + 1;
  }

  flush(): void {
    if (this.count > 0) this.sink.consume(this);
    this.count = 0;
  }
}

/** Events of one thread, delivered in batches (see eventBatch.ts). Times are
 * nanoseconds from the trace's base time, non-decreasing within the thread.
 * An entry with a recorded depth first closes open calls deeper than it, so a
 * stream resynchronises after lost records instead of nesting wrongly. */
export interface ThreadSink {
  consume(batch: EventBatch): void;
}
