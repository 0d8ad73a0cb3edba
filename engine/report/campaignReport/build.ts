// A campaign's report put together from the results of the analyses run for
// it: the answer first, then each section whose analysis applied, and a note
// for each that did not (and why). Pure: the host gathers the results.
import type { CampaignDetail } from "../../campaign/readModels.js";
import type { Comparison } from "../../cct/compareSides.js";
import type { DesignComparisonResult } from "../../patterns/comparisonResult.js";
import { baselinesOf } from "../../patterns/comparison.js";
import { DEFAULT_CONFIDENCE, DEFAULT_PRECISION } from "../../patterns/parameters.js";
import type { DominantVarianceResult } from "../../variance/result.js";
import type { TrendComparisonResult } from "../../trend/result.js";
import type { PhaseMarkersResult } from "../../phases/result.js";
import { REPORT_SCHEMA_VERSION, type CampaignReport, type Headline, type Provenance, type ReportSection } from "./model.js";
import { patternHeadline, wallHeadline, workloadHeadline, workloadVerdicts, type WorkloadPair } from "./headline.js";
import { environmentSection, summarySection, wallSection } from "./summarySections.js";
import { contextSection, patternSection, phaseSection, trendSection, vcgSection } from "./analysisSections.js";

/** What the two designs' analyses gave; null where one did not apply. */
export interface DesignInputs {
  readonly labels: { readonly a: string; readonly b: string };
  readonly environments: { readonly a: Readonly<Record<string, unknown>>; readonly b: Readonly<Record<string, unknown>> };
  readonly compare: Comparison;
  readonly patterns: DesignComparisonResult | null;
  readonly vcg: { readonly a: DominantVarianceResult; readonly b: DominantVarianceResult } | null;
  readonly trends: TrendComparisonResult | null;
}

export interface ReportInputs {
  readonly provenance: Provenance;
  readonly detail: CampaignDetail;
  readonly designs: DesignInputs | null;
  readonly phases: PhaseMarkersResult | null;
  /** Why a section is missing: an analysis that did not apply, in its own words. */
  readonly notes: readonly string[];
}

export function buildCampaignReport(inp: ReportInputs): CampaignReport {
  const c = inp.detail.campaign;
  const d = inp.designs;
  const sections: ReportSection[] = [];
  let headline: Headline | null = null;
  if (d) {
    const wall = d.compare.a.wallNs.length > 0 && d.compare.b.wallNs.length > 0 ? baselinesOf(d.compare.a.wallNs, d.compare.b.wallNs, { confidence: DEFAULT_CONFIDENCE, precision: DEFAULT_PRECISION }) : null;
    // Several workloads and no patterns to match runs by: each workload compared on its own.
    const pairs = workloadPairs(inp.detail, d.labels, inp.provenance.designs?.workload ?? null);
    const perWorkload = !d.patterns && pairs.length > 1 ? workloadVerdicts(pairs, DEFAULT_CONFIDENCE) : null;
    headline = d.patterns ? patternHeadline(d.patterns) : perWorkload ? workloadHeadline(perWorkload, DEFAULT_CONFIDENCE) : wall ? wallHeadline(wall, DEFAULT_CONFIDENCE) : null;
    if (headline) sections.push(summarySection(headline, d.labels, d.patterns, d.patterns || perWorkload ? null : wall, perWorkload));
    sections.push(environmentSection(d.environments.a, d.environments.b));
  }
  sections.push(wallSection(inp.detail));
  if (d?.patterns) sections.push(patternSection(d.patterns));
  if (d?.vcg) sections.push(vcgSection(d.vcg.a, d.vcg.b));
  if (d?.trends) sections.push(trendSection(d.trends));
  if (inp.phases) sections.push(phaseSection(inp.phases));
  if (d && d.compare.a.withCct > 0 && d.compare.b.withCct > 0) sections.push(contextSection(d.compare));
  const title = d ? `Campaign ${c.id} (${c.name}): ${d.labels.a} against ${d.labels.b}` : `Campaign ${c.id} (${c.name})`;
  return { schema: "varbench-campaign-report", schemaVersion: REPORT_SCHEMA_VERSION, title, provenance: inp.provenance, headline, sections, notes: inp.notes };
}

/** Each workload both designs ran (only `workload` if one is named), with their wall times. */
function workloadPairs(detail: CampaignDetail, labels: { a: string; b: string }, workload: string | null): WorkloadPair[] {
  const of = (design: string, w: string) => detail.groups.find((g) => g.design === design && g.workload === w)?.wallNs ?? [];
  return detail.workloads
    .filter((w) => workload === null || w === workload)
    .map((w) => ({ workload: w, a: of(labels.a, w), b: of(labels.b, w) }))
    .filter((p) => p.a.length > 0 && p.b.length > 0);
}
