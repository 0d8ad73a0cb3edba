// One pass over a run's trace for active profiling (paper 003): every
// function's entry count, the entry times of those entered no more than
// `keep` times (the candidates of §3.2's step 1 when keep = f), and every entry
// of the functions watched (the markers, when segmenting a run). Logical time
// is elapsed time by default, or the calls made so far in the thread (§3.2
// measures "the number of instructions executed"; calls are the count a
// function trace has, deterministic where time is not).
import { ENTER, type EventBatch, type ThreadSink } from "../trace/eventBatch.js";
import type { ThreadInfo, TraceSink } from "../trace/sink.js";
import { CallHistogram } from "./callHistogram.js";
import { BatchThreadSink } from "../trace/batchThreadSink.js";

export const LOGICAL_TIMES = ["time", "calls"] as const;
export type LogicalTime = (typeof LOGICAL_TIMES)[number];

export interface CallSequenceOptions {
  readonly logicalTime: LogicalTime;
  /** Keep the entry times of functions entered at most this many times (0: none). */
  readonly keep: number;
  /** Functions whose every entry is kept, with the calls made so far then. */
  readonly watch: readonly string[];
  /** Also count calls over time in fine bins (§4.4's interval phases). */
  readonly histogram?: boolean;
}

export class CallSequence implements TraceSink {
  readonly names: string[] = [];
  private readonly ids = new Map<string, number>();
  counts = new Float64Array(64);
  /** Entry times per function id, while its count is at most `keep`; null once it passed it. */
  readonly kept: (number[] | null)[] = [];
  /** Per watched function id: its entries as [logical time, calls so far in the run]. */
  readonly watched = new Map<number, [number, number][]>();
  /** Calls in the run, over all its threads. */
  calls = 0;
  /** Gaps between consecutive calls of a thread, in logical time, over all threads (Welford). */
  gapCount = 0;
  gapMean = 0;
  private gapM2 = 0;
  /** Calls over time, when the options ask for it. */
  readonly histogram: CallHistogram | null;
  firstNs = Infinity;
  lastNs = -Infinity;
  private readonly threads = new Map<string, SequenceThread>();

  constructor(readonly options: CallSequenceOptions) {
    this.histogram = options.histogram ? new CallHistogram() : null;
    for (const name of options.watch) this.watched.set(this.functionId(name), []);
  }

  functionId(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(name, id);
      this.names.push(name);
      this.kept.push(this.options.keep > 0 ? [] : null);
      if (id >= this.counts.length) {
        const grown = new Float64Array(2 * this.counts.length);
        grown.set(this.counts);
        this.counts = grown;
      }
    }
    return id;
  }

  thread(info: ThreadInfo): ThreadSink {
    const key = `${info.source ?? 0}:${info.pid}/${info.tid}`;
    let t = this.threads.get(key);
    if (!t) this.threads.set(key, (t = new SequenceThread(this)));
    return t;
  }

  setTimeFilter(): void {
    // Calls shorter than the filter were not recorded; counts are of recorded calls (the notes say so).
  }

  warn(): void {
    // Warnings of the trace were reported when it was ingested.
  }

  /** A function's entry at logical time t. */
  entered(fn: number, t: number): void {
    const count = ++this.counts[fn];
    this.calls++;
    const kept = this.kept[fn];
    if (kept) {
      if (count <= this.options.keep) kept.push(t);
      else this.kept[fn] = null;
    }
    this.watched.get(fn)?.push([t, this.calls]);
  }

  /** A gap between two consecutive calls of a thread. */
  gap(g: number): void {
    this.gapCount++;
    const d = g - this.gapMean;
    this.gapMean += d / this.gapCount;
    this.gapM2 += d * (g - this.gapMean);
  }

  get gapSigma(): number {
    return this.gapCount > 0 ? Math.sqrt(this.gapM2 / this.gapCount) : 0;
  }

  /** Threads that made calls. */
  get threadCount(): number {
    return this.threads.size;
  }

  countOf(name: string): number {
    const id = this.ids.get(name);
    return id === undefined ? 0 : this.counts[id];
  }
}

class SequenceThread extends BatchThreadSink {
  private calls = 0;
  private last = NaN;

  constructor(private readonly run: CallSequence) {
    super();
  }

  consume(batch: EventBatch): void {
    const byCalls = this.run.options.logicalTime === "calls";
    for (let i = 0; i < batch.count; i++) {
      const t = batch.timeNs[i];
      if (t < this.run.firstNs) this.run.firstNs = t;
      if (t > this.run.lastNs) this.run.lastNs = t;
      if (batch.kind[i] !== ENTER) continue;
      this.calls++;
      this.run.histogram?.add(t);
      const logical = byCalls ? this.calls : t;
      if (!Number.isNaN(this.last)) this.run.gap(logical - this.last);
      this.last = logical;
      this.run.entered(batch.fn[i], logical);
    }
  }

}
