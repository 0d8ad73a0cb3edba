// Reads Chrome Trace Event JSON (array or object form) into a TraceSink,
// streamed event by event (see eventScanner.ts). B/E events stream straight
// into their thread; X (complete) events may come in any order, so they are
// kept per thread as (start, duration, name) and emitted sorted at the end.
import { TraceError } from "../diagnostics.js";
import { EventBatch } from "../eventBatch.js";
import type { TraceSink } from "../sink.js";
import type { ByteSource } from "../source.js";
import { EventScanner } from "./eventScanner.js";
import { CompleteEvents } from "./completeEvents.js";
import { closeOpen } from "../openCalls.js";

interface RawEvent {
  ph?: unknown;
  name?: unknown;
  ts?: unknown;
  dur?: unknown;
  pid?: unknown;
  tid?: unknown;
  args?: { name?: unknown };
}

interface ThreadState {
  readonly batch: EventBatch;
  /** Open B events' function ids, for E events that carry no name. */
  readonly open: number[];
  complete?: CompleteEvents;
  hadBeginEnd: boolean;
}

export interface ChromeReadSummary {
  readonly events: number;
  readonly threads: number;
}

export async function readChromeTrace(source: ByteSource, sink: TraceSink): Promise<ChromeReadSummary> {
  const threads = new Map<string, ThreadState>();
  const threadNames = new Map<string, string>();
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let baseNs: number | undefined;
  let events = 0;
  let unmatched = 0;

  // Events of one thread tend to come in runs: the last thread is kept at hand.
  let lastPid: unknown = undefined;
  let lastTid: unknown = undefined;
  let last: ThreadState | undefined;
  const stateOf = (e: RawEvent): ThreadState => {
    if (last !== undefined && e.pid === lastPid && e.tid === lastTid) return last;
    lastPid = e.pid;
    lastTid = e.tid;
    last = threadState(e);
    return last;
  };
  const threadState = (e: RawEvent): ThreadState => {
    const pid = typeof e.pid === "number" ? e.pid : 0;
    // uftrace's own export leaves `tid` out for the main thread: it is the pid.
    const tid = typeof e.tid === "number" ? e.tid : pid;
    const key = `${pid}/${tid}`;
    let t = threads.get(key);
    if (!t) {
      const name = threadNames.get(key);
      t = { batch: new EventBatch(sink.thread({ pid, tid, ...(name ? { name } : {}) })), open: [], hadBeginEnd: false };
      threads.set(key, t);
    }
    return t;
  };
  const timeOf = (e: RawEvent, at: number): number => {
    if (typeof e.ts !== "number" || !Number.isFinite(e.ts)) throw malformed(source.name, at, `event has no numeric "ts"`);
    // ts is in microseconds, fractional to the nanosecond: round to whole ns.
    const ns = Math.round(e.ts * 1000);
    baseNs ??= ns;
    return ns - baseNs;
  };

  const scanner = new EventScanner(source.name, (bytes, at) => {
    let e: RawEvent;
    try {
      e = JSON.parse(decoder.decode(bytes)) as RawEvent;
    } catch (err) {
      throw malformed(source.name, at, `event is not valid JSON (${(err as Error).message})`);
    }
    const ph = e.ph;
    if (ph === "M") {
      if (e.name === "thread_name" && typeof e.args?.name === "string") {
        threadNames.set(`${e.pid ?? 0}/${e.tid ?? e.pid ?? 0}`, e.args.name);
      }
      return;
    }
    if (ph !== "B" && ph !== "E" && ph !== "X") return; // instants, counters, flows: not calls
    const t = stateOf(e);
    const time = timeOf(e, at);
    events++;
    if (ph === "B") {
      const fn = sink.functionId(nameOf(e, source.name, at));
      t.open.push(fn);
      t.hadBeginEnd = true;
      t.batch.enter(fn, time);
    } else if (ph === "E") {
      const fn = typeof e.name === "string" ? sink.functionId(e.name) : t.open[t.open.length - 1];
      // An E whose B is not open (none yet: E written before B) closes nothing: counted and said, not passed on.
      if (fn === undefined || t.open.lastIndexOf(fn) < 0) {
        unmatched++;
        return;
      }
      closeOpen(t.open, fn);
      t.batch.exit(fn, time);
    } else {
      if (typeof e.dur !== "number" || e.dur < 0) throw malformed(source.name, at, `complete event has no valid "dur"`);
      (t.complete ??= new CompleteEvents()).add(time, Math.round(e.dur * 1000), sink.functionId(nameOf(e, source.name, at)));
    }
  });

  for await (const chunk of source.chunks()) scanner.push(chunk);
  const end = scanner.end();
  if (end.truncatedBytes > 0) {
    sink.warn({ kind: "truncated", file: source.name, byteOffset: end.truncatedAt, detail: `the last event is cut off after ${end.truncatedBytes} bytes and was left out` });
  }
  for (const [key, t] of threads) {
    t.batch.flush();
    if (t.complete) {
      if (t.hadBeginEnd) {
        sink.warn({ kind: "skipped-events", file: source.name, count: t.complete.size, reason: `X events of thread ${key} were nested apart from its B/E events (a thread should use one kind); they were not` });
      }
      t.complete.emit(t.batch);
      t.batch.flush();
    }
  }
  if (unmatched > 0) {
    sink.warn({ kind: "skipped-events", file: source.name, count: unmatched, reason: "E events with no open B event (e.g. a pre-empted linux:schedule) were" });
  }
  if (events === 0) throw new TraceError({ kind: "empty", file: source.name });
  return { events, threads: threads.size };
}

function nameOf(e: RawEvent, file: string, at: number): string {
  if (typeof e.name !== "string") throw malformed(file, at, `event has no "name"`);
  return e.name;
}

function malformed(file: string, byteOffset: number, detail: string): TraceError {
  return new TraceError({ kind: "malformed", file, byteOffset, detail });
}
