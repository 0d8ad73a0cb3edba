// Each thread's time on the CPU over a run's wall-clock time, for the
// per-thread time of phase instances (issue 14: instances "with start,
// duration, calls, per-thread time"). A thread is on the CPU between two of
// its events while it has a call open and is not in one of the scheduler's
// switched-out intervals (uftrace shows those as linux:schedule calls). Time
// goes into fine bins over the run, as calls do in callHistogram.ts, so an
// instance's share is read off the bins it spans, to 1/BINS of the run. The
// bins start at the thread's first event, not at time 0: a recording's time base
// is its first time read (uftrace/timeBase.ts), and uftrace's first scheduler
// event, read first, may come after calls, even after all of them (a program
// that ran on one CPU and moved to another at its end), so a thread's times
// may all be negative.
import { ENTER, type EventBatch, type ThreadSink } from "../trace/eventBatch.js";
import type { ThreadInfo, TraceSink } from "../trace/sink.js";
import { BatchThreadSink } from "../trace/batchThreadSink.js";
import { SCHEDULE, SCHEDULE_PREEMPTED } from "../trace/uftrace/schedEvents.js";
import { BINS } from "./callHistogram.js";

/** Bins start this wide and double as the run goes on. */
const FIRST_WIDTH_NS = 1000;

export class ThreadActivity implements TraceSink {
  readonly threads: ActivityThread[] = [];
  private readonly byKey = new Map<string, ActivityThread>();
  private readonly sched = new Set<number>();
  private names = 0;
  /** Whether the trace held scheduler events: without them, on-CPU time is wall time with a call open. */
  sawSchedule = false;

  functionId(name: string): number {
    const id = this.names++;
    if (name === SCHEDULE || name === SCHEDULE_PREEMPTED) this.sched.add(id);
    return id;
  }

  isSchedule(fn: number): boolean {
    return this.sched.has(fn);
  }

  thread(info: ThreadInfo): ThreadSink {
    const key = `${info.source ?? 0}:${info.pid}/${info.tid}`;
    let t = this.byKey.get(key);
    if (!t) {
      t = new ActivityThread(this, `${info.pid}/${info.tid}`);
      this.byKey.set(key, t);
      this.threads.push(t);
    }
    return t;
  }

  setTimeFilter(): void {}

  warn(): void {}
}

export class ActivityThread extends BatchThreadSink {
  readonly bins = new Float64Array(BINS);
  widthNs = FIRST_WIDTH_NS;
  /** The time of the thread's first event: bin 0 starts there. */
  private origin = NaN;
  private open = 0;
  private switchedOut = 0;
  private last = NaN;

  constructor(
    private readonly run: ThreadActivity,
    readonly name: string,
  ) {
    super();
  }

  consume(batch: EventBatch): void {
    for (let i = 0; i < batch.count; i++) {
      const t = batch.timeNs[i];
      if (Number.isNaN(this.origin)) this.origin = t;
      if (!Number.isNaN(this.last) && this.open > 0 && this.switchedOut === 0 && t > this.last) this.add(this.last, t);
      this.last = t;
      const sched = this.run.isSchedule(batch.fn[i]);
      if (sched) this.run.sawSchedule = true;
      const step = batch.kind[i] === ENTER ? 1 : -1;
      if (sched) this.switchedOut = Math.max(0, this.switchedOut + step);
      else {
        // A thread that records a call is running: a switch back in the trace lost (uftrace drops records when
        // its buffers fill, as on a loaded machine) ends here, instead of leaving the rest of the run off the CPU.
        this.switchedOut = 0;
        this.open = Math.max(0, this.open + step);
      }
    }
  }

  /** On the CPU over [from, to) (times of the thread's events: from ≥ origin): spread over the bins it spans. */
  private add(fromNs: number, toNs: number): void {
    const from = fromNs - this.origin;
    const to = toNs - this.origin;
    while (to > BINS * this.widthNs) {
      for (let b = 0; b < BINS / 2; b++) this.bins[b] = this.bins[2 * b] + this.bins[2 * b + 1];
      this.bins.fill(0, BINS / 2);
      this.widthNs *= 2;
    }
    let t = Math.max(0, from);
    while (t < to) {
      const b = Math.floor(t / this.widthNs);
      const end = Math.min(to, (b + 1) * this.widthNs);
      this.bins[b] += end - t;
      t = end;
    }
  }

  /** Time on the CPU within [start, end) (ns from the trace's base), bins cut in proportion. */
  between(startNs: number, endNs: number): number {
    if (Number.isNaN(this.origin)) return 0;
    const start = startNs - this.origin;
    const end = endNs - this.origin;
    let sum = 0;
    const first = Math.max(0, Math.floor(start / this.widthNs));
    const last = Math.min(BINS - 1, Math.floor((end - 1) / this.widthNs));
    for (let b = first; b <= last; b++) {
      const lo = Math.max(start, b * this.widthNs);
      const hi = Math.min(end, (b + 1) * this.widthNs);
      if (hi > lo) sum += (this.bins[b] * (hi - lo)) / this.widthNs;
    }
    return sum;
  }
}
