// The calls of a thread that has both B/E and X events. Chrome's own traces
// mix them on one thread (TRACE_EVENT0 writes an X, TRACE_EVENT_BEGIN0 a B),
// and the trace viewer nests them all by time, as one stack. A thread's B/E
// events stream to the tree as they come; from the thread's first X on, its
// calls are held as complete calls instead (a B/E call once its E comes) and
// nested with the X events when the stream ends (completeEvents.ts). The B/E
// calls already open then were entered; they hold everything after, and their
// exits are kept to be placed among the held calls. Memory grows with the
// thread's calls from then on, as for a thread of X events alone.
import { CompleteEvents, type CallSink } from "./completeEvents.js";
import { OpenStack } from "../openStack.js";

export interface MixedSummary {
  /** Held calls cut at the end of the call they start in (overlapping, not nested). */
  readonly cut: number;
  /** X events that start before the B/E events already read: cut to start at the last of those, or left out when they ended before it. */
  readonly early: number;
  /** B calls with no E, closed at the thread's last time. */
  readonly leftOpen: number;
}

export class MixedCalls {
  private readonly held = new CompleteEvents();
  /** B calls begun since the switch and not yet ended, with when they began. */
  private readonly open = new OpenStack();
  private starts: Float64Array = new Float64Array(64);
  private began: Float64Array = new Float64Array(64);
  private beginnings = 0;
  private readonly outerFn: number[] = [];
  private readonly outerNs: number[] = [];
  private early = 0;
  private lastNs: number;

  /**
   * @param outer The thread's B calls entered before the switch and still open (its OpenStack, shared).
   * @param switchNs The time of the last B/E event entered before the switch (−Infinity: none).
   * @param earlier X events of the thread read before it had a B/E event, taken over.
   */
  constructor(
    private readonly outer: OpenStack,
    private readonly switchNs: number,
    earlier: CompleteEvents | null,
  ) {
    this.lastNs = switchNs;
    if (earlier) {
      this.held = earlier;
      this.beginnings = earlier.size;
      this.lastNs = Math.max(this.lastNs, earlier.lastEnd);
    }
  }

  begin(fn: number, ns: number): void {
    const k = this.open.length;
    if (k === this.starts.length) {
      this.starts = grown(this.starts);
      this.began = grown(this.began);
    }
    this.open.push(fn);
    this.starts[k] = ns;
    this.began[k] = this.beginnings++;
    this.lastNs = Math.max(this.lastNs, ns);
  }

  /** The call an E event of fn (−1: no name) closes: fn when it is open, the innermost B call for none; −1 when none. */
  closes(fn: number): number {
    if (fn < 0) return this.open.length > 0 ? this.open.top() : this.outer.top();
    return this.open.has(fn) || this.outer.has(fn) ? fn : -1;
  }

  /** Ends the innermost open call of fn (closes() answered it) and every call begun inside it, at ns. */
  end(fn: number, ns: number): void {
    this.lastNs = Math.max(this.lastNs, ns);
    const inHeld = this.open.has(fn);
    while (this.open.length > 0) if (this.endHeld(ns) === fn && inHeld) return;
    for (;;) {
      const f = this.outer.pop();
      this.outerFn.push(f);
      this.outerNs.push(ns);
      if (f === fn) return;
    }
  }

  complete(startNs: number, durationNs: number, fn: number): void {
    let s = startNs;
    let d = durationNs;
    if (s < this.switchNs) {
      // Its start lies among calls already entered: it cannot be nested back there. The part after
      // them is kept; one that ended before them is left out, not shown as a call of 0 ns that never was.
      this.early++;
      if (s + d <= this.switchNs) return;
      d = s + d - this.switchNs;
      s = this.switchNs;
    }
    this.held.add(s, d, fn, this.beginnings++);
    this.lastNs = Math.max(this.lastNs, s + d);
  }

  /** Every held call nested into sink, the outer calls' exits among them. */
  finish(sink: CallSink): MixedSummary {
    const leftOpen = this.open.length;
    while (this.open.length > 0) this.endHeld(this.lastNs);
    const cut = this.held.emit(sink, { fn: this.outerFn, ns: this.outerNs });
    return { cut, early: this.early, leftOpen };
  }

  /** Ends the innermost held B call at ns; returns its function. */
  private endHeld(ns: number): number {
    const k = this.open.length - 1;
    const fn = this.open.pop();
    this.held.add(this.starts[k], ns - this.starts[k], fn, this.began[k]);
    return fn;
  }
}

function grown(a: Float64Array): Float64Array {
  const b = new Float64Array(a.length * 2);
  b.set(a);
  return b;
}
