// The findings of a change point read from the store (engine/history/findings.ts): the runs before and
// after compared by execution patterns (004, the design comparison's clustering and matching), by trends
// (002, the trend comparison's fits, the design's workloads on each side) and by VCG patterns (000, each
// side's stored CCTs pooled). Only kept products are read: the runs' kept timelines and stored CCTs, never
// a trace again (so the VCG's confirmation pass, a second read of the traces, is not run: said).
import * as z from "zod";
import type { RunRow } from "../campaign/readModels.js";
import type { Cct } from "../cct/cct.js";
import { mergeCcts } from "../cct/merge.js";
import { MEASURE_INFO, type MeasureName } from "../campaign/measures.js";
import { formatMetric } from "../format/numbers.js";
import { isUserError } from "../errors/errors.js";
import type { Resolved, Sources } from "../analyses/descriptor.js";
import { clusterRuns, patternRuns } from "../analyses/patternRuns.js";
import { patternArgs } from "../analyses/patternArgs.js";
import { varianceArgs } from "../analyses/varianceArgs.js";
import { varianceParameters } from "../analyses/dominantVariance.js";
import { chooseFeature } from "../analyses/steps/trendComparison.js";
import { loadCosts, type LoadedCosts } from "../analyses/steps/trends.js";
import { compareDesigns } from "../patterns/comparison.js";
import { DEFAULT_CONFIDENCE, DEFAULT_PRECISION, DEFAULT_SEED } from "../patterns/parameters.js";
import { completeAnalysis, prepareAnalysis } from "../variance/analyze.js";
import { compareTrends, WHOLE_PROGRAM } from "../trend/designTrends.js";
import { CALLS_SUFFIX, isCostLocation } from "../trend/costTables.js";
import { cannotAnswer, type FindingAnalysis, type HistoryFinding } from "../history/findings.js";
import { patternsFinding } from "../history/explainPatterns.js";
import { vcgFinding } from "../history/explainVcg.js";
import { TREND_LOCATIONS, trendsFinding } from "../history/explainTrends.js";

/** The runs of each side, with a name for each side's versions. */
export interface Sides {
  readonly before: readonly RunRow[];
  readonly after: readonly RunRow[];
  readonly label: string;
}

/** A finding, or the analysis' own refusal (a user error: no timelines, no features) as one of score 0. */
export async function answered(
  analysis: FindingAnalysis,
  make: () => Promise<HistoryFinding>,
): Promise<HistoryFinding> {
  try {
    return await make();
  } catch (e) {
    if (!isUserError(e)) throw e;
    return cannotAnswer(analysis, e instanceof Error ? e.message : String(e));
  }
}

/** A set of runs as an analysis reads a design's (its first run's campaign names the profiler's measures). */
function resolved(runs: readonly RunRow[], label: string, workload: string | null): Resolved {
  const r = runs[0];
  return {
    target: { kind: "design", campaignId: r.campaignId ?? -1, design: r.design ?? "", workload },
    label,
    runs,
    timing: [],
    failed: [],
  };
}

/** Both sides' runs clustered together and compared as two designs are (004 §5.1–5.2). */
export async function patternsOf(sources: Sources, s: Sides, metric: MeasureName): Promise<HistoryFinding> {
  const args = z.strictObject(patternArgs()).parse({ metric });
  const before = new Set(s.before.map((r) => r.id));
  const all = [...s.before, ...s.after];
  const input = await patternRuns(sources, resolved(all, s.label, all[0].workload), args, (r) =>
    before.has(r.id) ? "A" : "B",
  );
  const measured = (g: string) => input.runs.some((r) => r.group === g && r.metric !== null);
  if (!measured("A") || !measured("B"))
    return cannotAnswer(
      "execution-patterns",
      `no run of one side has per-thread timelines and a ${MEASURE_INFO[metric].title}`,
    );
  const { result, model } = clusterRuns({ ...input, label: s.label }, args, () => {});
  const c = compareDesigns(
    result,
    model.vectors,
    { a: "before", b: "after" },
    {
      confidence: DEFAULT_CONFIDENCE,
      precision: DEFAULT_PRECISION,
    },
  );
  return patternsFinding(c.rows, (v) => formatMetric(c.metric, v));
}

/** Each side's stored CCTs pooled (threads kept apart, as a design's are) and their VCG patterns compared. */
export function vcgOf(before: readonly Cct[], after: readonly Cct[], onCpu: boolean): HistoryFinding {
  const parameters = varianceParameters(z.strictObject(varianceArgs()).parse({}));
  let unconfirmed = 0;
  const side = (ccts: readonly Cct[]) => {
    const { functions, columns } = mergeCcts(ccts);
    const prep = prepareAnalysis(columns, functions, parameters, { onCpu, toolCostNs: 0, toolCostInsideNs: 0 });
    // A plan that inlines a callee needs the confirmation pass over the traces (000 §2.2): left out.
    const plans = prep.plans.filter((p) => p.exact);
    unconfirmed += prep.plans.length - plans.length;
    return completeAnalysis({ ...prep, plans, pass: null });
  };
  const f = vcgFinding(side(before), side(after));
  if (unconfirmed === 0) return f;
  return {
    ...f,
    details: [
      ...f.details,
      `${unconfirmed} high-variant context(s) whose variance an inlined callee may explain were not decomposed here (that needs the traces read again: varbench vcg on either side's runs does)`,
    ],
  };
}

/** The design's runs of each side over its workloads, fitted against one feature (002; trend comparison). */
export async function trendsOf(sources: Sources, s: Sides, metric: MeasureName): Promise<HistoryFinding> {
  const a = await loadCosts(sources, resolved(s.before, `${s.label} before`, null), "auto", undefined);
  const b = await loadCosts(sources, resolved(s.after, `${s.label} after`, null), a.source, undefined);
  const feature = chooseFeature(a, b, undefined);
  const series = (c: LoadedCosts, design: string) => ({
    design,
    runIds: c.runs.map((r) => r.runId),
    feature: c.features.find((f) => f.name === feature.name)!.values,
    featureName: feature.name,
    locations: costliest(measured(c, metric), measured(b === c ? a : b, metric)),
  });
  const r = compareTrends(series(a, "before"), series(b, "after"), DEFAULT_SEED);
  return trendsFinding(
    r.locations.filter((l) => l.name !== REST),
    feature.name,
    WHOLE_PROGRAM,
  );
}

/** The costs in the series' own measure where the runs hold it: a series of recorded calls is explained by the
 * functions' calls (uftrace's counts, the analogue of 002's basic-block counts, which no machine's load moves),
 * not by their times; any other measure by the source's costs (time for uftrace, counts for gcov and callgrind). */
function measured(c: LoadedCosts, metric: MeasureName): LoadedCosts {
  if (metric !== "calls" || c.source !== "uftrace") return c;
  const calls = c.locations.filter((l) => l.name.endsWith(CALLS_SUFFIX));
  return {
    ...c,
    locations: calls.map((l) => ({ ...l, name: `${l.name.slice(0, -CALLS_SUFFIX.length)} ${CALL_COUNT}` })),
  };
}

/** A function's calls as a cost location of their own (isCostLocation counts them into the whole program). */
const CALL_COUNT = "(call count)";

/** Holds the cost of the locations not fitted, so the whole program (their sum) stays whole. */
const REST = "(the other functions, self)";

/** The costliest cost locations (by their largest cost on either side), the rest summed into REST: the
 * comparison fits these few and the whole program, not every function of a large program. */
function costliest(c: LoadedCosts, other: LoadedCosts): { name: string; values: Float64Array }[] {
  const max = (name: string) =>
    Math.max(0, ...[c, other].flatMap((x) => Array.from(x.locations.find((l) => l.name === name)?.values ?? [])));
  const costs = c.locations.filter((l) => isCostLocation(l.name));
  const names = [...new Set([...costs, ...other.locations.filter((l) => isCostLocation(l.name))].map((l) => l.name))];
  const kept = new Set(names.sort((x, y) => max(y) - max(x) || x.localeCompare(y)).slice(0, TREND_LOCATIONS - 1));
  const rest = new Float64Array(c.runs.length);
  for (const l of costs) if (!kept.has(l.name)) l.values.forEach((v, i) => (rest[i] += v));
  return [...costs.filter((l) => kept.has(l.name)), { name: REST, values: rest }];
}
