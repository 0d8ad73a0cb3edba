// The one builder interface every trace reader ends in (after speedscope's
// profile builder): readers turn their format into enter/exit calls per
// thread, so every format gets every analysis.
import type { TraceWarning } from "./diagnostics.js";

export interface ThreadInfo {
  readonly pid: number;
  readonly tid: number;
  readonly name?: string;
}

export interface TraceSink {
  /** Interns a function identity; equal names give equal ids. */
  functionId(name: string): number;
  /** Declares a thread and returns the handle its events are reported with. */
  thread(info: ThreadInfo): number;
  /** Times are nanoseconds from the trace's base time, non-decreasing per thread. */
  enter(thread: number, fn: number, timeNs: number): void;
  exit(thread: number, fn: number, timeNs: number): void;
  /** Closes open calls deeper than `depth`: for formats that record the call depth,
   * so a stream resynchronises after lost records instead of nesting wrongly. */
  unwindTo(thread: number, depth: number, timeNs: number): void;
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

  static from(names: readonly string[]): FunctionTable {
    const table = new FunctionTable();
    for (const name of names) table.intern(name);
    return table;
  }
}
