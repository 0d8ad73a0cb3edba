// Dominant variance analysis end to end on one CCT (paper 000 §7): tag (001
// §3), find contributions (000 §2), confirm candidates with the caller's pass
// over the trace (§2.2), extract VCG patterns (step 3), merge within and
// across them (step 4), prioritise and trim (step 5); and the detection
// patterns of paper 001. Pure: the pass over the trace is the caller's.
import type { ContextColumns } from "../cct/contextTable.js";
import { tagContexts, type Tagging } from "./tagging.js";
import { planTargets, type TargetPlan } from "./components.js";
import { ConfirmationPass, pathOf } from "./confirmation.js";
import {
  buildSegments,
  contributions,
  exactMatrix,
  type Contribution,
  type PlanMatrix,
  type Segment,
} from "./segments.js";
import { extractPatterns } from "./extract.js";
import { agglomerate, mergeWithin } from "./agglomerate.js";
import { prioritize, subtreeVim } from "./prioritize.js";
import { detectionPatterns, detectionRows, evaluatePatterns, patternSet, patternSetOverlap } from "./detection.js";
import { softRealTime } from "./realtime.js";
import { keptApart } from "./keptApart.js";
import { preorder, vim, weight, contributionFraction, type VcgNode } from "./vcgTypes.js";
import type { VarianceParameters } from "./parameters.js";
import type {
  DetectionRow,
  DominantVarianceResult,
  TimeBasis,
  VcgResultNode,
  VcgResultPattern,
  VcgResultSegment,
} from "./result.js";

export interface PreparedAnalysis {
  /** What time the contexts hold, when the host said (null: a CCT handed in as it is). */
  readonly time: TimeBasis | null;
  readonly cols: ContextColumns;
  readonly functions: readonly string[];
  readonly parameters: VarianceParameters;
  readonly tagging: Tagging;
  /** Each high-variant context's components (exact, or to be measured). */
  readonly plans: readonly TargetPlan[];
  /** The confirmation pass to run over the trace (CctOptions.watch) for the plans that inline a
   * callee, or null when none does. */
  readonly pass: ConfirmationPass | null;
}

export function prepareAnalysis(
  cols: ContextColumns,
  functions: readonly string[],
  parameters: VarianceParameters,
  time: TimeBasis | null = null,
): PreparedAnalysis {
  const tagging = tagContexts(cols, parameters);
  const plans = planTargets(cols, tagging, parameters);
  const measured = plans.filter((p) => !p.exact);
  return {
    time,
    cols,
    functions,
    parameters,
    tagging,
    plans,
    pass: measured.length > 0 ? new ConfirmationPass(cols, functions, measured) : null,
  };
}

/** Each plan's matrix: the CCT's, or the confirmation pass's once it has run. */
function matrixOf(prep: PreparedAnalysis, p: number): PlanMatrix {
  const plan = prep.plans[p];
  return plan.exact ? exactMatrix(prep.cols, plan) : prep.pass!.matrix(prep.pass!.plans.indexOf(plan));
}

export function contributionsOf(prep: PreparedAnalysis): Contribution[] {
  const { minContribution, chebyshevProbability } = prep.parameters;
  return contributions(prep.plans, (p) => matrixOf(prep, p), prep.tagging, minContribution, chebyshevProbability);
}

/** The segments, once the pass (if any) has run. */
export function segmentsOf(prep: PreparedAnalysis): Segment[] {
  return buildSegments(prep.plans, contributionsOf(prep));
}

/** Steps 3–5 for one τ_S and β: a fresh extraction each time, as merging builds new patterns. */
export function vcgPatterns(
  prep: PreparedAnalysis,
  segments: readonly Segment[],
  tauS: number,
  beta: number,
): { roots: VcgNode[]; initial: { nodes: number; patterns: number } } {
  const base = extractPatterns(prep.cols, prep.functions, prep.tagging, segments);
  const initial = { nodes: base.reduce((n, r) => n + [...preorder(r)].length, 0), patterns: base.length };
  for (const r of base) mergeWithin(r, tauS);
  return { roots: prioritize(agglomerate(base, tauS), beta), initial };
}

export function completeAnalysis(prep: PreparedAnalysis, format?: (ns: number) => string): DominantVarianceResult {
  const p = prep.parameters;
  const found = contributionsOf(prep);
  const segments = buildSegments(prep.plans, found);
  const { roots, initial } = vcgPatterns(prep, segments, p.tauS, p.beta);
  const { nodes, segs, rootIds } = numberNodes(
    roots,
    p.chebyshevProbability,
    (c) => pathOf(prep.cols, prep.functions, c),
    format,
  );
  const t = prep.tagging;
  const count = (a: Uint8Array) => a.reduce((n, x) => n + x, 0);
  return {
    parameters: p,
    time: timeOf(prep),
    cct: {
      contexts: prep.cols.size - 1,
      significant: count(t.significant) - 1,
      highVariant: count(t.highVariant),
      totalNs: t.totalNs,
    },
    initial,
    patterns: patternSummaries(roots, rootIds),
    nodes,
    segments: segs,
    contributions: found.map((c) => {
      const plan = prep.plans[c.plan];
      const x = plan.components[c.component];
      const descendant = pathOf(prep.cols, prep.functions, x.context);
      return {
        target: pathOf(prep.cols, prep.functions, plan.target),
        descendant,
        ownCode: x.own,
        exact: c.exact,
        cf: c.cf,
        share: c.share,
        setFraction: c.setFraction,
        confirmed: c.share !== null,
      };
    }),
    detection: detectionRows(detectionPatterns(prep.cols, prep.functions, prep.tagging, p.chebyshevProbability)),
    covarianceOmitted: prep.cols.covarianceOmitted
      .filter((c) => t.significant[c])
      .map((c) => ({ chain: pathOf(prep.cols, prep.functions, c), highVariant: t.highVariant[c] === 1 })),
    keptApart: keptApart(roots, rootIds),
  };
}

/** Contexts named in the time basis as having no time left, at most. */
export const NO_TIME_LEFT_NAMED = 3;

/** The time basis, with the contexts that have no time left once the tracer's cost is out (mean
 * ≤ 0: their calls cost no more than the tracer's own, or the cost given is too high). They fall
 * under the significance cut, with their subtrees (001 §3); the most called are named. */
function timeOf(prep: PreparedAnalysis): DominantVarianceResult["time"] {
  if (!prep.time) return null;
  const none: number[] = [];
  const cols = prep.cols;
  if (prep.time.toolCostNs > 0)
    for (let c = 1; c < cols.size; c++) if (cols.n[c] > 0 && cols.meanNs[c] <= 0) none.push(c);
  none.sort((a, b) => cols.n[b] - cols.n[a] || a - b);
  return {
    ...prep.time,
    noTimeLeft: {
      count: none.length,
      chains: none.slice(0, NO_TIME_LEFT_NAMED).map((c) => pathOf(cols, prep.functions, c)),
    },
  };
}

/** Each prioritised pattern's root id, the VIM that ranked it (as merged, before trimming, 000
 * §4) and the VIM of the nodes left to show. */
export function patternSummaries(roots: readonly VcgNode[], rootIds: readonly number[]): VcgResultPattern[] {
  return roots.map((r, i) => ({
    root: rootIds[i],
    vim: r.rankVim ?? subtreeVim(r),
    shownVim: subtreeVim(r),
    nodes: [...preorder(r)].length,
  }));
}

/** The detection patterns of a profiling analysis and, with a regression one, the same patterns
 * evaluated there and the overlap of the two Pattern Sets (001 §4, Table 1). */
export function patternsReport(
  profiling: PreparedAnalysis,
  regression: PreparedAnalysis | null,
): { profiling: DetectionRow[]; regression: { rows: DetectionRow[]; overlap: number } | null } {
  const p = profiling.parameters.chebyshevProbability;
  const found = detectionPatterns(profiling.cols, profiling.functions, profiling.tagging, p);
  if (!regression) return { profiling: detectionRows(found), regression: null };
  const evaluated = evaluatePatterns(found, regression.cols, regression.functions, regression.tagging, p);
  return {
    profiling: detectionRows(found),
    regression: {
      rows: detectionRows(evaluated),
      overlap: patternSetOverlap(patternSet(found), patternSet(evaluated)),
    },
  };
}

/** Plain nodes and segments, ids in depth-first order over the prioritised patterns. */
export function numberNodes(
  roots: readonly VcgNode[],
  probability: number,
  chainOf: (context: number) => string[],
  format?: (ns: number) => string,
): { nodes: VcgResultNode[]; segs: VcgResultSegment[]; rootIds: number[] } {
  const idOf = new Map<VcgNode, number>();
  const order = roots.flatMap((r) => [...preorder(r)]);
  order.forEach((n, i) => idOf.set(n, i));
  const nodes = order.map((n, id): VcgResultNode => {
    const cov = n.stats.meanNs > 0 ? Math.sqrt(n.stats.varianceNs2) / n.stats.meanNs : 0;
    return {
      id,
      fname: n.fname,
      type: n.type,
      n: n.stats.n,
      meanNs: n.stats.meanNs,
      varianceNs2: n.stats.varianceNs2,
      cov,
      weightNs: weight(n.stats),
      vim: vim(n.stats),
      ccs: [...n.ccs].sort(),
      chains: n.contexts.map(chainOf),
      parent: n.parent ? (idOf.get(n.parent) ?? null) : null,
      children: n.children.map((c) => idOf.get(c)!),
      realTime: softRealTime(n.stats.n, n.stats.meanNs, cov, [1 - probability, 0.25], format),
    };
  });
  const segs = order.flatMap((n) =>
    n.ols.map((s) => ({
      nodes: s.nodes.map((x) => idOf.get(x)!),
      component: s.component,
      cf: contributionFraction(s),
      meanNs: s.stats.meanNs,
      varianceNs2: s.stats.varianceNs2,
      n: s.stats.n,
    })),
  );
  return { nodes, segs, rootIds: roots.map((r) => idOf.get(r)!) };
}
