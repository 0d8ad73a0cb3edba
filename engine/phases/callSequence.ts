// One pass over a run's trace for active profiling (paper 003): every unit's
// entry count, the entry times of those entered no more than `keep` times
// (the candidates of §3.2's step 1 when keep = f), and every entry of the
// units watched (the markers, when segmenting a run). A unit is a function, or
// with call-chain granularity a function in its calling context (the chain
// written innermost first, "stage_parse<handle<main", as §5.2's report writes
// sites): closer to the paper's basic blocks, which tell one call site of a
// function from another. Logical time is elapsed time by default, or the calls
// made so far in the thread (§3.2 measures "the number of instructions
// executed"; calls are the count a function trace has, deterministic where
// time is not). Times are wall clock, common to all threads; the scheduler's
// switched-out intervals, which uftrace shows as calls, are not calls.
import { ENTER, type EventBatch, type ThreadSink } from "../trace/eventBatch.js";
import type { ThreadInfo, TraceSink } from "../trace/sink.js";
import { CallHistogram } from "./callHistogram.js";
import { BatchThreadSink } from "../trace/batchThreadSink.js";
import { SCHEDULE, SCHEDULE_PREEMPTED } from "../trace/uftrace/schedEvents.js";

export const LOGICAL_TIMES = ["time", "calls"] as const;
export type LogicalTime = (typeof LOGICAL_TIMES)[number];
export const GRANULARITIES = ["function", "chain"] as const;
export type Granularity = (typeof GRANULARITIES)[number];

export interface CallSequenceOptions {
  readonly logicalTime: LogicalTime;
  /** Functions (default) or call chains. */
  readonly granularity?: Granularity;
  /** Keep the entry times of units entered at most this many times (0: none). */
  readonly keep: number;
  /** Units whose every entry is kept, with the calls made so far then. */
  readonly watch: readonly string[];
  /** Also count calls over time in fine bins (§4.4's interval phases). */
  readonly histogram?: boolean;
}

export class CallSequence implements TraceSink {
  /** Function names, as the reader interns them. */
  private readonly functions: string[] = [];
  private readonly functionIds = new Map<string, number>();
  /** Units: functions, or call chains. */
  readonly names: string[] = [];
  private readonly unitIds = new Map<string, number>();
  /** A chain's unit by parent unit and function ("parent:fn"). */
  private readonly children = new Map<string, number>();
  counts = new Float64Array(64);
  /** Entry times per unit, while its count is at most `keep`; null once it passed it. */
  readonly kept: (number[] | null)[] = [];
  /** Per watched unit: its entries as [logical time, calls so far in the run]. */
  readonly watched = new Map<number, [number, number][]>();
  private readonly watchNames: ReadonlySet<string>;
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
  /** The scheduler's switched-out intervals (linux:schedule "calls"): no calls of the program's. */
  private readonly sched = new Set<number>();

  constructor(readonly options: CallSequenceOptions) {
    this.histogram = options.histogram ? new CallHistogram() : null;
    this.watchNames = new Set(options.watch);
  }

  isSchedule(fn: number): boolean {
    return this.sched.has(fn);
  }

  get byChain(): boolean {
    return this.options.granularity === "chain";
  }

  functionId(name: string): number {
    let id = this.functionIds.get(name);
    if (id === undefined) {
      id = this.functions.push(name) - 1;
      this.functionIds.set(name, id);
      if (name === SCHEDULE || name === SCHEDULE_PREEMPTED) this.sched.add(id);
      if (!this.byChain) this.unit(name);
    }
    return id;
  }

  /** The unit of a call of `fn` under unit `parent` (−1: none): the function itself, or its chain. */
  unitOf(fn: number, parent: number): number {
    if (!this.byChain) return fn;
    const key = `${parent}:${fn}`;
    let id = this.children.get(key);
    if (id === undefined) {
      id = this.unit(parent < 0 ? this.functions[fn] : `${this.functions[fn]}<${this.names[parent]}`);
      this.children.set(key, id);
    }
    return id;
  }

  private unit(name: string): number {
    let id = this.unitIds.get(name);
    if (id === undefined) {
      id = this.names.push(name) - 1;
      this.unitIds.set(name, id);
      this.kept.push(this.options.keep > 0 ? [] : null);
      if (this.watchNames.has(name)) this.watched.set(id, []);
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
    // Calls shorter than the filter were not recorded; counts are of recorded calls.
  }

  warn(): void {
    // Warnings of the trace were reported when it was ingested.
  }

  /** A unit's entry at logical time t. */
  entered(unit: number, t: number): void {
    const count = ++this.counts[unit];
    this.calls++;
    const kept = this.kept[unit];
    if (kept) {
      if (count <= this.options.keep) kept.push(t);
      else this.kept[unit] = null;
    }
    this.watched.get(unit)?.push([t, this.calls]);
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

  /** Entries of a unit by name. */
  countOf(name: string): number {
    const id = this.unitIds.get(name);
    return id === undefined ? 0 : this.counts[id];
  }

  /** A watched unit's entries by name. */
  entriesOf(name: string): readonly (readonly [number, number])[] {
    const id = this.unitIds.get(name);
    return (id !== undefined && this.watched.get(id)) || [];
  }
}

class SequenceThread extends BatchThreadSink {
  private calls = 0;
  private last = NaN;
  /** Open calls: function and unit (call chains need them; functions only for depth). */
  private readonly stackFn: number[] = [];
  private readonly stackUnit: number[] = [];

  constructor(private readonly run: CallSequence) {
    super();
  }

  consume(batch: EventBatch): void {
    const run = this.run;
    const byCalls = run.options.logicalTime === "calls";
    const chains = run.byChain;
    for (let i = 0; i < batch.count; i++) {
      const t = batch.timeNs[i];
      const fn = batch.fn[i];
      if (run.isSchedule(fn)) continue;
      if (t < run.firstNs) run.firstNs = t;
      if (t > run.lastNs) run.lastNs = t;
      if (batch.kind[i] !== ENTER) {
        if (chains) this.exit(fn);
        continue;
      }
      this.calls++;
      run.histogram?.add(t);
      const logical = byCalls ? this.calls : t;
      if (!Number.isNaN(this.last)) run.gap(logical - this.last);
      this.last = logical;
      let unit = fn;
      if (chains) {
        // A recorded depth closes deeper open calls first (eventBatch.ts).
        const depth = batch.depth[i];
        if (depth >= 0) while (this.stackFn.length > depth) this.pop();
        unit = run.unitOf(fn, this.stackUnit.length > 0 ? this.stackUnit[this.stackUnit.length - 1] : -1);
        this.stackFn.push(fn);
        this.stackUnit.push(unit);
      }
      run.entered(unit, logical);
    }
  }

  private exit(fn: number): void {
    const d = this.stackFn.lastIndexOf(fn);
    if (d < 0) return;
    while (this.stackFn.length > d) this.pop();
  }

  private pop(): void {
    this.stackFn.pop();
    this.stackUnit.pop();
  }
}
