// The one builder interface every trace reader ends in (after speedscope's
// profile builder): readers turn their format into enter/exit calls per
// thread, so every format gets every analysis.
import type { TraceWarning } from "./diagnostics.js";
import type { ThreadSink } from "./eventBatch.js";

export interface ThreadInfo {
  readonly pid: number;
  readonly tid: number;
  readonly name?: string;
  /** Which of several traces read into one sink the thread comes from (runs pooled per design). */
  readonly source?: number;
}

/** A sink that tags every thread with `source`, so several traces read into `sink` keep their threads apart. */
export function sourceSink(sink: TraceSink, source: number): TraceSink {
  return {
    functionId: (name) => sink.functionId(name),
    thread: (info) => sink.thread({ ...info, source }),
    setTimeFilter: (ns) => sink.setTimeFilter(ns),
    warn: (w) => sink.warn(w),
  };
}

export interface TraceSink {
  /** Interns a function identity; equal names give equal ids. */
  functionId(name: string): number;
  /** Declares a thread (again: the same sink) and returns where its events go. */
  thread(info: ThreadInfo): ThreadSink;
  /** The recording dropped calls shorter than this; apply it to every call (uftrace `-t`). */
  setTimeFilter(minDurationNs: number): void;
  warn(warning: TraceWarning): void;
}

/** Function identities by first appearance: the table every CCT refers to. */
export class FunctionTable {
  readonly names: string[] = [];
  private readonly ids = new Map<string, number>();

  intern(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(name);
      this.ids.set(name, id);
    }
    return id;
  }
}
