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

  /** Folds in the vector y (length k). */
  add(y: Float64Array): void {
    const { k, mean, delta, comoment } = this;
    const n = ++this.n;
    for (let i = 0; i < k; i++) {
      const di = y[i] - mean[i];
      delta[i] = di;
      mean[i] += di / n;
    }
    for (let i = 0, ij = 0; i < k; i++) {
      const di = delta[i];
      for (let j = 0; j < k; j++, ij++) comoment[ij] += di * (y[j] - mean[j]);
    }
  }
}

export class ConfirmationPass implements ContextWatch {
  readonly paths: string[][] = [];
  /** Per watched path, its roles flattened (the hot loop reads typed arrays, 000 §2.2's pass
   * sees every event): roles of path i are [start[i], start[i + 1]) of plan/component/sign.
   * Component −1 is the target's own invocation ending, which completes the plan's vector. */
  private readonly start: Int32Array;
  private readonly rolePlan: Int32Array;
  private readonly roleComponent: Int32Array;
  private readonly roleSign: Float64Array;
  /** Per thread, the vectors of the plans whose target is running there: a vector lives from
   * the first event that touches it to the target's end, so memory follows the open calls. */
  private readonly open = new Map<string, OpenCalls>();
  /** Finished vectors kept for reuse, by plan. */
  private readonly spare: Float64Array[][];
  private readonly moments: VectorMoments[];

  /** `plans`: the targets whose matrix is measured (those that inline a callee). */
  constructor(
    cols: ContextColumns,
    functions: readonly string[],
    readonly plans: readonly TargetPlan[],
  ) {
    const pathOfContext = new Map<number, number>();
    const roles: number[][] = [];
    const roleOf = (c: number, plan: number, component: number, sign: 1 | -1) => {
      let i = pathOfContext.get(c);
      if (i === undefined) {
        i = this.paths.push(pathOf(cols, functions, c)) - 1;
        pathOfContext.set(c, i);
        roles.push([]);
      }
      roles[i].push(plan, component, sign);
    };
    // An inlined callee's own code: its time less every callee's, whether the callee is a
    // component or was inlined in turn (its own code then stays with the target's, Y0 of 000 §2.2).
    const ownCode = new Map<number, number[]>();
    plans.forEach((plan, p) => {
      roleOf(plan.target, p, -1, 1);
      plan.components.forEach((x, i) => {
        if (i === 0) return;
        roleOf(x.context, p, i, 1);
        if (!x.own) return;
        let owners = ownCode.get(x.context);
        if (!owners) ownCode.set(x.context, (owners = []));
        owners.push(p, i);
      });
    });
    for (let c = 1; c < cols.size; c++) {
      const owners = ownCode.get(cols.parent[c]);
      if (owners) for (let o = 0; o < owners.length; o += 2) roleOf(c, owners[o], owners[o + 1], -1);
    }
    this.moments = plans.map((plan) => new VectorMoments(plan.components.length));
    this.spare = plans.map(() => []);
    this.start = new Int32Array(roles.length + 1);
    roles.forEach((r, i) => (this.start[i + 1] = this.start[i] + r.length / 3));
    const flat = roles.flat();
    const column = (field: number) => Int32Array.from({ length: flat.length / 3 }, (_, r) => flat[3 * r + field]);
    this.rolePlan = column(0);
    this.roleComponent = column(1);
    this.roleSign = Float64Array.from(column(2));
  }

  onClose(thread: string, paths: Int32Array, durationsNs: Float64Array, count: number): void {
    let open = this.open.get(thread);
    if (!open) this.open.set(thread, (open = { plans: [], vectors: [] }));
    // A thread has few targets open at once (their nesting), so a short list scanned per event
    // beats a map: this is the pass's hot loop.
    const { plans, vectors } = open;
    const { start, rolePlan, roleComponent, roleSign } = this;
    for (let e = 0; e < count; e++) {
      const d = durationsNs[e];
      const path = paths[e];
      const end = start[path + 1];
      for (let r = start[path]; r < end; r++) {
        const p = rolePlan[r];
        const component = roleComponent[r];
        let at = plans.length - 1;
        while (at >= 0 && plans[at] !== p) at--;
        if (at < 0) {
          at = plans.length;
          plans.push(p);
          vectors.push(this.spare[p].pop() ?? new Float64Array(this.moments[p].k));
        }
        const y = vectors[at];
        if (component >= 0) {
          y[component] += roleSign[r] * d;
          continue;
        }
        // One invocation of the target ended: its own code is what no component took (Eq. 1).
        let rest = d;
        for (let i = 1; i < y.length; i++) rest -= y[i];
        y[0] = rest;
        this.moments[p].add(y);
        plans[at] = plans[plans.length - 1];
        vectors[at] = vectors[vectors.length - 1];
        plans.pop();
        vectors.pop();
        this.spare[p].push(y.fill(0));
      }
    }
    if (plans.length === 0) this.open.delete(thread);
  }

  /** The measured covariance matrix of plan `p`'s components (population, as the CCT's). */
  matrix(p: number): { readonly n: number; readonly mean: readonly number[]; readonly matrix: readonly number[] } {
    const m = this.moments[p];
    return { n: m.n, mean: Array.from(m.mean), matrix: Array.from(m.comoment, (v) => (m.n > 0 ? v / m.n : 0)) };
  }
}

/** The targets a thread has open, and the vector of each. */
interface OpenCalls {
  readonly plans: number[];
  readonly vectors: Float64Array[];
}
