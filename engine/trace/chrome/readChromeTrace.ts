// Reads Chrome Trace Event JSON (array or object form) into a TraceSink,
// streamed: the scanner (eventScanner.ts) parses each event in place from the
// bytes, and this file turns it into calls. B/E events stream straight into
// their thread; X (complete) events may come in any order, so they are kept
// per thread as (start, duration, name) and emitted sorted at the end. What it
// holds grows with the names, the open calls and the X events, never with an
// event's size; what it leaves out it says, with the byte of the first case:
// E events with no open B, B/E events out of time order, names cut to 64 KiB.
import { TraceError } from "../diagnostics.js";
import type { TraceSink } from "../sink.js";
import type { ByteSource } from "../source.js";
import { EventScanner } from "./eventScanner.js";
import { ID_NUMBER, ID_STRING, MAX_NAME_BYTES, PH_B, PH_E, PH_M, PH_X, type ChromeEvent } from "./chromeEvent.js";
import { decodeJsonString, wholeCharacters } from "./jsonText.js";
import { NameTable } from "./nameTable.js";
import { CompleteEvents } from "./completeEvents.js";
import { MixedCalls } from "./mixedCalls.js";
import { OpenStack } from "../openStack.js";
import { EXACT_NS_LIMIT } from "./exactTime.js";
import { SharedBatch, ThreadEvents } from "../threadEvents.js";

export interface ChromeReadSummary {
  readonly events: number;
  readonly threads: number;
}

interface ThreadState {
  /** "pid/tid", as messages name the thread. */
  readonly key: string;
  readonly events: ThreadEvents;
  readonly open: OpenStack;
  /** X events of a thread that has had no B/E event (yet). */
  complete: CompleteEvents | null;
  /** The thread's calls from its first X on, once it has both kinds (mixedCalls.ts). */
  mixed: MixedCalls | null;
  /** Its B/E events go straight to the tree: it has had B/E events and no X event. It has had B/E
   * events at all when it streams or mixes them (hadBeginEnd). */
  streams: boolean;
  /** The time of its last B or E event. */
  lastNs: number;
}

/** A time's nanoseconds below its whole microseconds (wholeUsOf). */
const parts = new Float64Array(2);

/** Times and durations past this are no times (uftrace's clock is 64-bit nanoseconds). */
const MAX_TIME_NS = 2 ** 63;

export async function readChromeTrace(source: ByteSource, sink: TraceSink): Promise<ChromeReadSummary> {
  const names = new NameTable();
  const reader = new ChromeEvents(source.name, sink, names);
  const scanner = new EventScanner(
    source.name,
    names,
    (event) => reader.take(event),
    (w) => sink.warn(w),
  );
  for await (const chunk of source.chunks()) scanner.push(chunk);
  scanner.end();
  return reader.finish(() => scanner.noEventsWhy());
}

/** Names cut to MAX_NAME_BYTES end with this, so that the cut shows. */
const CUT_MARK = "…";

class ChromeEvents {
  private readonly threads: ThreadState[] = [];
  private readonly byPid = new Map<number, Map<number, ThreadState>>();
  private readonly threadNames = new Map<string, string>();
  private readonly shared = new SharedBatch();
  private baseNs = NaN;
  /** The first time lies past 2^53 ns, where times are measured from it in parts (farTime). */
  private baseFar = false;
  /** The first time as whole microseconds and nanoseconds; NaN when they are not known exactly. */
  private baseWholeUs = NaN;
  private baseFractionNs = 0;
  private events = 0;
  /** Events that are no calls: metadata, instants, counters (said when a trace has no call). */
  private others = 0;
  private unmatched = 0;
  private firstUnmatchedAt = -1;
  private cutNames = 0;
  private firstCutAt = -1;
  private backwards = 0;
  /** Call events whose pid or tid is a string, which the reader does not tell apart (pidOf, tidOf). */
  private namedIds = 0;
  private firstNamedIdAt = -1;
  /** Events whose time is past 2^53 ns, where doubles no longer hold every nanosecond. */
  private imprecise = 0;
  private firstImpreciseAt = -1;
  private firstBackwardsAt = -1;
  // Events of one thread tend to come in runs: the last thread is kept at hand.
  private lastPid = NaN;
  private lastTid = NaN;
  private last: ThreadState | null = null;

  constructor(
    private readonly file: string,
    private readonly sink: TraceSink,
    private readonly names: NameTable,
  ) {}

  take(e: ChromeEvent): void {
    const ph = e.phase;
    if (ph !== PH_B && ph !== PH_E && ph !== PH_X) {
      this.others++;
      if (ph === PH_M) this.metadata(e);
      return; // instants, counters, flows: not calls
    }
    const t = this.threadOf(e);
    if ((e.pidKind === ID_STRING || e.tidKind === ID_STRING) && this.namedIds++ === 0)
      this.firstNamedIdAt = e.eventStart;
    const ns = e.tsNs;
    if (Number.isNaN(ns)) throw this.malformed(e, `event has no numeric "ts" (or one no number holds, such as 1e400)`);
    if (!(Math.abs(ns) < MAX_TIME_NS))
      throw this.malformed(e, `"ts" lies beyond 2^63 ns (292 years) from 0: not a time`);
    if (Number.isNaN(this.baseNs)) this.setBase(e);
    const time = Math.abs(ns) < EXACT_NS_LIMIT && !this.baseFar ? ns - this.baseNs : this.farTime(e);
    this.events++;
    // The common case first, small enough that V8 inlines take() into the scanner: a thread of B/E events alone.
    if (ph === PH_B) {
      const fn = this.functionOf(e);
      if (!t.streams) return this.beginElse(t, fn, time, e);
      t.open.push(fn);
      t.events.enter(fn, this.inOrder(t, time, e));
    } else if (ph === PH_E) {
      if (!t.streams) return this.endElse(t, time, e);
      const fn = e.nameLength >= 0 ? this.functionOf(e) : t.open.top();
      // An E whose B is not open (none yet: E written before B) closes nothing: counted and said.
      if (fn < 0 || !t.open.has(fn)) return this.unmatchedEnd(e);
      t.open.closeTo(fn);
      t.events.exit(fn, this.inOrder(t, time, e));
    } else this.completeEvent(t, time, e);
  }

  /** A B event of a thread that does not stream B/E events alone: its first, or one of a thread of both kinds. */
  private beginElse(t: ThreadState, fn: number, time: number, e: ChromeEvent): void {
    this.firstBeginEnd(t);
    if (t.mixed !== null) t.mixed.begin(fn, this.inOrder(t, time, e));
    else {
      t.open.push(fn);
      t.events.enter(fn, this.inOrder(t, time, e));
    }
  }

  private endElse(t: ThreadState, time: number, e: ChromeEvent): void {
    this.firstBeginEnd(t);
    const named = e.nameLength >= 0 ? this.functionOf(e) : -1;
    // Not mixing, this is the thread's first B/E event: no B of it is open.
    const mixed = t.mixed;
    const fn = mixed !== null ? mixed.closes(named) : -1;
    if (mixed === null || fn < 0) return this.unmatchedEnd(e);
    mixed.end(fn, this.inOrder(t, time, e));
  }

  private unmatchedEnd(e: ChromeEvent): void {
    if (this.unmatched++ === 0) this.firstUnmatchedAt = e.eventStart;
  }

  /** An X event: held with the thread's others, or with its calls of both kinds once it has B/E events too. */
  private completeEvent(t: ThreadState, time: number, e: ChromeEvent): void {
    if (Number.isNaN(e.durNs)) throw this.malformed(e, `complete event has no valid "dur"`);
    if (!(e.durNs < MAX_TIME_NS)) throw this.malformed(e, `"dur" is beyond 2^63 ns (292 years): not a duration`);
    const fn = this.functionOf(e);
    if (!hadBeginEnd(t)) (t.complete ??= new CompleteEvents()).add(time, e.durNs, fn);
    else {
      t.streams = false;
      (t.mixed ??= new MixedCalls(t.open, t.lastNs, null)).complete(time, e.durNs, fn);
    }
  }

  /** A thread's first B or E event: X events read before it make it a thread of both kinds from the start. */
  private firstBeginEnd(t: ThreadState): void {
    if (hadBeginEnd(t)) return;
    if (t.complete === null) t.streams = true;
    else {
      t.mixed = new MixedCalls(t.open, -Infinity, t.complete);
      t.complete = null;
    }
  }

  /** The trace's first time, from which every time is measured; also in parts (exactTime.ts), for times far out. */
  private setBase(e: ChromeEvent): void {
    this.baseNs = e.tsNs;
    this.baseFar = !(Math.abs(e.tsNs) < EXACT_NS_LIMIT);
    this.baseWholeUs = this.wholeUsOf(e);
    this.baseFractionNs = parts[1];
  }

  /**
   * The time of an event when it or the trace's first lies past 2^53 ns: exact from both as whole
   * microseconds and nanoseconds when it lies within 2^53 ns of the first; else (such a time written
   * with an exponent, or clocks mixed in one file) as the doubles give it, rounded, counted and said.
   */
  private farTime(e: ChromeEvent): number {
    const wholeUs = this.wholeUsOf(e);
    if (!Number.isNaN(wholeUs) && !Number.isNaN(this.baseWholeUs)) {
      const time = (wholeUs - this.baseWholeUs) * 1000 + (parts[1] - this.baseFractionNs);
      if (Math.abs(time) <= Number.MAX_SAFE_INTEGER) return time;
    }
    // Written with an exponent, or 104 days or more from the first time (clocks mixed in one file).
    if (this.imprecise++ === 0) this.firstImpreciseAt = e.eventStart;
    return e.tsNs - this.baseNs;
  }

  /** e's time in whole microseconds, its nanoseconds left in parts[1]; NaN when they are not known exactly. */
  private wholeUsOf(e: ChromeEvent): number {
    if (!Number.isNaN(e.tsWholeUs)) {
      parts[1] = e.tsFractionNs;
      return e.tsWholeUs;
    }
    if (!(Math.abs(e.tsNs) < EXACT_NS_LIMIT)) return NaN;
    parts[1] = e.tsNs % 1000; // exact, as is all that follows, for whole nanoseconds below 2^53
    return (e.tsNs - parts[1]) / 1000;
  }

  /**
   * The time a B or E event of thread t is taken at. They come in time order; one earlier than
   * the event before it (an E before its B in time, say) would make a call that ends before it
   * starts, which no tree holds: it is taken at the time of the event before it, counted and said.
   */
  private inOrder(t: ThreadState, time: number, e: ChromeEvent): number {
    if (time < t.lastNs) {
      if (this.backwards++ === 0) this.firstBackwardsAt = e.eventStart;
      return t.lastNs;
    }
    t.lastNs = time;
    return time;
  }

  /** `noEventsWhy`: the scanner's words for a stream that gave no event at all. */
  finish(noEventsWhy: () => string): ChromeReadSummary {
    const { sink, file } = this;
    for (const t of this.threads) {
      t.events.flush();
      if (t.mixed) {
        const { cut, early, leftOpen } = t.mixed.finish(t.events);
        t.events.flush();
        if (cut > 0) {
          sink.warn({
            kind: "skipped-events",
            file,
            count: cut,
            reason: `call(s) of thread ${t.key} that outlast the call they start in (overlapping, not nested) were cut at its end; the time past it was`,
          });
        }
        if (early > 0) {
          sink.warn({
            kind: "skipped-events",
            file,
            count: early,
            reason: `X event(s) of thread ${t.key} start before B/E events of that thread read earlier in the file, where they cannot be nested; each was cut to start at the last of those (left out if it ended before it), and the time before it`,
          });
        }
        if (leftOpen > 0) sink.warn({ kind: "closed-at-end", thread: t.key, frames: leftOpen });
      } else if (t.complete) {
        const cut = t.complete.emit(t.events);
        t.events.flush();
        if (cut > 0) {
          sink.warn({
            kind: "skipped-events",
            file,
            count: cut,
            reason: `X event(s) of thread ${t.key} that outlast the X event they start in (overlapping, not nested) were cut at its end; the time past it was`,
          });
        }
      }
    }
    if (this.unmatched > 0) {
      sink.warn({
        kind: "skipped-events",
        file,
        count: this.unmatched,
        reason: `E events with no open B event (the first at byte ${this.firstUnmatchedAt}; written before their B, or e.g. a pre-empted linux:schedule) were`,
      });
    }
    if (this.backwards > 0) {
      sink.warn({
        kind: "truncated",
        file,
        byteOffset: this.firstBackwardsAt,
        detail: `${this.backwards} B/E event(s) earlier than the event before them in their thread; each is taken at the time of the event before it, so no call ends before it starts`,
      });
    }
    if (this.namedIds > 0) {
      sink.warn({
        kind: "truncated",
        file,
        byteOffset: this.firstNamedIdAt,
        detail: `${this.namedIds} event(s) name their pid or tid by a string, not a number; such threads are not told apart: a string pid is read as 0, a string tid as the pid`,
      });
    }
    if (this.imprecise > 0) {
      // Read apart, whole microseconds and nanoseconds are exact (exactTime.ts), and so is a time's
      // distance from the first while it is below 2^53 ns; else the doubles read.
      sink.warn({
        kind: "truncated",
        file,
        byteOffset: this.firstImpreciseAt,
        detail: `${this.imprecise} event time(s) lie more than 2^53 ns (104 days) from the trace's first time, or that far from 0 written with an exponent; such times are rounded (to 256 ns near 2^60 ns), so short calls among them are measured coarsely`,
      });
    }
    if (this.cutNames > 0) {
      sink.warn({
        kind: "truncated",
        file,
        byteOffset: this.firstCutAt,
        detail: `${this.cutNames} name(s) longer than ${MAX_NAME_BYTES >> 10} KiB were cut to their first ${MAX_NAME_BYTES >> 10} KiB, ending in "${CUT_MARK}"`,
      });
    }
    if (this.events === 0) {
      const why = this.others > 0 ? `none of its ${this.others} event(s) is a call (B, E or X)` : noEventsWhy();
      throw new TraceError({ kind: "empty", file, why });
    }
    return { events: this.events, threads: this.threads.length };
  }

  /** M events: a thread's name (process names and sort orders are not kept). */
  private metadata(e: ChromeEvent): void {
    if (e.nameLength < 0 || e.argsNameLength < 0) return;
    if (this.names.strings[this.nameEntry(e)] !== "thread_name") return;
    const pid = pidOf(e);
    this.threadNames.set(`${pid}/${tidOf(e, pid)}`, this.decode(e, e.argsName, 0, e.argsNameLength));
  }

  /** The event's thread: the last one again, most often, asked in few enough bytecodes that V8 inlines it,
   * and what take() calls for every event with it. */
  private threadOf(e: ChromeEvent): ThreadState {
    const pid = pidOf(e);
    const tid = tidOf(e, pid);
    return this.last !== null && pid === this.lastPid && tid === this.lastTid ? this.last : this.switchThread(pid, tid);
  }

  /** The thread pid/tid, declared to the sink the first time, and kept at hand as the last one. */
  private switchThread(pid: number, tid: number): ThreadState {
    let tids = this.byPid.get(pid);
    if (!tids) this.byPid.set(pid, (tids = new Map()));
    let t = tids.get(tid);
    if (!t) {
      const key = `${pid}/${tid}`;
      const name = this.threadNames.get(key);
      const threadSink = this.sink.thread({ pid, tid, ...(name ? { name } : {}) });
      t = {
        key,
        events: new ThreadEvents(threadSink, this.shared),
        open: new OpenStack(),
        complete: null,
        mixed: null,
        streams: false,
        lastNs: -Infinity,
      };
      tids.set(tid, t);
      this.threads.push(t);
    }
    this.lastPid = pid;
    this.lastTid = tid;
    this.last = t;
    return t;
  }

  /** The sink's function id of the event's name, interned by its bytes (the common case first, small enough to inline). */
  private functionOf(e: ChromeEvent): number {
    const fn = e.nameEntry >= 0 ? this.names.value[e.nameEntry] : -1;
    return fn >= 0 ? fn : this.newFunctionOf(e);
  }

  private newFunctionOf(e: ChromeEvent): number {
    if (e.nameLength < 0) throw this.malformed(e, `event has no "name"`);
    const names = this.names;
    const entry = this.nameEntry(e);
    let fn = names.value[entry];
    if (fn < 0) names.value[entry] = fn = this.sink.functionId(names.strings[entry]);
    return fn;
  }

  /** The name table's entry for the event's name (a new one decoded, or cut). */
  private nameEntry(e: ChromeEvent): number {
    if (e.nameEntry >= 0) return e.nameEntry;
    const names = this.names;
    const start = e.nameStart;
    const end = start + Math.min(e.nameLength, MAX_NAME_BYTES + 1);
    let found = names.find(e.nameBytes, e.nameView, start, end);
    if (found < 0) found = names.add(e.nameBytes, start, end, this.decode(e, e.nameBytes, start, e.nameLength));
    if (e.nameGuessable) names.remember(e.nameWord0, e.nameWord1, found);
    return found;
  }

  /** A captured string as JSON.parse reads it; one longer than MAX_NAME_BYTES is cut, and counted. */
  private decode(e: ChromeEvent, raw: Uint8Array, start: number, length: number): string {
    try {
      if (length <= MAX_NAME_BYTES) return decodeJsonString(raw, start, start + length);
      if (this.cutNames++ === 0) this.firstCutAt = e.eventStart;
      return decodeJsonString(raw, start, wholeCharacters(raw, start, start + MAX_NAME_BYTES)) + CUT_MARK;
    } catch {
      throw this.malformed(e, "event is not valid JSON (a name that is not UTF-8)");
    }
  }

  private malformed(e: ChromeEvent, detail: string): TraceError {
    return new TraceError({ kind: "malformed", file: this.file, byteOffset: e.eventStart, detail });
  }
}

/** A thread has had B/E events when it streams them or mixes them with X events (firstBeginEnd). */
function hadBeginEnd(t: ThreadState): boolean {
  return t.streams || t.mixed !== null;
}

/** An event's pid: a missing or non-numeric one is 0. */
function pidOf(e: ChromeEvent): number {
  return e.pidKind === ID_NUMBER ? e.pid : 0;
}

/** An event's tid: a missing or non-numeric one is the pid (uftrace's own export leaves `tid` out for the main thread). */
function tidOf(e: ChromeEvent, pid: number): number {
  return e.tidKind === ID_NUMBER ? e.tid : pid;
}
