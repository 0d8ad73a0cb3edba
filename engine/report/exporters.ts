// The formats each result can be exported in, by name: what `reports.*`, the
// command line's format flags and the views' export buttons offer.
import type { CampaignDetail } from "../campaign/readModels.js";
import type { DominantVarianceResult } from "../variance/result.js";
import type { Exporter } from "./exporter.js";
import { campaignCsv } from "./campaignCsv.js";
import { jsonExporter } from "./json.js";
import { vcgText, type VcgTextOptions } from "./vcgText.js";
import { vcgDot } from "./vcgDot.js";
import type { ExecutionPatternsResult } from "../patterns/result.js";
import type { DesignComparisonResult } from "../patterns/comparisonResult.js";
import { executionPatternsText } from "./patternsText.js";
import { executionPatternsCsv } from "./patternsCsv.js";
import { designComparisonText } from "./comparisonText.js";
import { designComparisonCsv } from "./comparisonCsv.js";
import type { ReproducibilityResult } from "../patterns/reproducibility.js";
import { reproducibilityTextExporter } from "./reproducibilityText.js";
import type { TrendsResult } from "../trend/result.js";
import { trendsTextExporter } from "./trendsText.js";
import { trendsCsv } from "./trendsCsv.js";
import type { TrendComparisonResult } from "../trend/result.js";
import { trendComparisonTextExporter } from "./trendComparisonText.js";
import { trendComparisonCsv } from "./trendComparisonCsv.js";
import type { CfTrendsResult } from "../trend/cf/cfResult.js";
import { functionTrendsTextExporter } from "./functionTrendsText.js";
import { functionTrendsCsv } from "./functionTrendsCsv.js";
import type { FlameGraph } from "../flame/flameGraph.js";
import type { CctTable } from "../cct/table.js";
import type { Comparison } from "../cct/compareSides.js";
import { cctCsv } from "./cctCsv.js";
import { contextComparisonCsv } from "./contextComparisonCsv.js";
import type { FlameDiff } from "../flame/flameDiff.js";
import { flameCollapsed, flameDiffCollapsed } from "./flameCollapsed.js";
import type { PhaseMarkersResult, PhaseSegmentsResult } from "../phases/result.js";
import { phaseMarkersTextExporter, phaseSegmentsTextExporter } from "./phasesText.js";
import type { DesignVerdict } from "../verdict/designVerdict.js";
import { verdictTextExporter } from "./verdictText.js";
import { verdictCsv } from "./verdictCsv.js";
import type { SandwichResult } from "../flame/sandwichResult.js";
import { sandwichTextExporter } from "./sandwichText.js";
import { sandwichCsv } from "./sandwichCsv.js";

export const CAMPAIGN_EXPORTERS = { csv: campaignCsv, json: jsonExporter } as const satisfies Record<
  string,
  Exporter<CampaignDetail>
>;

/** A campaign report's formats (reportExporters.ts renders them; PDF is its HTML printed, by the host). */
export const REPORT_FORMATS = ["html", "markdown", "pdf", "csv", "json"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const VCG_EXPORTERS = { text: vcgText, dot: vcgDot, json: jsonExporter } as const satisfies Record<
  string,
  Exporter<DominantVarianceResult, VcgTextOptions>
>;
export type VcgFormat = keyof typeof VCG_EXPORTERS;

export const PATTERNS_EXPORTERS = {
  text: executionPatternsText,
  csv: executionPatternsCsv,
  json: jsonExporter,
} as const satisfies Record<string, Exporter<ExecutionPatternsResult>>;
export type PatternsFormat = keyof typeof PATTERNS_EXPORTERS;

export const VERDICT_EXPORTERS = {
  text: verdictTextExporter,
  csv: verdictCsv,
  json: jsonExporter,
} as const satisfies Record<string, Exporter<DesignVerdict>>;

export const COMPARISON_EXPORTERS = {
  text: designComparisonText,
  csv: designComparisonCsv,
  json: jsonExporter,
} as const satisfies Record<string, Exporter<DesignComparisonResult>>;
export type ComparisonFormat = keyof typeof COMPARISON_EXPORTERS;

export const REPRODUCIBILITY_EXPORTERS = {
  text: reproducibilityTextExporter,
  json: jsonExporter,
} as const satisfies Record<string, Exporter<ReproducibilityResult>>;

export const TRENDS_EXPORTERS = {
  text: trendsTextExporter,
  csv: trendsCsv,
  json: jsonExporter,
} as const satisfies Record<string, Exporter<TrendsResult>>;

export const TREND_COMPARISON_EXPORTERS = {
  text: trendComparisonTextExporter,
  csv: trendComparisonCsv,
  json: jsonExporter,
} as const satisfies Record<string, Exporter<TrendComparisonResult>>;

export const FUNCTION_TRENDS_EXPORTERS = {
  text: functionTrendsTextExporter,
  csv: functionTrendsCsv,
  json: jsonExporter,
} as const satisfies Record<string, Exporter<CfTrendsResult>>;

export const PHASE_MARKERS_EXPORTERS = { text: phaseMarkersTextExporter, json: jsonExporter } as const satisfies Record<
  string,
  Exporter<PhaseMarkersResult>
>;

export const PHASE_SEGMENTS_EXPORTERS = {
  text: phaseSegmentsTextExporter,
  json: jsonExporter,
} as const satisfies Record<string, Exporter<PhaseSegmentsResult>>;

export const FLAME_EXPORTERS = { collapsed: flameCollapsed, json: jsonExporter } as const satisfies Record<
  string,
  Exporter<FlameGraph>
>;

export const FLAME_DIFF_EXPORTERS = { collapsed: flameDiffCollapsed, json: jsonExporter } as const satisfies Record<
  string,
  Exporter<FlameDiff>
>;

export const CCT_EXPORTERS = { csv: cctCsv, json: jsonExporter } as const satisfies Record<string, Exporter<CctTable>>;

export const CONTEXT_COMPARISON_EXPORTERS = { csv: contextComparisonCsv, json: jsonExporter } as const satisfies Record<
  string,
  Exporter<Comparison>
>;

export const SANDWICH_EXPORTERS = {
  text: sandwichTextExporter,
  csv: sandwichCsv,
  json: jsonExporter,
} as const satisfies Record<string, Exporter<SandwichResult>>;
