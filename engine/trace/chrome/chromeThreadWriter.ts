// One thread of a Chrome trace being written (chromeTraceWriter.ts): the stack
// of open calls, closed by the CCT builder's rules, each call's B and E events
// written as soon as the call is known to be kept.
//
// Without a time filter a call is kept from its entry, so its B is written
// then. With one (uftrace -t), a call is kept only once it lasts the filter,
// so B events wait on the stack: when a call closes long enough, it and every
// call open around it (which last at least as long) are kept, and their
// waiting B events are written outermost first, then its E. The calls whose B
// was written are always the bottom of the stack (`written` of them), and a
// call closed too short has no kept call inside it, so nothing of it was
// written. Events stay in time order: nothing of the thread is written between
// a call's entry and its B (a kept call inside it writes the B first), and
// what was written before its entry is no later than it.
import { ENTER, type EventBatch } from "../eventBatch.js";
import type { ThreadInfo } from "../sink.js";
import type { TraceWarning } from "../diagnostics.js";
import { BatchThreadSink } from "../batchThreadSink.js";

/** What a thread writes through: the file (chromeTraceWriter.ts). */
export interface ChromeFile {
  /** The recording's time filter (0: none). */
  readonly minDurationNs: number;
  /** Each function's name as a JSON string. */
  readonly nameJson: readonly string[];
  emit(event: string): void;
  emitThreadName(info: ThreadInfo): void;
}

export class ChromeThreadWriter extends BatchThreadSink {
  calls = 0;
  closedAtEnd = 0;
  closedEarly = 0;
  exitsDropped = 0;
  filteredOut = 0;
  private readonly unmatched = new Map<number, number>();
  private fn = new Int32Array(64);
  private startNs = new Float64Array(64);
  private top = 0;
  /** The bottom `written` open calls have their B event written. */
  private written = 0;
  private lastNs = 0;
  private named = false;
  /** `,"pid":…,"tid":…,"ts":`: what every event of the thread shares. */
  private readonly where: string;

  constructor(
    private readonly file: ChromeFile,
    private readonly info: ThreadInfo,
  ) {
    super();
    this.where = `,"pid":${info.pid},"tid":${info.tid},"ts":`;
  }

  consume(batch: EventBatch): void {
    for (let i = 0; i < batch.count; i++) {
      const t = batch.timeNs[i];
      const fn = batch.fn[i];
      if (batch.kind[i] === ENTER) {
        // A recorded depth closes deeper open calls first (eventBatch.ts).
        const depth = batch.depth[i];
        if (depth >= 0) {
          while (this.top > depth) {
            this.closedEarly++;
            this.close(t);
          }
        }
        this.push(fn, t);
      } else this.exit(fn, t);
      this.lastNs = t;
    }
  }

  /** Closes what is still open at the last event time (the CCT builder's closeOpen). */
  closeAll(): void {
    this.closedAtEnd += this.top;
    while (this.top > 0) this.close(this.lastNs);
  }

  /** What was done to make the stream well nested, as the CCT builder would warn of it. */
  warnings(names: readonly string[]): TraceWarning[] {
    const thread = `${this.info.pid}/${this.info.tid}`;
    const out: TraceWarning[] = [...this.unmatched].map(([fn, count]) => ({
      kind: "unmatched-exit",
      thread,
      function: names[fn],
      count,
    }));
    if (this.closedEarly > 0) out.push({ kind: "closed-on-mismatch", thread, frames: this.closedEarly });
    if (this.closedAtEnd > 0) out.push({ kind: "closed-at-end", thread, frames: this.closedAtEnd });
    return out;
  }

  private push(fn: number, t: number): void {
    if (this.top === this.fn.length) this.grow();
    this.fn[this.top] = fn;
    this.startNs[this.top] = t;
    this.top++;
    if (this.file.minDurationNs <= 0) this.writeBegins(this.top);
  }

  private exit(fn: number, t: number): void {
    let d = this.top - 1;
    while (d >= 0 && this.fn[d] !== fn) d--;
    if (d < 0) {
      this.exitsDropped++;
      this.unmatched.set(fn, (this.unmatched.get(fn) ?? 0) + 1);
      return;
    }
    // The calls opened inside it end with it.
    while (this.top > d + 1) {
      this.closedEarly++;
      this.close(t);
    }
    this.close(t);
  }

  /** Closes the innermost open call at time t. */
  private close(t: number): void {
    const i = this.top - 1;
    this.top = i;
    // Kept as the CCT builder keeps it: not shorter than the time filter (a call already written is kept whatever it lasted).
    if (this.written <= i && t - this.startNs[i] < this.file.minDurationNs) {
      this.filteredOut++;
      return;
    }
    this.writeBegins(i + 1);
    this.written = i;
    this.calls++;
    this.file.emit(`{"ph":"E","name":${this.file.nameJson[this.fn[i]]}${this.where}${microsecondsText(t)}}`);
  }

  /** Writes the waiting B events of the bottom `upTo` calls of the stack. */
  private writeBegins(upTo: number): void {
    if (!this.named && this.written < upTo) {
      this.named = true;
      this.file.emitThreadName(this.info);
    }
    for (; this.written < upTo; this.written++) {
      const k = this.written;
      this.file.emit(
        `{"ph":"B","name":${this.file.nameJson[this.fn[k]]}${this.where}${microsecondsText(this.startNs[k])}}`,
      );
    }
  }

  private grow(): void {
    const fn = new Int32Array(this.fn.length * 2);
    fn.set(this.fn);
    const start = new Float64Array(this.startNs.length * 2);
    start.set(this.startNs);
    this.fn = fn;
    this.startNs = start;
  }
}

/** Nanoseconds as the format's microseconds to the nanosecond ("12.345"), built from the integer so no binary fraction creeps in. */
export function microsecondsText(ns: number): string {
  const n = Math.round(ns);
  const a = Math.abs(n);
  const us = Math.floor(a / 1000);
  const frac = a - us * 1000;
  return `${n < 0 ? "-" : ""}${us}.${frac < 10 ? "00" : frac < 100 ? "0" : ""}${frac}`;
}
