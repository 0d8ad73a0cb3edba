// One pass over a run's trace gathers CF-TrendProf's data (paper 002 §3.3.2):
// for each invocation of a function its self-cost, its transitive-cost, and
// per direct callee the calls made and their transitive-cost (the callee
// "charges its caller" on return); per workload each function's call-count,
// total-self-cost and total-transitive-cost, recursive calls not counted twice.
// Cost is on-CPU time (uftrace gives no loop counts, the thesis's unit) or
// calls, where a function's self-cost is 1 and its transitive-cost the number
// of invocations under it, itself included.
//
// Calls made while the function is already active are kept apart as
// "f (recursive)" (§3.4.4, "Handling Recursive Functions": the thesis annotates
// recursive functions by hand to be caller-sensitive and notes "this
// annotation could be automated"), so the entry into a recursion and the calls
// inside it are modelled separately.
import { ENTER, type EventBatch, type PlainRecordFrame, type ThreadSink } from "../../trace/eventBatch.js";
import type { ThreadInfo, TraceSink } from "../../trace/sink.js";
import { RECORD_BYTES } from "../../cct/kernel/layout.generated.js";
import { Observations } from "./groupStats.js";

export const CF_COSTS = ["time", "calls"] as const;
export type CfCost = (typeof CF_COSTS)[number];

export const RECURSIVE_SUFFIX = " (recursive)";

const NO_ARGS: readonly number[] = [];

export interface CalleeData {
  /** Calls to the callee per invocation of the caller (0 where it made none). */
  readonly calls: Observations;
  /** Their transitive-cost per invocation of the caller. */
  readonly via: Observations;
}

export interface UnitData {
  /** Its index among the units, for per-thread counters. */
  readonly id: number;
  readonly name: string;
  /** Its invocation features (paper 002 §3.3.1), named "f.arg1", …: the arguments uftrace captured (-A f@arg1). */
  readonly argNames: string[];
  readonly self: Observations;
  readonly pure: Observations;
  readonly transitive: Observations;
  readonly callees: Map<string, CalleeData>;
  /** Per workload: calls, total self-cost, total transitive-cost. */
  readonly count: Float64Array;
  readonly totalSelf: Float64Array;
  readonly totalTransitive: Float64Array;
}

/** The data of several runs, one workload each, gathered run by run. */
export class CfFrames {
  private readonly byName = new Map<string, UnitData>();

  constructor(
    private readonly workloads: number,
    readonly cost: CfCost,
  ) {}

  unit(name: string): UnitData {
    let u = this.byName.get(name);
    if (!u) {
      const per = () => new Float64Array(this.workloads);
      u = { id: this.byName.size, name, argNames: [], self: new Observations(), pure: new Observations(), transitive: new Observations(), callees: new Map(), count: per(), totalSelf: per(), totalTransitive: per() };
      this.byName.set(name, u);
    }
    return u;
  }

  /** A sink for the trace of workload `w`; call finish() on it after the read. */
  sink(w: number): RunFrameSink {
    return new RunFrameSink(this, w);
  }

  /** The units, with the per-callee variables given their zeros: an invocation that made no call to G counts 0 calls to G. */
  finish(): UnitData[] {
    const units = [...this.byName.values()];
    for (const u of units) {
      for (const c of u.callees.values()) {
        for (const [key, g] of u.self.groups) {
          const made = c.calls.groups.get(key)?.moments.n ?? 0;
          c.calls.at(g.workload, g.invocation).addZeros(g.moments.n - made);
          c.via.at(g.workload, g.invocation).addZeros(g.moments.n - made);
        }
      }
    }
    return units;
  }
}

interface Frame {
  readonly unit: UnitData;
  readonly fn: number;
  /** Its arguments: the invocation's features. */
  readonly args: readonly number[];
  readonly startNs: number;
  childNs: number;
  childCalls: number;
  /** Per callee unit: [calls, transitive-cost]. */
  callees: Map<UnitData, [number, number]> | null;
}

export class RunFrameSink implements TraceSink {
  private readonly names: string[] = [];
  private readonly ids = new Map<string, number>();
  private readonly threads: FrameThread[] = [];

  constructor(
    readonly frames: CfFrames,
    readonly workload: number,
  ) {}

  functionId(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(name, id);
      this.names.push(name);
    }
    return id;
  }

  thread(_info: ThreadInfo): ThreadSink {
    const t = new FrameThread(this, this.names);
    this.threads.push(t);
    return t;
  }

  setTimeFilter(): void {
    // Calls shorter than the filter were never recorded: their time is their caller's self-cost already.
  }

  warn(): void {
    // The trace's own warnings are reported when it is ingested; this second pass does not repeat them.
  }

  finish(): void {
    for (const t of this.threads) t.closeAll();
  }
}

class FrameThread implements ThreadSink {
  readonly takesPlainRecords = false;
  readonly takesArguments = true;
  private readonly stack: Frame[] = [];
  /** Open invocations per function id: a call while its function is open is recursive. */
  private active = new Int32Array(64);
  /** Open invocations per unit id: the outermost of a unit's closes its total-transitive-cost. */
  private openUnits = new Int32Array(64);
  /** Units by 2·fn (+1 for a recursive call): the name and map looked up once per function. */
  private readonly units: (UnitData | undefined)[] = [];
  private lastNs = 0;
  private records: Uint8Array | null = null;

  constructor(
    private readonly run: RunFrameSink,
    private readonly names: readonly string[],
  ) {}

  consume(batch: EventBatch): void {
    for (let i = 0; i < batch.count; i++) {
      const t = batch.timeNs[i];
      if (t > this.lastNs) this.lastNs = t;
      if (batch.kind[i] === ENTER) this.enter(batch.fn[i], t, batch.depth[i], batch.args.get(i) ?? NO_ARGS);
      else this.exit(batch.fn[i], t);
    }
  }

  private enter(fn: number, t: number, depth: number, args: readonly number[]): void {
    // A recorded depth closes deeper open calls first (eventBatch.ts).
    if (depth >= 0) while (this.stack.length > depth) this.close(t);
    if (fn >= this.active.length) {
      const grown = new Int32Array(Math.max(2 * this.active.length, fn + 1));
      grown.set(this.active);
      this.active = grown;
    }
    const slot = 2 * fn + (this.active[fn] > 0 ? 1 : 0);
    const unit = (this.units[slot] ??= this.run.frames.unit(this.active[fn] > 0 ? this.names[fn] + RECURSIVE_SUFFIX : this.names[fn]));
    if (unit.id >= this.openUnits.length) {
      const grown = new Int32Array(Math.max(2 * this.openUnits.length, unit.id + 1));
      grown.set(this.openUnits);
      this.openUnits = grown;
    }
    // A function's arguments are its features; the same function traced with fewer values leaves the rest NaN (not used).
    while (unit.argNames.length < args.length) unit.argNames.push(`${this.names[fn]}.arg${unit.argNames.length + 1}`);
    const values = args.length === unit.argNames.length ? args : unit.argNames.map((_, k) => args[k] ?? NaN);
    this.active[fn]++;
    this.openUnits[unit.id]++;
    this.stack.push({ unit, fn, args: values, startNs: t, childNs: 0, childCalls: 0, callees: null });
  }

  private exit(fn: number, t: number): void {
    let d = this.stack.length - 1;
    while (d >= 0 && this.stack[d].fn !== fn) d--;
    if (d < 0) return; // no open call of its function: nothing to close
    while (this.stack.length > d + 1) this.close(t);
    this.close(t);
  }

  closeAll(): void {
    while (this.stack.length > 0) this.close(this.lastNs);
  }

  private close(t: number): void {
    const f = this.stack.pop()!;
    const w = this.run.workload;
    const u = f.unit;
    const durationNs = Math.max(0, t - f.startNs);
    const time = this.run.frames.cost === "time";
    const self = time ? Math.max(0, durationNs - f.childNs) : 1;
    const transitive = time ? Math.max(durationNs, self) : 1 + f.childCalls;
    u.self.at(w, f.args).add(self);
    u.pure.at(w, f.args).add(transitive - self);
    u.transitive.at(w, f.args).add(transitive);
    if (f.callees) {
      for (const [callee, [calls, cost]] of f.callees) {
        let c = u.callees.get(callee.name);
        if (!c) {
          c = { calls: new Observations(), via: new Observations() };
          u.callees.set(callee.name, c);
        }
        c.calls.at(w, f.args).add(calls);
        c.via.at(w, f.args).add(cost);
      }
    }
    u.count[w]++;
    u.totalSelf[w] += self;
    this.active[f.fn]--;
    const open = --this.openUnits[u.id];
    // Total-transitive-cost counts the outermost open invocation of a unit only (§3.3.2: "taking care to avoid double-counting recursive calls").
    if (open === 0) u.totalTransitive[w] += transitive;
    const parent = this.stack[this.stack.length - 1];
    if (parent) {
      parent.childNs += durationNs;
      parent.childCalls += transitive;
      parent.callees ??= new Map();
      const c = parent.callees.get(u);
      if (c) {
        c[0]++;
        c[1] += transitive;
      } else parent.callees.set(u, [1, transitive]);
    }
  }

  recordBuffer(): Uint8Array {
    this.records ??= new Uint8Array(RECORD_BYTES);
    return this.records;
  }

  consumePlainRecords(start: number, _end: number, _frame: PlainRecordFrame): number {
    return start; // never called: takesPlainRecords is false
  }

  resetAddressCache(): void {}

  cacheAddress(): void {}
}
