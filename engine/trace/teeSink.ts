// One read of a trace into two sinks (a second pass that both segments a run
// and follows its allocations): each thread's batches go to both, in order.
// Both must decode records themselves (takesPlainRecords false).
import type { EventBatch, ThreadSink } from "./eventBatch.js";
import type { ThreadInfo, TraceSink } from "./sink.js";
import type { TraceWarning } from "./diagnostics.js";
import { BatchThreadSink } from "./batchThreadSink.js";

export function teeSink(a: TraceSink, b: TraceSink): TraceSink {
  // Each sink interns names its own way: a batch carries the tee's ids, mapped to each sink's before it is passed on.
  const byName = new Map<string, number>();
  const pairs: [number, number][] = [];
  return {
    functionId: (name) => {
      let id = byName.get(name);
      if (id === undefined) {
        id = pairs.push([a.functionId(name), b.functionId(name)]) - 1;
        byName.set(name, id);
      }
      return id;
    },
    thread: (info: ThreadInfo) => new TeeThread(a.thread(info), b.thread(info), pairs),
    setTimeFilter: (ns) => {
      a.setTimeFilter(ns);
      b.setTimeFilter(ns);
    },
    warn: (w: TraceWarning) => {
      a.warn(w);
      b.warn(w);
    },
  };
}

class TeeThread extends BatchThreadSink {
  readonly takesArguments: boolean;

  constructor(
    private readonly a: ThreadSink,
    private readonly b: ThreadSink,
    private readonly pairs: readonly [number, number][],
  ) {
    super();
    if (a.takesPlainRecords || b.takesPlainRecords) throw new Error("teeSink: both sinks must take decoded batches");
    this.takesArguments = a.takesArguments === true || b.takesArguments === true;
  }

  consume(batch: EventBatch): void {
    const fns = batch.fn.slice(0, batch.count);
    for (let i = 0; i < batch.count; i++) batch.fn[i] = this.pairs[fns[i]][0];
    this.a.consume(batch);
    for (let i = 0; i < batch.count; i++) batch.fn[i] = this.pairs[fns[i]][1];
    this.b.consume(batch);
    batch.fn.set(fns);
  }
}
