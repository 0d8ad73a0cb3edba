// The components a high-variant context's variance is decomposed into (paper
// 000 §2, §2.2, §2.3): its own code and each child's cumulative time, as the
// CCT's child covariance holds them (exact); where a contributing callee is
// implicitly inlined, its own code and its callees become components instead
// (C^{F|A1,A2…}), which the confirmation pass measures with all their cross
// terms. The cascade picks what to inline by comparing the callee's own
// matrix against σ²_F (§2.2: "compare C^{G1}_{i,j} terms against σ²_F"), and
// keeps the callee whole where nothing below it qualifies.
import type { ContextColumns } from "../cct/contextTable.js";
import type { ContextCovariance } from "../cct/covariance.js";
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

type Parameters = Pick<VarianceParameters, "minContribution" | "inliningProbability" | "chebyshevProbability">;

export function planTargets(cols: ContextColumns, tagging: Tagging, p: Parameters): TargetPlan[] {
  const plans: TargetPlan[] = [];
  for (let t = 1; t < cols.size; t++) {
    if (!tagging.highVariant[t] || !cols.covariance[t]) continue;
    const components = componentsOf(cols, tagging, p, t);
    plans.push({
      target: t,
      components,
      exact: components.every((x, i) => i === 0 || (!x.own && x.path.length === 1)),
    });
  }
  return plans;
}

/** A callee of the target (or of a callee inlined into it) waiting to be judged. */
interface Callee {
  readonly ctx: number;
  /** It is in one of its caller's contributing sets. */
  readonly contributes: boolean;
  /** Its calls per invocation of the target. */
  readonly perTarget: number;
}

/** Target t's components: its children, each inlined in turn while it contributes and fits.
 * An explicit stack, not recursion: an inlined chain is as deep as the recursion it came from.
 * Callees are taken in the recursive walk's pre-order (the last child pushed first), so each sees
 * the count of components the walk would have. */
function componentsOf(cols: ContextColumns, tagging: Tagging, p: Parameters, t: number): Component[] {
  const sigma2 = tagging.variance[t];
  const components: Component[] = [{ context: t, path: [], own: true }];
  const stack: Callee[] = [];
  const push = (childContexts: readonly number[], members: Set<number>, perTarget: number) => {
    for (let i = childContexts.length - 1; i >= 0; i--)
      stack.push({ ctx: childContexts[i], contributes: members.has(i + 1), perTarget });
  };
  const own = cols.covariance[t]!;
  push(own.childContexts, contributingDims(own, p, sigma2), 1);
  for (let x = stack.pop(); x; x = stack.pop()) {
    const { ctx } = x;
    // The path is the CCT's own from t down to ctx: built for components only, not for every
    // callee passed on the way (a chain as deep as the recursion, for each of its targets).
    if (!x.contributes || !expandable(cols, tagging, p, ctx, components.length)) {
      components.push({ context: ctx, path: pathBelow(cols, t, ctx), own: false });
      continue;
    }
    // `perTarget`: the callee's calls per invocation of the target. A term of the callee's own
    // matrix, C^G_ij, is per call; summed over R calls its share of Y^{T|·} is about R·C^G_ij (the
    // part of the variance that does not come from R itself, which stays the loop callee's, 000
    // §3.1: "the variance is originating in the loop-block"). Once-called callees count R = 1 (§2.2).
    const calls = inlinable(cols, p, ctx) ? x.perTarget : (x.perTarget * cols.n[ctx]) / cols.n[cols.parent[ctx]];
    const inner = cols.covariance[ctx]!;
    const members = contributingDims(inner, p, sigma2 / calls);
    // 000 §2.2 asks "if {A1}, {A2} or {A1,A2} could replace G1": when nothing below it
    // qualifies, nothing replaces it, and G stays one component.
    if (members.size === 0) {
      components.push({ context: ctx, path: pathBelow(cols, t, ctx), own: false });
      continue;
    }
    // Its own code is a component where the callee's matrix says it may contribute (§2.2 scenario 2);
    // otherwise its time stays with the target's own code (Y0 absorbs the inlined body, §2.2).
    if (members.has(0)) components.push({ context: ctx, path: pathBelow(cols, t, ctx), own: true });
    push(inner.childContexts, members, calls);
  }
  return components;
}

/** The dimensions in a contributing set of `c` against the reference variance. */
function contributingDims(c: ContextCovariance, p: Parameters, reference: number): Set<number> {
  return new Set(contributingSets(c, p.minContribution, reference, p.chebyshevProbability).flatMap((s) => s.dims));
}

/** The contexts from t (exclusive) down to its descendant c (inclusive). */
function pathBelow(cols: ContextColumns, t: number, c: number): number[] {
  const path: number[] = [];
  for (let x = c; x !== t; x = cols.parent[x]) path.push(x);
  return path.reverse();
}

/** 000 §2.2: a callee invoked "with very high probability (say, > 95%)", and "only once", in its
 * parent's invocations: then C_GG ≈ σ²_G, and its own matrix can stand in for it. A CCT stored
 * before the once-count was kept falls back on N_G/N_F. */
function inlinable(cols: ContextColumns, p: Parameters, ctx: number): boolean {
  const parentN = cols.n[cols.parent[ctx]];
  const once = cols.calledOnce[ctx];
  const ratio = cols.n[ctx] / parentN;
  const probability = Number.isNaN(once) ? (ratio <= 1 ? ratio : 0) : once / parentN;
  return parentN > 0 && probability > p.inliningProbability;
}

/** A loop callee is called more than once in some invocation of its parent: more calls than
 * invocations that called it exactly once. 000 §2.2 inlines such a G3 too ("treating the body
 * of G3 as implicitly inlined into F. Then B1 and B2 will directly get terms"), and names B1
 * beside P and Q as a potential contributor for the pass to ascertain. */
function inLoop(cols: ContextColumns, ctx: number): boolean {
  const once = cols.calledOnce[ctx];
  return cols.n[ctx] > (Number.isNaN(once) ? cols.n[cols.parent[ctx]] : once);
}

/** Inlined only when it has callees whose covariance was kept, and they still fit. */
function expandable(cols: ContextColumns, tagging: Tagging, p: Parameters, ctx: number, count: number): boolean {
  const c = cols.covariance[ctx];
  return (
    tagging.significant[ctx] === 1 &&
    c !== null &&
    c.childContexts.length > 0 &&
    count + c.childContexts.length + 1 <= MAX_COMPONENTS &&
    (inlinable(cols, p, ctx) || inLoop(cols, ctx))
  );
}
