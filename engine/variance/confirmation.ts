// The confirmation pass (paper 000 §2.2): one more streaming pass over the
// trace measures, for every target whose plan inlines a callee, the vector of
// its components per invocation, Y^{F|A1,A2,…} (notation of §2.3), and from
// it their full covariance matrix C^{F|A1,A2,…}, cross terms included, so §2's
// set test applies to inlined components as to direct children. It is a
// watcher of the CCT builder (CctOptions.watch): the builder reports each
// invocation of the watched call chains as it ends, callees before callers.
import type { ContextColumns } from "../cct/contextTable.js";
import type { ContextWatch } from "../cct/cct.js";
import type { TargetPlan } from "./components.js";

/** Names of the functions from the root to `c`. */
export function pathOf(cols: ContextColumns, functions: readonly string[], c: number): string[] {
  const path: string[] = [];
  for (let x = c; x > 0; x = cols.parent[x]) path.push(functions[cols.fn[x]]);
  return path.reverse();
}

/** What one invocation of a watched chain does to a plan's vector: adds its time to a component,
 * takes it from an inlined caller's own code, or (the target) ends the vector. */
interface Role {
  readonly plan: number;
  /** Component index, or −1 for the target's own invocation. */
  readonly component: number;
  readonly sign: 1 | -1;
}

/** Streaming mean and co-moments of one plan's component vectors (Welford, all dimensions). */
class VectorMoments {
  n = 0;
  readonly mean: Float64Array;
  readonly comoment: Float64Array;
  private readonly delta: Float64Array;

  constructor(readonly k: number) {
    this.mean = new Float64Array(k);
    this.comoment = new Float64Array(k * k);
    this.delta = new Float64Array(k);
  }

  /** Folds in the vector y[at … at + k). */
  add(y: Float64Array, at: number): void {
    const k = this.k;
    const n = ++this.n;
    for (let i = 0; i < k; i++) {
      this.delta[i] = y[at + i] - this.mean[i];
      this.mean[i] += this.delta[i] / n;
    }
    for (let i = 0; i < k; i++) {
      const di = this.delta[i];
      for (let j = 0; j < k; j++) this.comoment[i * k + j] += di * (y[at + j] - this.mean[j]);
    }
  }
}

export class ConfirmationPass implements ContextWatch {
  readonly paths: string[][] = [];
  /** Per watched path, its roles flattened (the hot loop reads typed arrays, 000 §2.2's pass
   * sees every event): roles of path i are [start[i], start[i + 1]) of plan/slot/sign. */
  private readonly start: Int32Array;
  private readonly rolePlan: Int32Array;
  /** Index into a thread's pending vector (the plan's offset plus the component), or −1 for the target's end. */
  private readonly roleSlot: Int32Array;
  private readonly roleSign: Float64Array;
  private readonly offset: Int32Array;
  private readonly pending = new Map<string, Float64Array>();
  private readonly moments: VectorMoments[];

  /** `plans`: the targets whose matrix is measured (those that inline a callee). */
  constructor(
    cols: ContextColumns,
    functions: readonly string[],
    readonly plans: readonly TargetPlan[],
  ) {
    const index = new Map<string, number>();
    const roles: Role[][] = [];
    const roleOf = (c: number, role: Role) => {
      const path = pathOf(cols, functions, c);
      const key = path.join("\u0000");
      let i = index.get(key);
      if (i === undefined) {
        i = this.paths.push(path) - 1;
        index.set(key, i);
        roles.push([]);
      }
      roles[i].push(role);
    };
    plans.forEach((plan, p) => {
      roleOf(plan.target, { plan: p, component: -1, sign: 1 });
      plan.components.forEach((x, i) => {
        if (i === 0) return;
        roleOf(x.context, { plan: p, component: i, sign: 1 });
        // An inlined callee's own code: its time less its callees', each of which is a component.
        if (x.path.length > 1) {
          const caller = plan.components.findIndex((o) => o.own && o.context === x.path[x.path.length - 2]);
          if (caller > 0) roleOf(x.context, { plan: p, component: caller, sign: -1 });
        }
      });
    });
    this.moments = plans.map((plan) => new VectorMoments(plan.components.length));
    this.offset = Int32Array.from(plans, (_, p) => plans.slice(0, p).reduce((n, x) => n + x.components.length, 0));
    const flat = roles.flat();
    this.start = Int32Array.from({ length: roles.length + 1 }, (_, i) => roles.slice(0, i).reduce((n, r) => n + r.length, 0));
    this.rolePlan = Int32Array.from(flat, (r) => r.plan);
    this.roleSlot = Int32Array.from(flat, (r) => (r.component < 0 ? -1 : this.offset[r.plan] + r.component));
    this.roleSign = Float64Array.from(flat, (r) => r.sign);
  }

  onClose(thread: string, paths: Int32Array, durationsNs: Float64Array, count: number): void {
    let y = this.pending.get(thread);
    if (!y) this.pending.set(thread, (y = new Float64Array(this.plans.reduce((n, x) => n + x.components.length, 0))));
    for (let e = 0; e < count; e++) {
      const d = durationsNs[e];
      const path = paths[e];
      for (let r = this.start[path]; r < this.start[path + 1]; r++) {
        const slot = this.roleSlot[r];
        if (slot >= 0) {
          y[slot] += this.roleSign[r] * d;
          continue;
        }
        // One invocation of the target ended: its own code is what no component took (Eq. 1).
        const p = this.rolePlan[r];
        const o = this.offset[p];
        const k = this.moments[p].k;
        let rest = d;
        for (let i = 1; i < k; i++) rest -= y[o + i];
        y[o] = rest;
        this.moments[p].add(y, o);
        y.fill(0, o, o + k);
      }
    }
  }

  /** The measured covariance matrix of plan `p`'s components (population, as the CCT's). */
  matrix(p: number): { readonly n: number; readonly mean: readonly number[]; readonly matrix: readonly number[] } {
    const m = this.moments[p];
    return { n: m.n, mean: Array.from(m.mean), matrix: Array.from(m.comoment, (v) => (m.n > 0 ? v / m.n : 0)) };
  }
}
