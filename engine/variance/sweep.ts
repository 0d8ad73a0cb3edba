// Nodes and patterns over a grid of τ_S and β from one preparation: the shape
// of paper 000 Table 1 ("initially extracted", then per β and τ_S), which
// shows how summarization pressure and trimming shrink the VCG.
import { segmentsOf, vcgPatterns, type PreparedAnalysis } from "./analyze.js";
import { preorder } from "./vcgTypes.js";
import type { TimeBasis } from "./result.js";

export interface SweepRow {
  readonly tauS: number;
  readonly beta: number;
  readonly nodes: number;
  readonly patterns: number;
}

export interface SweepResult {
  /** What time the contexts hold (null: not said), as DominantVarianceResult.time without the count. */
  readonly time: TimeBasis | null;
  /** The base layer before any merging (000 Table 1, "initially extracted"). */
  readonly initial: { readonly nodes: number; readonly patterns: number };
  readonly rows: readonly SweepRow[];
}

export function sweep(prep: PreparedAnalysis, taus: readonly number[], betas: readonly number[]): SweepResult {
  const segments = segmentsOf(prep);
  let initial = { nodes: 0, patterns: 0 };
  const rows = betas.flatMap((beta) =>
    taus.map((tauS) => {
      const r = vcgPatterns(prep, segments, tauS, beta);
      initial = r.initial;
      return { tauS, beta, nodes: r.roots.reduce((n, x) => n + [...preorder(x)].length, 0), patterns: r.roots.length };
    }),
  );
  return { time: prep.time, initial, rows };
}
