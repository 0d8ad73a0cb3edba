// The components a high-variant context's variance is decomposed into (paper
// 000 §2, §2.2, §2.3): its own code and each child's cumulative time, as the
// CCT's child covariance holds them (exact); where a contributing callee is
// implicitly inlined, its own code and its callees become components instead
// (C^{F|A1,A2…}), which the confirmation pass measures with all their cross
// terms. The cascade picks what to inline by comparing the callee's own
// matrix against σ²_F (§2.2: "compare C^{G1}_{i,j} terms against σ²_F"), and
// keeps the callee whole where nothing below it qualifies.
import type { ContextColumns } from "../cct/contextTable.js";
import type { Tagging } from "./tagging.js";
import type { VarianceParameters } from "./parameters.js";
import { contributingSets } from "./contribution.js";

export interface Component {
  /** The CCT context; for component 0, the target itself. */
  readonly context: number;
  /** Contexts from the target (exclusive) down to this one (inclusive); empty for component 0. */
  readonly path: readonly number[];
  /** Only the context's own code (an inlined callee, whose callees are components of their own), not its whole time. */
  readonly own: boolean;
}

export interface TargetPlan {
  readonly target: number;
  /** [0] is the target's own code. */
  readonly components: readonly Component[];
  /** No callee inlined: the components are the target's children, in its covariance's order,
   * and its matrix is exact (the CCT's). Else the confirmation pass measures it. */
  readonly exact: boolean;
}

/** A decomposition is kept to as many components as a context keeps child covariance by default. */
export const MAX_COMPONENTS = 64;

export function planTargets(cols: ContextColumns, tagging: Tagging, p: Pick<VarianceParameters, "minContribution" | "inliningProbability">): TargetPlan[] {
  // 000 §2.2: a callee invoked "with very high probability (say, > 95%)", and "only once", in its
  // parent's invocations: then C_GG ≈ σ²_G, and its own matrix can stand in for it. A CCT stored
  // before the once-count was kept falls back on N_G/N_F.
  const inlinable = (ctx: number) => {
    const parentN = cols.n[cols.parent[ctx]];
    const once = cols.calledOnce[ctx];
    const ratio = cols.n[ctx] / parentN;
    const probability = Number.isNaN(once) ? (ratio <= 1 ? ratio : 0) : once / parentN;
    return parentN > 0 && probability > p.inliningProbability;
  };
  // A loop callee is called more than once in some invocation of its parent: more calls than
  // invocations that called it exactly once. 000 §2.2 inlines such a G3 too ("treating the body
  // of G3 as implicitly inlined into F. Then B1 and B2 will directly get terms"), and names B1
  // beside P and Q as a potential contributor for the pass to ascertain.
  const inLoop = (ctx: number) => {
    const once = cols.calledOnce[ctx];
    return cols.n[ctx] > (Number.isNaN(once) ? cols.n[cols.parent[ctx]] : once);
  };
  // Inlined only when it has callees whose covariance was kept, and they still fit.
  const expandable = (ctx: number, count: number) => {
    const c = cols.covariance[ctx];
    return tagging.significant[ctx] === 1 && c !== null && c.childContexts.length > 0 && count + c.childContexts.length + 1 <= MAX_COMPONENTS && (inlinable(ctx) || inLoop(ctx));
  };
  const plans: TargetPlan[] = [];
  for (let t = 1; t < cols.size; t++) {
    const c = cols.covariance[t];
    if (!tagging.highVariant[t] || !c) continue;
    const sigma2 = tagging.variance[t];
    const components: Component[] = [{ context: t, path: [], own: true }];
    // `perTarget`: the callee's calls per invocation of the target. A term of the callee's own
    // matrix, C^G_ij, is per call; summed over R calls its share of Y^{T|·} is about R·C^G_ij (the
    // part of the variance that does not come from R itself, which stays the loop callee's, 000
    // §3.1: "the variance is originating in the loop-block"). Once-called callees count R = 1 (§2.2).
    const add = (ctx: number, path: number[], contributes: boolean, perTarget: number) => {
      if (!contributes || !expandable(ctx, components.length)) return void components.push({ context: ctx, path, own: false });
      const calls = inlinable(ctx) ? perTarget : (perTarget * cols.n[ctx]) / cols.n[cols.parent[ctx]];
      const inner = cols.covariance[ctx]!;
      const members = new Set(contributingSets(inner, p.minContribution, sigma2 / calls).flatMap((s) => s.dims));
      // 000 §2.2 asks "if {A1}, {A2} or {A1,A2} could replace G1": when nothing below it
      // qualifies, nothing replaces it, and G stays one component.
      if (members.size === 0) return void components.push({ context: ctx, path, own: false });
      // Its own code is a component where the callee's matrix says it may contribute (§2.2 scenario 2);
      // otherwise its time stays with the target's own code (Y0 absorbs the inlined body, §2.2).
      if (members.has(0)) components.push({ context: ctx, path, own: true });
      inner.childContexts.forEach((child, i) => add(child, [...path, child], members.has(i + 1), calls));
    };
    const members = new Set(contributingSets(c, p.minContribution, sigma2).flatMap((s) => s.dims));
    c.childContexts.forEach((child, i) => add(child, [child], members.has(i + 1), 1));
    plans.push({ target: t, components, exact: components.every((x, i) => i === 0 || (!x.own && x.path.length === 1)) });
  }
  return plans;
}
