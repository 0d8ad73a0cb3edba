// The part every ThreadSink that takes decoded batches shares: it never takes
// plain uftrace records, yet the reader reads the trace's records into its
// buffer all the same (records.ts), so the buffer is one of RECORD_BYTES.
import type { EventBatch, PlainRecordFrame, ThreadSink } from "./eventBatch.js";
import { RECORD_BYTES } from "../cct/kernel/layout.generated.js";

/** Record buffers of streams read to their end, for the next thread's sink: each thread's sink took a
 * new megabyte, zeroed, and reading the 40-run pool campaign's timelines (about 120 threads) spent
 * more time collecting them than building the timelines. A stream's buffer is its own until it ends. */
const spare: Uint8Array[] = [];
/** Buffers kept between streams at most: threads are read one after another, or a few at a time. */
const MAX_SPARE = 2;

export abstract class BatchThreadSink implements ThreadSink {
  readonly takesPlainRecords = false;
  private records: Uint8Array | null = null;

  abstract consume(batch: EventBatch): void;

  recordBuffer(): Uint8Array {
    this.records ??= spare.pop() ?? new Uint8Array(RECORD_BYTES);
    return this.records;
  }

  releaseRecordBuffer(): void {
    if (this.records && spare.length < MAX_SPARE) spare.push(this.records);
    this.records = null;
  }

  consumePlainRecords(start: number, _end: number, _frame: PlainRecordFrame): number {
    return start; // never called: takesPlainRecords is false
  }

  resetAddressCache(): void {}

  cacheAddress(): void {}
}
