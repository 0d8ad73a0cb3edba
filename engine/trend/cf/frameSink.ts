// A TraceSink that turns one run's calls into CF-TrendProf's frames
// (invocationFrames.ts): a stack per thread; on each return the invocation's
// variables are recorded and its caller charged (paper 002 §3.3.2: "After
// computing the function F's transitive-cost, CF-TRENDPROF charges F's caller
// for the cost of the call to F").
import { ENTER, type ArgValues, type EventBatch, type ThreadSink } from "../../trace/eventBatch.js";
import type { ThreadInfo, TraceSink } from "../../trace/sink.js";
import { describeTraceWarning, type TraceWarning } from "../../trace/diagnostics.js";
import { Observations } from "./groupStats.js";
import { MAX_INVOCATION_GROUPS, RECURSIVE_SUFFIX, type CfFrames, type UnitData } from "./invocationFrames.js";
import { BatchThreadSink } from "../../trace/batchThreadSink.js";
import { SCHEDULE } from "../../trace/uftrace/schedEvents.js";

const NO_ARGS: readonly number[] = [];

interface Frame {
  readonly unit: UnitData;
  readonly fn: number;
  /** Its arguments in the order of unit.argNames: the invocation's features. */
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
  private readonly threads = new Map<string, FrameThread>();
  private readonly warnings: TraceWarning[] = [];
  private minDurationNs = 0;
  /** Calls still open at the end of a thread's stream, closed at its last event. */
  closedAtEnd = 0;
  private schedulerEvents = false;

  constructor(
    readonly frames: CfFrames,
    readonly workload: number,
    /** The run, as notes name it. */
    private readonly label = `workload ${workload + 1}`,
  ) {}

  functionId(name: string): number {
    // The reader names the scheduler's pseudo-function only when the trace holds scheduler events.
    if (name === SCHEDULE) this.schedulerEvents = true;
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(name, id);
      this.names.push(name);
    }
    return id;
  }

  thread(info: ThreadInfo): ThreadSink {
    const key = `${info.source ?? 0}:${info.pid}/${info.tid}`;
    let t = this.threads.get(key);
    if (!t) this.threads.set(key, (t = new FrameThread(this, this.names)));
    return t;
  }

  setTimeFilter(ns: number): void {
    // Calls shorter than the filter were never recorded: their time is their caller's self-cost already, but they are no calls.
    this.minDurationNs = ns;
  }

  warn(w: TraceWarning): void {
    this.warnings.push(w);
  }

  /** Closes what is still open and says in the analysis' notes what bears on this run's data. */
  finish(): void {
    for (const t of this.threads.values()) t.closeAll();
    if (this.schedulerEvents) this.frames.runsWithSchedulerEvents++;
    const notes = this.frames.notes;
    if (this.closedAtEnd > 0)
      notes.push(
        `${this.label}: ${this.closedAtEnd} call(s) still open at the end of its trace were closed at its last event (the trace may be cut short)`,
      );
    if (this.minDurationNs > 0 && this.frames.cost === "calls")
      notes.push(
        `${this.label}: recorded with a time filter of ${this.minDurationNs} ns (uftrace -t): calls shorter than that are not counted`,
      );
    for (const w of this.warnings) notes.push(`${this.label}: ${describeTraceWarning(w)}`);
  }
}

class FrameThread extends BatchThreadSink {
  readonly takesArguments = true;
  private readonly stack: Frame[] = [];
  /** Open invocations per function id: a call while its function is open is recursive. */
  private active = new Int32Array(64);
  /** Open invocations per unit id: the outermost of a unit's closes its total-transitive-cost. */
  private openUnits = new Int32Array(64);
  /** Units by 2·fn (+1 for a recursive call): the name and map looked up once per function. */
  private readonly units: (UnitData | undefined)[] = [];
  /** Per unit id and spec labels, where each label's value goes in the unit's argNames. */
  private readonly argSlots = new Map<UnitData, Map<readonly string[], Int32Array>>();
  private lastNs = 0;

  constructor(
    private readonly run: RunFrameSink,
    private readonly names: readonly string[],
  ) {
    super();
  }

  consume(batch: EventBatch): void {
    for (let i = 0; i < batch.count; i++) {
      const t = batch.timeNs[i];
      if (t > this.lastNs) this.lastNs = t;
      if (batch.kind[i] === ENTER) this.enter(batch.fn[i], t, batch.depth[i], batch.args.get(i) ?? null);
      else this.exit(batch.fn[i], t);
    }
  }

  private enter(fn: number, t: number, depth: number, args: ArgValues | null): void {
    // A recorded depth closes deeper open calls first (eventBatch.ts).
    if (depth >= 0) while (this.stack.length > depth) this.close(t, false);
    if (fn >= this.active.length) this.active = grown(this.active, fn);
    const recursive = this.active[fn] > 0;
    const slot = 2 * fn + (recursive ? 1 : 0);
    const unit = (this.units[slot] ??= this.run.frames.unit(
      recursive ? this.names[fn] + RECURSIVE_SUFFIX : this.names[fn],
    ));
    if (unit.id >= this.openUnits.length) this.openUnits = grown(this.openUnits, unit.id);
    this.active[fn]++;
    this.openUnits[unit.id]++;
    this.stack.push({
      unit,
      fn,
      args:
        args && !unit.argsDropped
          ? this.argValues(unit, args)
          : unit.argNames.length > 0
            ? unit.argNames.map(() => NaN)
            : NO_ARGS,
      startNs: t,
      childNs: 0,
      childCalls: 0,
      callees: null,
    });
  }

  /** The entry's values in the order of the unit's argNames, names added as first seen (NaN for one it did not carry). */
  private argValues(unit: UnitData, args: ArgValues): readonly number[] {
    let byLabels = this.argSlots.get(unit);
    if (!byLabels) this.argSlots.set(unit, (byLabels = new Map()));
    let slots = byLabels.get(args.labels);
    if (!slots) {
      slots = Int32Array.from(args.labels, (label) => {
        const name = `${unit.name}.${label}`;
        const at = unit.argNames.indexOf(name);
        return at >= 0 ? at : unit.argNames.push(name) - 1;
      });
      byLabels.set(args.labels, slots);
    }
    const out = unit.argNames.map(() => NaN);
    for (let k = 0; k < slots.length; k++) out[slots[k]] = args.values[k];
    return out;
  }

  private exit(fn: number, t: number): void {
    if (fn >= this.active.length || this.active[fn] === 0) return; // no open call of its function: nothing to close
    let d = this.stack.length - 1;
    while (this.stack[d].fn !== fn) d--;
    while (this.stack.length > d + 1) this.close(t, false);
    this.close(t, false);
  }

  closeAll(): void {
    while (this.stack.length > 0) this.close(this.lastNs, true);
  }

  private close(t: number, atEnd: boolean): void {
    const f = this.stack.pop()!;
    if (atEnd) this.run.closedAtEnd++;
    const w = this.run.workload;
    const u = f.unit;
    const durationNs = Math.max(0, t - f.startNs);
    const time = this.run.frames.cost === "time";
    const self = time ? Math.max(0, durationNs - f.childNs) : 1;
    const transitive = time ? Math.max(durationNs, self) : 1 + f.childCalls;
    // A unit whose arguments were dropped since this call began is recorded without them.
    const args = u.argsDropped ? NO_ARGS : f.args;
    u.self.at(w, args).add(self);
    u.pure.at(w, args).add(transitive - self);
    u.transitive.at(w, args).add(transitive);
    if (f.callees) {
      for (const [callee, [calls, cost]] of f.callees) {
        let c = u.callees.get(callee.name);
        if (!c) u.callees.set(callee.name, (c = { calls: new Observations(), via: new Observations() }));
        c.calls.at(w, args).add(calls);
        c.via.at(w, args).add(cost);
      }
    }
    if (args.length > 0 && u.self.groups.size > MAX_INVOCATION_GROUPS) this.run.frames.dropArgs(u);
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
}

function grown(a: Int32Array, index: number): Int32Array<ArrayBuffer> {
  const g = new Int32Array(Math.max(2 * a.length, index + 1));
  g.set(a);
  return g;
}
