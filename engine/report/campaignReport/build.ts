// A campaign's report put together from the results of the analyses run for
// it: the answer first, then each section whose analysis applied, and a note
// for each that did not (and why). Pure: the host gathers the results.
import type { CampaignDetail } from "../../campaign/readModels.js";
import type { Comparison } from "../../cct/compareSides.js";
import type { DesignVerdict } from "../../verdict/designVerdict.js";
import type { DominantVarianceResult } from "../../variance/result.js";
import type { TrendComparisonResult } from "../../trend/result.js";
import type { PhaseMarkersResult } from "../../phases/result.js";
import {
  REPORT_SCHEMA_VERSION,
  type CampaignReport,
  type Headline,
  type Provenance,
  type ReportSection,
} from "./model.js";
import { verdictHeadline } from "./headline.js";
import { environmentSection, measureSection, summarySection } from "./summarySections.js";
import {
  contextSection,
  patternSection,
  phaseSection,
  trendSection,
  vcgSection,
  type WorkloadPatterns,
} from "./analysisSections.js";

/** What the two designs' analyses gave; null where one did not apply. */
export interface DesignInputs {
  readonly labels: { readonly a: string; readonly b: string };
  readonly environments: {
    readonly a: Readonly<Record<string, unknown>>;
    readonly b: Readonly<Record<string, unknown>>;
  };
  /** Which is faster, per workload, in the campaign's measure. */
  readonly verdict: DesignVerdict;
  readonly compare: Comparison;
  /** Per workload, where the runs have per-thread timelines; empty where they have none. */
  readonly patterns: readonly WorkloadPatterns[];
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
    headline = verdictHeadline(d.verdict, d.patterns);
    sections.push(summarySection(d.verdict));
    sections.push(environmentSection(d.environments.a, d.environments.b));
  }
  sections.push(measureSection(inp.detail));
  if (d && d.patterns.length > 0) sections.push(patternSection(d.patterns));
  if (d?.vcg) sections.push(vcgSection(d.vcg.a, d.vcg.b));
  if (d?.trends) sections.push(trendSection(d.trends));
  if (inp.phases) sections.push(phaseSection(inp.phases));
  if (d && d.compare.a.withCct > 0 && d.compare.b.withCct > 0) sections.push(contextSection(d.compare));
  const title = d
    ? `Campaign ${c.id} (${c.name}): ${d.labels.a} against ${d.labels.b}`
    : `Campaign ${c.id} (${c.name})`;
  // A note said by two analyses (the same reason a section is left out) is said once.
  return {
    schema: "varbench-campaign-report",
    schemaVersion: REPORT_SCHEMA_VERSION,
    title,
    provenance: inp.provenance,
    headline,
    sections,
    notes: [...new Set(inp.notes)],
  };
}
