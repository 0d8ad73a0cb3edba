// A sink that makes the uftrace reader decode every record itself: its
// threads take decoded batches (with arguments) and hand them on to a CCT
// builder's, so the same recording read into it and into the builder directly
// goes through the reader's decoder (uftrace/records.ts) and the kernel's, and
// the two trees can be compared.
import assert from "node:assert/strict";
import type { CctBuilder } from "../../engine/cct/cctBuilder.js";
import { BatchThreadSink } from "../../engine/trace/batchThreadSink.js";
import type { EventBatch, ThreadSink } from "../../engine/trace/eventBatch.js";
import type { TraceSink } from "../../engine/trace/sink.js";

class DecodedThread extends BatchThreadSink {
  readonly takesArguments = true;
  constructor(private readonly inner: ThreadSink) {
    super();
  }

  consume(batch: EventBatch): void {
    for (const [i, a] of batch.args) {
      assert.ok(
        i < batch.count && a.labels.length === a.values.length && a.values.every((v) => typeof v === "number"),
        `arguments of event ${i}`,
      );
    }
    this.inner.consume(batch);
  }
}

export function decodedSink(b: CctBuilder): TraceSink {
  return {
    functionId: (n) => b.functionId(n),
    thread: (info) => new DecodedThread(b.thread(info)),
    setTimeFilter: (ns) => b.setTimeFilter(ns),
    warn: (w) => b.warn(w),
  };
}
