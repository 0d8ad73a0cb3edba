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

  add(y: Float64Array): void {
    const k = this.k;
    const n = ++this.n;
    for (let i = 0; i < k; i++) {
      this.delta[i] = y[i] - this.mean[i];
      this.mean[i] += this.delta[i] / n;
    }
    for (let i = 0; i < k; i++) {
      const di = this.delta[i];
      for (let j = 0; j < k; j++) this.comoment[i * k + j] += di * (y[j] - this.mean[j]);
    }
  }
}

export class ConfirmationPass implements ContextWatch {
  readonly paths: string[][] = [];
  private readonly roles: Role[][] = [];
  private readonly pending = new Map<string, Float64Array[]>();
  private readonly moments: VectorMoments[];

  /** `plans`: the targets whose matrix is measured (those that inline a callee). */
  constructor(
    cols: ContextColumns,
    functions: readonly string[],
    readonly plans: readonly TargetPlan[],
  ) {
    const index = new Map<string, number>();
    const roleOf = (c: number, role: Role) => {
      const path = pathOf(cols, functions, c);
      const key = path.join("\u0000");
      let i = index.get(key);
      if (i === undefined) {
        i = this.paths.push(path) - 1;
        index.set(key, i);
        this.roles.push([]);
      }
      this.roles[i].push(role);
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
  }

  onClose(thread: string, paths: Int32Array, durationsNs: Float64Array, count: number): void {
    let pending = this.pending.get(thread);
    if (!pending) this.pending.set(thread, (pending = this.moments.map((m) => new Float64Array(m.k))));
    for (let e = 0; e < count; e++) {
      const d = durationsNs[e];
      for (const r of this.roles[paths[e]]) {
        const y = pending[r.plan];
        if (r.component >= 0) {
          y[r.component] += r.sign * d;
          continue;
        }
        // One invocation of the target ended: its own code is what no component took (Eq. 1).
        let rest = d;
        for (let i = 1; i < y.length; i++) rest -= y[i];
        y[0] = rest;
        this.moments[r.plan].add(y);
        y.fill(0);
      }
    }
  }

  /** The measured covariance matrix of plan `p`'s components (population, as the CCT's). */
  matrix(p: number): { readonly n: number; readonly mean: readonly number[]; readonly matrix: readonly number[] } {
    const m = this.moments[p];
    return { n: m.n, mean: Array.from(m.mean), matrix: Array.from(m.comoment, (v) => (m.n > 0 ? v / m.n : 0)) };
  }
}
