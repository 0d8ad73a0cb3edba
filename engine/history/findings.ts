// What explains a change point (issue 33 item 3), one finding per analysis, ranked across analyses.
// Each score is a share in [0, 1] of what its analysis measures that the change moved (of the change of
// the runs' time or measure where the analysis splits it, of the variance where it measures variance),
// so findings of different analyses compare on one scale:
// - contexts: the share of the change of time per run the top context's own time holds (own times add
//   up to the run's, explain.ts, so the shares of all contexts sum to 1);
// - execution patterns (004): the share of the change of the series' mean measure that the runs' moving
//   between patterns accounts for (Σ_p Δshare_p × the pattern's mean), the rest being change within patterns;
// - VCG (000): the share of both sides' variance mass (σ·N, the VIM that ranks patterns, 000 §4) in
//   patterns that appeared or vanished;
// - trends (002): the share of the whole program's change of mean cost over the workloads held by the
//   costliest location whose fitted exponent changed beyond its interval (1 when it is the whole
//   program itself: the change is one of scaling), 0 where no exponent did.
// An analysis that cannot answer (no traces, one workload, no features) gives a finding of score 0 that
// says why, so every change names all four and none is silently missing.

export const FINDING_ANALYSES = ["contexts", "execution-patterns", "trends", "vcg"] as const;
export type FindingAnalysis = (typeof FINDING_ANALYSES)[number];

export interface HistoryFinding {
  readonly analysis: FindingAnalysis;
  readonly summary: string;
  readonly details: readonly string[];
  readonly score: number;
}

/** Ties (e.g. a change every analysis accounts for wholly) are ranked by how precisely the analysis
 * points at code: a calling context names it, a VCG pattern names a function and its callees, a trend a
 * function, an execution pattern only a shape of the runs' threads over time. */
const SPECIFICITY: readonly FindingAnalysis[] = ["contexts", "vcg", "trends", "execution-patterns"];

/** A share clamped to [0, 1]; 0 where the whole is 0 or the part goes the other way. */
export function shareOf(part: number, whole: number): number {
  if (whole === 0 || !Number.isFinite(part / whole)) return 0;
  return Math.min(1, Math.max(0, part / whole));
}

/** A finding of an analysis that cannot answer here, saying why. */
export function cannotAnswer(analysis: FindingAnalysis, why: string): HistoryFinding {
  return { analysis, summary: why, details: [], score: 0 };
}

/** Highest score first; ties by SPECIFICITY. */
export function rankFindings(findings: readonly HistoryFinding[]): HistoryFinding[] {
  return [...findings].sort(
    (a, b) => b.score - a.score || SPECIFICITY.indexOf(a.analysis) - SPECIFICITY.indexOf(b.analysis),
  );
}
