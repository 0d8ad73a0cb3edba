// The varbench-events text format: one event per line, for tests and for any
// program that wants to hand Varbench a trace without a profiler.
//
//   # varbench-events 1                 first line, required
//   B <pid> <tid> <timeNs> <function>   a call begins
//   E <pid> <tid> <timeNs> [<function>] a call ends (without a name: the innermost open call)
//   # …                                 comment; blank lines are ignored
//
// Times are integer nanoseconds (below 2^53), non-decreasing per thread; pids
// and tids are integers below 2^53 too, a thread known by its numbers (`07` is
// 7); the function name is the rest of the line and may contain spaces.
import { TraceError } from "../diagnostics.js";
import { SharedBatch, ThreadEvents } from "../threadEvents.js";
import type { TraceSink } from "../sink.js";
import type { ByteSource } from "../source.js";
import { OpenStack } from "../openStack.js";
import { utf8ByteLength } from "../utf8.js";

export const TEXT_TRACE_HEADER = "# varbench-events 1";

interface ThreadState {
  readonly batch: ThreadEvents;
  readonly open: OpenStack;
  lastNs: number;
}

export async function readTextTrace(source: ByteSource, sink: TraceSink): Promise<{ events: number }> {
  const decoder = new TextDecoder("utf-8");
  const threads = new Map<string, ThreadState>();
  const shared = new SharedBatch();
  let carry = "";
  let lineNo = 0;
  let offset = 0; // byte offset of the start of `carry`
  let events = 0;
  // E events with no open call to close: counted, and the first line said.
  let unmatched = 0;
  let firstUnmatchedLine = 0;

  const handle = (line: string, at: number) => {
    lineNo++;
    if (lineNo === 1) {
      if (line.trim() !== TEXT_TRACE_HEADER) throw bad(at, `the first line must be "${TEXT_TRACE_HEADER}"`);
      return;
    }
    const text = line.trim();
    if (text === "" || text.startsWith("#")) return;
    const m = /^([BE])\s+(\d+)\s+(\d+)\s+(\d+)(?:\s+(.+))?$/.exec(text);
    if (!m) throw bad(at, `line ${lineNo} is not "B|E pid tid timeNs function": ${JSON.stringify(text.slice(0, 80))}`);
    const [, kind, pidText, tidText, time, name] = m;
    const [pid, tid, timeNs] = [Number(pidText), Number(tidText), Number(time)];
    if (!Number.isSafeInteger(timeNs)) throw bad(at, `line ${lineNo}: time ${time} is not below 2^53`);
    if (!Number.isSafeInteger(pid) || !Number.isSafeInteger(tid))
      throw bad(at, `line ${lineNo}: pid ${pidText} or tid ${tidText} is not below 2^53`);
    // Keyed by the numbers, as the sink keys its threads: "07" is thread 7, so its lines share thread 7's open calls and clock.
    const key = `${pid}/${tid}`;
    let t = threads.get(key);
    if (!t) {
      t = { batch: new ThreadEvents(sink.thread({ pid, tid }), shared), open: new OpenStack(), lastNs: -Infinity };
      threads.set(key, t);
    }
    if (timeNs < t.lastNs) throw bad(at, `line ${lineNo}: time goes backwards in thread ${key}`);
    t.lastNs = timeNs;
    events++;
    if (kind === "B") {
      if (!name) throw bad(at, `line ${lineNo}: a B event needs a function name`);
      const fn = sink.functionId(name);
      t.open.push(fn);
      t.batch.enter(fn, timeNs);
    } else {
      const fn = name ? sink.functionId(name) : t.open.top();
      // Dropped here, where asking costs no more than the top calls (openStack.ts), not
      // by the CCT builder, which would search its whole stack for each.
      if (fn < 0 || !t.open.has(fn)) {
        if (unmatched++ === 0) firstUnmatchedLine = lineNo;
        return;
      }
      t.open.closeTo(fn);
      t.batch.exit(fn, timeNs);
    }
  };
  const bad = (byteOffset: number, detail: string) =>
    new TraceError({ kind: "malformed", file: source.name, byteOffset, detail });

  for await (const chunk of source.chunks()) {
    carry += decoder.decode(chunk, { stream: true });
    let from = 0;
    for (let nl = carry.indexOf("\n"); nl >= 0; nl = carry.indexOf("\n", from)) {
      const line = carry.slice(from, nl);
      if (line.length > MAX_LINE_CHARS)
        throw bad(offset, `line ${lineNo + 1} is longer than ${MAX_LINE_CHARS >> 20} Mi characters: not a trace line`);
      handle(line, offset);
      // Offsets advance line by line: measuring the chunk's text up to each line again was quadratic per chunk.
      offset += utf8ByteLength(line) + 1;
      from = nl + 1;
    }
    carry = carry.slice(from);
    // A line is one event: one longer than this (a 100 MB line) is no trace line, and is refused, not held.
    if (carry.length > MAX_LINE_CHARS)
      throw bad(offset, `line ${lineNo + 1} is longer than ${MAX_LINE_CHARS >> 20} Mi characters: not a trace line`);
  }
  carry += decoder.decode();
  if (carry.length > 0) handle(carry, offset);
  if (lineNo === 0) throw new TraceError({ kind: "empty", file: source.name });
  for (const t of threads.values()) t.batch.flush();
  if (unmatched > 0)
    sink.warn({
      kind: "skipped-events",
      file: source.name,
      count: unmatched,
      reason: `E event(s) with no open call of their function (the first on line ${firstUnmatchedLine}) were`,
    });
  if (events === 0) throw new TraceError({ kind: "empty", file: source.name });
  return { events };
}

/** Far past any event line (a call's name and numbers). */
const MAX_LINE_CHARS = 1 << 20;
