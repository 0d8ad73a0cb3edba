// Writes the calls a reader streams into it as Chrome Trace Event JSON (the
// object form), piece by piece as they come, so a trace of any size is
// exported in the memory of its deepest call stack. The reverse of
// readChromeTrace.ts: one B and one E per call with its name, pid, tid and ts
// in microseconds with three decimals (whole nanoseconds), a thread_name
// metadata event before each thread's first call, and "otherData" at the end,
// where what was known only after the last event (counts, warnings) can go.
//
// Calls are closed exactly as the CCT builder closes them (cct/kernel/assembly/
// thread.ts `step`), so the file re-imports to the same calling-context tree:
// an exit closes the calls opened inside its call first, an entry at a
// shallower recorded depth closes the deeper ones, an exit with no open call of
// its function is dropped, a recording's time filter (uftrace -t) leaves out
// calls shorter than it, and calls still open at the end are closed at the
// thread's last event time. Per thread the events come out in time order, the
// order the format requires of B/E events.
import type { ThreadInfo, TraceSink } from "../sink.js";
import type { ThreadSink } from "../eventBatch.js";
import { describeTraceWarning, type TraceWarning } from "../diagnostics.js";
import { ChromeThreadWriter, type ChromeFile } from "./chromeThreadWriter.js";

/** Text is handed to `out` in pieces of about this many characters: few writes, little held. */
const PIECE_CHARS = 1 << 16;

/** What the file holds, for the caller to tell (also written in its "otherData"). */
export interface ChromeTraceSummary {
  /** Threads with at least one call written. */
  readonly threads: number;
  /** Calls written (one B and one E event each). */
  readonly calls: number;
  /** Calls still open at the end of the trace, closed at their thread's last event time. */
  readonly closedAtEnd: number;
  /** Calls closed early because an exit or a shallower entry skipped over them. */
  readonly closedEarly: number;
  /** Exits with no open call of their function, left out. */
  readonly exitsDropped: number;
  /** The recording's time filter in ns (uftrace -t), 0 for none. */
  readonly timeFilterNs: number;
  /** Calls shorter than the time filter, left out (their time is their caller's self time). */
  readonly callsFilteredOut: number;
  /** The reader's warnings and the writer's own, worded for people. */
  readonly warnings: readonly string[];
}

/** A trace exported to a file (the API's runs.exportTrace). */
export interface TraceExport extends ChromeTraceSummary {
  readonly path: string;
  readonly bytes: number;
}

export interface ChromeTraceWriterOptions {
  /** Named as every process's process_name (e.g. the run's label). */
  readonly processName?: string;
  /** Where the trace came from and what made the file, put first in "otherData". */
  readonly provenance?: Readonly<Record<string, string | number | boolean>>;
}

/** How calls open at the end are treated, said in every file. */
export const OPEN_AT_END = "closed at their thread's last event time, as Varbench's calling-context tree closes them";

export class ChromeTraceWriter implements TraceSink, ChromeFile {
  private readonly names: string[] = [];
  /** Each function's name as a JSON string, made once. */
  readonly nameJson: string[] = [];
  private readonly ids = new Map<string, number>();
  private readonly threads = new Map<string, ChromeThreadWriter>();
  private readonly warnings: TraceWarning[] = [];
  private readonly namedPids = new Set<number>();
  private pieces: string[] = [];
  private pieceChars = 0;
  private events = 0;
  minDurationNs = 0;

  constructor(
    private readonly out: (text: string) => void,
    private readonly options: ChromeTraceWriterOptions = {},
  ) {
    this.emitRaw('{"traceEvents":[');
  }

  functionId(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.push(name) - 1;
      this.nameJson.push(JSON.stringify(name));
      this.ids.set(name, id);
    }
    return id;
  }

  thread(info: ThreadInfo): ThreadSink {
    const key = `${info.pid}/${info.tid}`;
    let t = this.threads.get(key);
    if (!t) this.threads.set(key, (t = new ChromeThreadWriter(this, info)));
    return t;
  }

  setTimeFilter(minDurationNs: number): void {
    this.minDurationNs = minDurationNs;
  }

  warn(warning: TraceWarning): void {
    this.warnings.push(warning);
  }

  /** One event object (the separator is added here). */
  emit(event: string): void {
    this.emitRaw(this.events++ === 0 ? `\n${event}` : `,\n${event}`);
  }

  /** The metadata that labels a thread (and its process, once) in Perfetto and speedscope; before its first call. */
  emitThreadName(info: ThreadInfo): void {
    // Every event carries "ts": speedscope's older importers refuse a file with any event lacking it.
    const at = `"pid":${info.pid},"tid":${info.tid},"ts":0`;
    if (this.options.processName !== undefined && !this.namedPids.has(info.pid)) {
      this.namedPids.add(info.pid);
      this.emit(`{"ph":"M","name":"process_name",${at},"args":{"name":${JSON.stringify(this.options.processName)}}}`);
    }
    // uftrace names no thread: the thread whose tid is its pid is the process's main thread.
    const name = info.name ?? (info.tid === info.pid ? "main thread" : "thread");
    this.emit(`{"ph":"M","name":"thread_name",${at},"args":{"name":${JSON.stringify(name)}}}`);
  }

  /** Closes every call still open, writes the end of the file and says what it holds. */
  finish(): ChromeTraceSummary {
    const threads = [...this.threads.values()];
    for (const t of threads) t.closeAll();
    const own: TraceWarning[] = [];
    for (const t of threads) own.push(...t.warnings(this.names));
    const sum = (f: (t: ChromeThreadWriter) => number) => threads.reduce((n, t) => n + f(t), 0);
    const summary: ChromeTraceSummary = {
      threads: threads.filter((t) => t.calls > 0).length,
      calls: sum((t) => t.calls),
      closedAtEnd: sum((t) => t.closedAtEnd),
      closedEarly: sum((t) => t.closedEarly),
      exitsDropped: sum((t) => t.exitsDropped),
      timeFilterNs: this.minDurationNs,
      callsFilteredOut: sum((t) => t.filteredOut),
      warnings: [...this.warnings, ...own].map(describeTraceWarning),
    };
    const otherData = {
      ...this.options.provenance,
      time: "ts in microseconds with three decimals (whole nanoseconds) from the trace's first record; one B and one E event per call",
      openAtEnd: OPEN_AT_END,
      ...summary,
    };
    this.emitRaw(`\n],\n"displayTimeUnit":"ns",\n"otherData":${JSON.stringify(otherData)}}\n`);
    this.flush();
    return summary;
  }

  private emitRaw(text: string): void {
    this.pieces.push(text);
    this.pieceChars += text.length;
    if (this.pieceChars >= PIECE_CHARS) this.flush();
  }

  private flush(): void {
    if (this.pieces.length === 0) return;
    this.out(this.pieces.join(""));
    this.pieces = [];
    this.pieceChars = 0;
  }
}
