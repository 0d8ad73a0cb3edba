// Events travel from readers to builders in typed-array batches: one call per
// batch instead of per event, and no floating-point time ever crosses a call
// boundary (V8 would box each one), which keeps ingestion allocation-free.

import { BATCH_EVENTS, ENTER, EXIT } from "../cct/kernel/layout.generated.js";

/** An entry's numeric arguments (uftrace -A) and their names in the recording's spec ("arg2", "fparg1"). */
export interface ArgValues {
  readonly labels: readonly string[];
  readonly values: readonly number[];
}

export { BATCH_EVENTS, ENTER, EXIT };

export class EventBatch {
  readonly kind = new Uint8Array(BATCH_EVENTS);
  readonly fn = new Int32Array(BATCH_EVENTS);
  /** Call depth the recorder saw for an entry, or −1 when the format has none. */
  readonly depth = new Int32Array(BATCH_EVENTS);
  readonly timeNs = new Float64Array(BATCH_EVENTS);
  /** The arguments an entry carried (uftrace -A), or the value an exit returned (-R), by its index, for sinks that take them. */
  readonly args = new Map<number, ArgValues>();
  count = 0;

  constructor(private readonly sink: ThreadSink) {}

  // A full batch is handed on before the next write, so code that fills the
  // arrays in place (the uftrace decoder) and these methods can be mixed.
  enter(fn: number, timeNs: number, depth = -1, args: ArgValues | null = null): void {
    if (this.count === BATCH_EVENTS) this.flush();
    const i = this.count;
    if (args !== null) this.args.set(i, args);
    this.kind[i] = ENTER;
    this.fn[i] = fn;
    this.depth[i] = depth;
    this.timeNs[i] = timeNs;
    this.count = i + 1;
  }

  exit(fn: number, timeNs: number, returned: ArgValues | null = null): void {
    if (this.count === BATCH_EVENTS) this.flush();
    const i = this.count;
    if (returned !== null) this.args.set(i, returned);
    this.kind[i] = EXIT;
    this.fn[i] = fn;
    this.depth[i] = -1;
    this.timeNs[i] = timeNs;
    this.count = i + 1;
  }

  flush(): void {
    if (this.count > 0) this.sink.consume(this);
    this.count = 0;
    this.args.clear();
  }
}

/** Events of one thread, delivered in batches (see eventBatch.ts). Times are
 * nanoseconds from the trace's base time, non-decreasing within the thread.
 * An entry with a recorded depth first closes open calls deeper than it, so a
 * stream resynchronises after lost records instead of nesting wrongly.
 *
 * Known exception to "readers emit events": uftrace's plain records, the one
 * input with the volume to need it, are handed over as they lie in the file
 * and decoded where they are consumed (the ingestion kernel), with no batch
 * between. The uftrace reader puts them in recordBuffer() and decodes the
 * rest itself (uftrace/records.ts). */
export interface ThreadSink {
  consume(batch: EventBatch): void;
  /** The sink decodes plain records itself (consumePlainRecords); when false the
   * reader decodes every record into batches and never calls it. */
  readonly takesPlainRecords: boolean;
  /** Room for raw uftrace records; valid until the next call on this sink. */
  recordBuffer(): Uint8Array;
  /** The stream of records has ended: its buffer may serve another sink's. */
  releaseRecordBuffer?(): void;
  /** Consumes the plain entry and exit records in recordBuffer()[start, end)
   * (16 bytes each, docs/formats.md), stopping at the first it does not handle: a
   * payload, another record type, an address not given to cacheAddress, a
   * depth ≥ frame.maxDepth, or a time at or after frame.schedLimitNs. Events
   * queued in a batch must be consumed first. Returns where it stopped. */
  consumePlainRecords(start: number, end: number, frame: PlainRecordFrame): number;
  /** The sink reads entries' arguments and exits' return values (EventBatch.args); readers decode them only then. */
  readonly takesArguments?: boolean;
  /** Forgets every cached address (a new stream: addresses are per process). */
  resetAddressCache(): void;
  /** The function of the address keyed (low, high) in cache slot `slot` (see records.ts). */
  cacheAddress(slot: number, low: number, high: number, fn: number): void;
}

export interface PlainRecordFrame {
  /** The trace's base time as two u32 halves: a record's time is its own minus this. */
  readonly baseHi: number;
  readonly baseLo: number;
  /** Records at this depth or deeper are not consumed (at most 1024: depth is 10 bits). */
  readonly maxDepth: number;
  readonly schedLimitNs: number;
  /** Subtracted from every time (off-CPU time left out so far). */
  readonly offCpuNs: number;
}
