// Every analysis, by kind: the API offers each as analyses.<kind>, the command
// line runs them through it, and results are cached under their kind and
// version. Adding an analysis: its pure folder, its descriptor here, its renderer
// folder (README.md here); every table of analyses is derived from this one.
import { cct } from "./cct.js";
import { vcg } from "./vcg.js";
import { vcgSweep } from "./vcgSweep.js";
import { detection } from "./detection.js";
import { compare } from "./compare.js";
import { executionPatterns } from "./executionPatterns.js";
import { designComparison } from "./designComparison.js";
import { patternCheck } from "./patternCheck.js";
import { trends } from "./trends.js";
import { trendComparison } from "./trendComparison.js";
import { functionTrends } from "./functionTrends.js";
import { phaseMarkers } from "./phaseMarkers.js";
import { phaseSegments } from "./phaseSegments.js";
import { flame } from "./flame.js";
import { flameDiff } from "./flameDiff.js";
import { verdict } from "./verdict.js";
import { timeline } from "./timeline.js";
import { sandwich } from "./sandwich.js";

export const ANALYSES = {
  cct,
  vcg,
  vcgSweep,
  patterns: detection,
  compare,
  executionPatterns,
  designComparison,
  patternCheck,
  trends,
  trendComparison,
  functionTrends,
  phaseMarkers,
  phaseSegments,
  flame,
  flameDiff,
  verdict,
  timeline,
  sandwich,
} as const;

export type AnalysisKind = keyof typeof ANALYSES;
export type Analyses = typeof ANALYSES;

export function isAnalysisKind(s: string): s is AnalysisKind {
  return Object.hasOwn(ANALYSES, s);
}
