// The part every ThreadSink that takes decoded batches shares: it never takes
// plain uftrace records, yet the reader reads the trace's records into its
// buffer all the same (records.ts), so the buffer is one of RECORD_BYTES.
import type { EventBatch, PlainRecordFrame, ThreadSink } from "./eventBatch.js";
import { RECORD_BYTES } from "../cct/kernel/layout.generated.js";

export abstract class BatchThreadSink implements ThreadSink {
  readonly takesPlainRecords = false;
  private records: Uint8Array | null = null;

  abstract consume(batch: EventBatch): void;

  recordBuffer(): Uint8Array {
    this.records ??= new Uint8Array(RECORD_BYTES);
    return this.records;
  }

  consumePlainRecords(start: number, _end: number, _frame: PlainRecordFrame): number {
    return start; // never called: takesPlainRecords is false
  }

  resetAddressCache(): void {}

  cacheAddress(): void {}
}
