// Procedure phases for §4.4's comparison (after Huang et al., as the paper
// follows them): per function, the time of its outermost invocations and,
// per invocation, its rate of calls (calls made inside it per millisecond),
// so the procedures that qualify can be scored by the CoV of that rate.
import { ENTER, type EventBatch, type ThreadSink } from "../trace/eventBatch.js";
import type { ThreadInfo, TraceSink } from "../trace/sink.js";
import { BatchThreadSink } from "../trace/batchThreadSink.js";
import { SCHEDULE, SCHEDULE_PREEMPTED } from "../trace/uftrace/schedEvents.js";

export interface ProcedureStats {
  readonly name: string;
  /** Inclusive time of its invocations not nested in another of its own, and how many those are. */
  totalNs: number;
  outermost: number;
  invocations: number;
  /** Welford over the rates of its invocations (calls per ms). */
  rateMean: number;
  rateM2: number;
}

export class ProcedureTrace implements TraceSink {
  readonly stats: ProcedureStats[] = [];
  private readonly ids = new Map<string, number>();
  private readonly threads = new Map<string, ProcedureThread>();
  /** Ids of the scheduler's switched-out intervals, which are not calls. */
  readonly sched = new Set<number>();

  functionId(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.stats.push({ name, totalNs: 0, outermost: 0, invocations: 0, rateMean: 0, rateM2: 0 }) - 1;
      this.ids.set(name, id);
      if (name === SCHEDULE || name === SCHEDULE_PREEMPTED) this.sched.add(id);
    }
    return id;
  }

  /** Procedures worth a phase: the scheduler's switched-out intervals (linux:schedule) are not the program's. */
  get procedures(): ProcedureStats[] {
    return this.stats.filter((_, id) => !this.sched.has(id));
  }

  thread(info: ThreadInfo): ThreadSink {
    const key = `${info.source ?? 0}:${info.pid}/${info.tid}`;
    let t = this.threads.get(key);
    if (!t) this.threads.set(key, (t = new ProcedureThread(this.stats, this.sched)));
    return t;
  }

  setTimeFilter(): void {}

  warn(): void {}
}

class ProcedureThread extends BatchThreadSink {
  private readonly fn: number[] = [];
  private readonly start: number[] = [];
  private readonly callsAtEntry: number[] = [];
  private open: Int32Array = new Int32Array(64);
  private calls = 0;

  constructor(
    private readonly stats: ProcedureStats[],
    private readonly sched: ReadonlySet<number>,
  ) {
    super();
  }

  consume(batch: EventBatch): void {
    for (let i = 0; i < batch.count; i++) {
      const fn = batch.fn[i];
      const t = batch.timeNs[i];
      if (this.sched.has(fn)) continue;
      if (batch.kind[i] === ENTER) {
        this.calls++;
        if (fn >= this.open.length) {
          const grown = new Int32Array(Math.max(2 * this.open.length, fn + 1));
          grown.set(this.open);
          this.open = grown;
        }
        this.open[fn]++;
        this.fn.push(fn);
        this.start.push(t);
        this.callsAtEntry.push(this.calls);
        continue;
      }
      if (fn >= this.open.length || this.open[fn] === 0) continue;
      while (this.fn.length > 0) {
        const top = this.fn.pop()!;
        this.close(top, t, this.start.pop()!, this.callsAtEntry.pop()!);
        if (top === fn) break;
      }
    }
  }

  private close(fn: number, t: number, start: number, callsAtEntry: number): void {
    this.open[fn]--;
    const s = this.stats[fn];
    const ns = t - start;
    if (this.open[fn] === 0) {
      s.totalNs += ns;
      s.outermost++;
    }
    if (!(ns > 0)) return;
    const rate = ((this.calls - callsAtEntry + 1) * 1e6) / ns;
    s.invocations++;
    const d = rate - s.rateMean;
    s.rateMean += d / s.invocations;
    s.rateM2 += d * (rate - s.rateMean);
  }
}
