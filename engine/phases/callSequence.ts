// One pass over a run's trace for active profiling (paper 003): every unit's
// entry count, the entry times of those entered no more than `keep` times
// (the candidates of §3.2's step 1 when keep = f), and every entry of the
// units watched (the markers, when segmenting a run), and the returns of those
// entered no more than `keep` times and of the units whose returns are watched
// (where a request's work ends), and the gaps between consecutive calls of a
// thread within given stretches (step 3's, requestWindows.ts). A unit is a function, or
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
import { GapHistogram } from "./gapHistogram.js";
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
  /** Units whose every return is kept, with the calls made so far then (the functions run once per request). */
  readonly watchExits?: readonly string[];
  /** Stretches of logical time, each of one thread (its index: threads in the order the trace first shows them),
   * disjoint within a thread: the gaps between consecutive calls of a thread that lie wholly inside one of its
   * stretches are counted per stretch and kept in one histogram (§3.2 step 3 within the requests, requestWindows.ts). */
  readonly windows?: readonly ThreadWindow[];
  /** Also count calls over time in fine bins (§4.4's interval phases). */
  readonly histogram?: boolean;
}

/** A stretch [start, end] of logical time in one thread. */
export interface ThreadWindow {
  readonly start: number;
  readonly end: number;
  readonly thread: number;
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
  /** Return times per unit, while its count is at most `keep`; null once it passed it. */
  readonly keptExits: (number[] | null)[] = [];
  /** The thread of each kept entry and return (its index); null while all were the first thread's (0). */
  readonly keptThreads: (number[] | null)[] = [];
  readonly keptExitThreads: (number[] | null)[] = [];
  /** Per watched unit: its entries as [logical time, calls so far in the run]. */
  readonly watched = new Map<number, [number, number][]>();
  /** Per unit whose returns are watched: its returns as [logical time, calls so far in the run + 1]. */
  readonly watchedExits = new Map<number, [number, number][]>();
  private readonly watchNames: ReadonlySet<string>;
  private readonly watchExitNames: ReadonlySet<string>;
  /** Per window of `options.windows`: the gaps inside it. */
  readonly windowGaps: Float64Array;
  /** The gaps inside the windows, all together. */
  readonly windowHistogram = new GapHistogram();
  /** Per thread index, its windows' indexes in `options.windows`, by start. */
  private readonly windowsOf: number[][] = [];
  /** Calls in the run, over all its threads. */
  calls = 0;
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
    this.watchExitNames = new Set(options.watchExits ?? []);
    this.windowGaps = new Float64Array(options.windows?.length ?? 0);
    (options.windows ?? []).forEach((w, i) => (this.windowsOf[w.thread] ??= []).push(i));
    for (const list of this.windowsOf) list?.sort((a, b) => options.windows![a].start - options.windows![b].start);
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
      this.keptExits.push(this.options.keep > 0 ? [] : null);
      this.keptThreads.push(null);
      this.keptExitThreads.push(null);
      if (this.watchNames.has(name)) this.watched.set(id, []);
      if (this.watchExitNames.has(name)) this.watchedExits.set(id, []);
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
    if (!t) this.threads.set(key, (t = new SequenceThread(this, this.threads.size)));
    return t;
  }

  setTimeFilter(): void {
    // Calls shorter than the filter were not recorded; counts are of recorded calls.
  }

  warn(): void {
    // Warnings of the trace were reported when it was ingested.
  }

  /** A unit's entry at logical time t. */
  entered(unit: number, t: number, thread = 0): void {
    const count = ++this.counts[unit];
    this.calls++;
    const kept = this.kept[unit];
    if (kept) {
      if (count <= this.options.keep) keepWithThread(kept, this.keptThreads, unit, t, thread);
      else this.kept[unit] = this.keptThreads[unit] = null;
    }
    this.watched.get(unit)?.push([t, this.calls]);
  }

  /** A unit's return at logical time t (with calls for time: the calls so far + 1, where the next call would be). */
  exited(unit: number, t: number, thread = 0): void {
    const kept = this.keptExits[unit];
    if (kept) {
      if (this.counts[unit] <= this.options.keep) keepWithThread(kept, this.keptExitThreads, unit, t, thread);
      else this.keptExits[unit] = this.keptExitThreads[unit] = null;
    }
    this.watchedExits.get(unit)?.push([t, this.calls + 1]);
  }

  /** A gap between two consecutive calls of a thread, entered at logical times `from` and `to`. */
  gap(from: number, to: number, thread = 0): void {
    const windows = this.options.windows;
    const mine = this.windowsOf[thread];
    if (!windows || !mine) return;
    // The thread's last window starting at or before `from`: the gap counts when it ends inside it too.
    let lo = 0;
    let hi = mine.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (windows[mine[mid]].start <= from) lo = mid + 1;
      else hi = mid;
    }
    const w = lo > 0 ? mine[lo - 1] : -1;
    if (w < 0 || to > windows[w].end) return;
    this.windowGaps[w]++;
    this.windowHistogram.add(to - from);
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

  /** The returns of a unit whose returns are watched, by name. */
  exitsOf(name: string): readonly (readonly [number, number])[] {
    const id = this.unitIds.get(name);
    return (id !== undefined && this.watchedExits.get(id)) || [];
  }
}

/** A kept time and its thread, whose list is made only once a thread other than the first appears (most runs have one). */
function keepWithThread(times: number[], threads: (number[] | null)[], unit: number, t: number, thread: number): void {
  times.push(t);
  const list = threads[unit];
  if (list) list.push(thread);
  else if (thread !== 0) threads[unit] = [...new Array<number>(times.length - 1).fill(0), thread];
}

class SequenceThread extends BatchThreadSink {
  private calls = 0;
  private last = NaN;
  /** Open calls: function and unit (call chains need them; functions only for depth). */
  private readonly stackFn: number[] = [];
  private readonly stackUnit: number[] = [];

  constructor(
    private readonly run: CallSequence,
    private readonly index: number,
  ) {
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
        const logical = byCalls ? this.calls + 1 : t;
        if (chains) this.exit(fn, logical);
        else run.exited(fn, logical, this.index);
        continue;
      }
      this.calls++;
      run.histogram?.add(t);
      const logical = byCalls ? this.calls : t;
      if (!Number.isNaN(this.last)) run.gap(this.last, logical, this.index);
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
      run.entered(unit, logical, this.index);
    }
  }

  /** A return closes the calls opened since the returning function's; each of them returns then. */
  private exit(fn: number, logical: number): void {
    const d = this.stackFn.lastIndexOf(fn);
    if (d < 0) return;
    while (this.stackFn.length > d) this.run.exited(this.pop(), logical, this.index);
  }

  private pop(): number {
    this.stackFn.pop();
    return this.stackUnit.pop()!;
  }
}
