// The formats each analysis' result can be exported in, by kind: what the
// views' Export actions offer (reports.analysis). Typed so a kind's exporters
// take that kind's result.
import type { Analyses } from "../analyses/registry.js";
import type { ResultOf } from "../analyses/descriptor.js";
import type { Exporter } from "../report/exporter.js";
import * as X from "../report/exporters.js";

type ExportersOf<K extends keyof Analyses> = Readonly<Record<string, Exporter<ResultOf<Analyses[K]>, never>>>;

export const ANALYSIS_EXPORTERS = {
  cct: X.CCT_EXPORTERS,
  compare: X.CONTEXT_COMPARISON_EXPORTERS,
  vcg: X.VCG_EXPORTERS,
  executionPatterns: X.PATTERNS_EXPORTERS,
  designComparison: X.COMPARISON_EXPORTERS,
  patternCheck: X.REPRODUCIBILITY_EXPORTERS,
  trends: X.TRENDS_EXPORTERS,
  trendComparison: X.TREND_COMPARISON_EXPORTERS,
  functionTrends: X.FUNCTION_TRENDS_EXPORTERS,
  phaseMarkers: X.PHASE_MARKERS_EXPORTERS,
  phaseSegments: X.PHASE_SEGMENTS_EXPORTERS,
  flame: X.FLAME_EXPORTERS,
  flameDiff: X.FLAME_DIFF_EXPORTERS,
  verdict: X.VERDICT_EXPORTERS,
} as const satisfies { readonly [K in keyof Analyses]?: ExportersOf<K> };

export type ExportableKind = keyof typeof ANALYSIS_EXPORTERS;
export const EXPORTABLE_KINDS = Object.keys(ANALYSIS_EXPORTERS) as [ExportableKind, ...ExportableKind[]];

/** The formats a kind offers, for the views' menus. */
export function exportFormats(kind: ExportableKind): string[] {
  return Object.keys(ANALYSIS_EXPORTERS[kind]);
}
