// The confirmation pass (paper 000 §2.2): one more streaming pass over the
// trace measures, for every candidate, the descendant's cumulative time per
// invocation of the target, Y^{T|D} (notation of §2.3), and with it the
// contribution fraction cf = Var(Y^{T|D}) / σ²_T (§6.1). It is a watcher of
// the CCT builder (CctOptions.watch): the builder reports each invocation of
// the watched call chains as it ends, a descendant always before its target's.
import type { ContextColumns } from "../cct/contextTable.js";
import type { ContextWatch } from "../cct/cct.js";
import { descendantOf, type Candidate } from "./contribution.js";

export interface ConfirmedStats {
  /** Invocations of the target. */
  readonly n: number;
  /** Mean and population variance of Y^{T|D}. */
  readonly meanNs: number;
  readonly varianceNs2: number;
}

/** Names of the functions from the root to `c`. */
export function pathOf(cols: ContextColumns, functions: readonly string[], c: number): string[] {
  const path: string[] = [];
  for (let x = c; x > 0; x = cols.parent[x]) path.push(functions[cols.fn[x]]);
  return path.reverse();
}

export class ConfirmationPass implements ContextWatch {
  readonly paths: string[][] = [];
  private readonly pathIndex = new Map<string, number>();
  /** Per watched path: candidates it is the target of, and those it is the descendant of. */
  private readonly asTarget: number[][] = [];
  private readonly asDescendant: number[][] = [];
  private readonly pending = new Map<string, Float64Array>();
  private readonly n: Float64Array;
  private readonly meanY: Float64Array;
  private readonly m2Y: Float64Array;

  constructor(
    cols: ContextColumns,
    functions: readonly string[],
    readonly candidates: readonly Candidate[],
  ) {
    const index = (c: number) => {
      const path = pathOf(cols, functions, c);
      const key = path.join("\u0000");
      let i = this.pathIndex.get(key);
      if (i === undefined) {
        i = this.paths.push(path) - 1;
        this.pathIndex.set(key, i);
        this.asTarget.push([]);
        this.asDescendant.push([]);
      }
      return i;
    };
    candidates.forEach((cand, k) => {
      this.asTarget[index(cand.target)].push(k);
      this.asDescendant[index(descendantOf(cand))].push(k);
    });
    const z = () => new Float64Array(candidates.length);
    this.n = z();
    this.meanY = z();
    this.m2Y = z();
  }

  onClose(thread: string, paths: Int32Array, durationsNs: Float64Array, count: number): void {
    let pending = this.pending.get(thread);
    if (!pending) this.pending.set(thread, (pending = new Float64Array(this.candidates.length)));
    for (let i = 0; i < count; i++) {
      const path = paths[i];
      for (const k of this.asDescendant[path]) pending[k] += durationsNs[i];
      for (const k of this.asTarget[path]) {
        // One invocation of the target ended: fold its Y in with Welford's update.
        const y = pending[k];
        const n = ++this.n[k];
        const dy = y - this.meanY[k];
        this.meanY[k] += dy / n;
        this.m2Y[k] += dy * (y - this.meanY[k]);
        pending[k] = 0;
      }
    }
  }

  result(k: number): ConfirmedStats {
    const n = this.n[k];
    return { n, meanNs: this.meanY[k], varianceNs2: n > 0 ? this.m2Y[k] / n : 0 };
  }
}
