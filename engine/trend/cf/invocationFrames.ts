// CF-TrendProf's data (paper 002 §3.3.2), gathered run by run (a RunFrameSink
// of frameSink.ts reads each trace into it): for each invocation of a function its self-cost, its
// transitive-cost, and per direct callee the calls made and their
// transitive-cost; per workload each function's call-count, total-self-cost
// and total-transitive-cost, recursive calls not counted twice. Cost is
// on-CPU time (uftrace gives no loop counts, the thesis's unit) or calls,
// where a function's self-cost is 1 and its transitive-cost the number of
// invocations under it, itself included.
//
// Calls made while the function is already active are kept apart as
// "f (recursive)" (§3.4.4, "Handling Recursive Functions": the thesis annotates
// recursive functions by hand to be caller-sensitive and notes "this
// annotation could be automated"), so the entry into a recursion and the calls
// inside it are modelled separately.
import { Observations } from "./groupStats.js";

export const CF_COSTS = ["time", "calls"] as const;
export type CfCost = (typeof CF_COSTS)[number];

export const RECURSIVE_SUFFIX = " (recursive)";

/** Distinct argument values a function's invocations may take before its invocation features are
 * dropped (its observations merged per workload): pointers or ids read as numbers would otherwise
 * keep one group per invocation. */
export const MAX_INVOCATION_GROUPS = 4096;

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
  /** Its invocation features (§3.3.1): the arguments uftrace captured (-A f@arg2), named "f.arg2" after
   * the unit, so "f (recursive).arg2" is the argument of a recursive call and never its caller's. */
  readonly argNames: string[];
  /** Its arguments took over MAX_INVOCATION_GROUPS distinct values: modelled without them. */
  argsDropped: boolean;
  readonly self: Observations;
  readonly pure: Observations;
  readonly transitive: Observations;
  readonly callees: Map<string, CalleeData>;
  /** Per workload: calls, total self-cost, total transitive-cost. */
  readonly count: Float64Array;
  readonly totalSelf: Float64Array;
  readonly totalTransitive: Float64Array;
}

/** The data of several runs, one workload each. */
export class CfFrames {
  private readonly byName = new Map<string, UnitData>();
  /** What the reads met that bears on the data: calls closed at a stream's end, filters, lost records. */
  readonly notes: string[] = [];
  /** Runs whose traces held scheduler events (their times are on-CPU times: timingNoise.ts). */
  runsWithSchedulerEvents = 0;

  constructor(
    private readonly workloads: number,
    readonly cost: CfCost,
  ) {}

  unit(name: string): UnitData {
    let u = this.byName.get(name);
    if (!u) {
      const per = () => new Float64Array(this.workloads);
      u = {
        id: this.byName.size,
        name,
        argNames: [],
        argsDropped: false,
        self: new Observations(),
        pure: new Observations(),
        transitive: new Observations(),
        callees: new Map(),
        count: per(),
        totalSelf: per(),
        totalTransitive: per(),
      };
      this.byName.set(name, u);
    }
    return u;
  }

  /** Forgets a unit's invocation features once they take too many values (MAX_INVOCATION_GROUPS). */
  dropArgs(u: UnitData): void {
    u.argsDropped = true;
    for (const o of [u.self, u.pure, u.transitive, ...[...u.callees.values()].flatMap((c) => [c.calls, c.via])])
      o.dropInvocationFeatures();
    this.notes.push(
      `${u.name}: its arguments (${u.argNames.join(", ")}) took over ${MAX_INVOCATION_GROUPS} distinct values, so it is modelled in the workloads' features only`,
    );
    u.argNames.length = 0;
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
