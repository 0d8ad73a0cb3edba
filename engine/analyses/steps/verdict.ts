// The steps of the verdict (declared in ../verdict.ts, which says what it is and which
// paper it follows): imported when it first runs, so a command loads only the analyses it runs.
import {
  campaignMeasures,
  describeMeasure,
  fromTimingRuns,
  MEASURE_INFO,
  measureBasis,
  measureOf,
  type MeasureName,
} from "../../campaign/measures.js";
import { interferenceNote, TIMES_INCLUDE_IT } from "../../campaign/interference.js";
import type { RunRow } from "../../campaign/readModels.js";
import type { CampaignSpec } from "../../campaign/spec.js";
import { designVerdict, type VerdictInput, type WorkloadInput } from "../../verdict/designVerdict.js";
import type { ToolCalibration } from "../../verdict/toolCost.js";
import { ApiError } from "../../errors/errors.js";
import { type Resolved, type Sources } from "../descriptor.js";
import { runLabel } from "../resolveTarget.js";
import type { verdictArgs } from "../verdict.js";
import { analysisSteps } from "../descriptor.js";

export const steps = analysisSteps<ReturnType<typeof verdictArgs>>()({
  load: (sources, { a, b }, args) => loadVerdict(sources, a!, b!, args.measure, args.confidence),
  compute: (input) => designVerdict(input),
});

async function loadVerdict(
  sources: Sources,
  a: Resolved,
  b: Resolved,
  asked: MeasureName | null,
  confidence: number,
): Promise<VerdictInput> {
  const specA = await specOf(sources, a);
  const specB = await specOf(sources, b);
  const profiler = specA.profiler.name;
  if (specB.profiler.name !== profiler)
    throw new ApiError(
      "invalid-arguments",
      `${a.label} ran under ${profiler} and ${b.label} under ${specB.profiler.name}: their measures are not comparable`,
    );
  const paired = specA.timing !== undefined && specB.timing !== undefined;
  const measures = campaignMeasures(profiler, paired);
  const measure = asked ?? measures.default;
  if (!measures.available.includes(measure)) {
    throw new ApiError(
      "invalid-arguments",
      `${MEASURE_INFO[measure].title} is not recorded under ${profiler}: choose one of ${measures.available.join(", ")}`,
      [{ path: "measure", message: `one of ${measures.available.join(", ")}` }],
    );
  }
  const info = describeMeasure(measure, profiler, paired);
  const plain = fromTimingRuns(measure, paired);
  const runsOf = (side: Resolved) => (plain ? side.timing : side.runs);
  const notes: string[] = [];
  const valuesOf = (rs: readonly RunRow[]) => {
    const kept = rs.filter((r) => measureOf(r, measure) !== null);
    for (const r of rs) if (!kept.includes(r)) notes.push(`${runLabel(r)} recorded no ${info.title}: left out`);
    return kept;
  };
  for (const side of [a, b]) {
    const lost = side.failed.filter((r) => (plain ? r.role === "timing" : r.role !== "timing"));
    if (lost.length > 0)
      notes.push(
        `${designOf(side)}: ${lost.length} of ${lost.length + runsOf(side).length} measured runs ${lost.length === 1 ? "was" : "were"} not measured (${failureWords(lost)}), so the comparison rests on the others`,
      );
  }
  const ra = valuesOf(runsOf(a));
  const rb = valuesOf(runsOf(b));
  const shared = interferenceNote([...ra, ...rb], {
    ...(paired ? { kind: plain ? "plain timing runs" : `runs under ${profiler}` } : {}),
    effect: TIMES_INCLUDE_IT,
    concurrency: Math.max(specA.concurrency, specB.concurrency),
  });
  if (shared) notes.push(shared);
  const order = await sources.campaignWorkloads(campaignOf(a));
  const workloads: WorkloadInput[] = order.flatMap((w) => {
    const wa = ra.filter((r) => r.workload === w.name);
    const wb = rb.filter((r) => r.workload === w.name);
    if (wa.length === 0 && wb.length === 0) return [];
    if (wa.length === 0 || wb.length === 0)
      notes.push(
        `${w.name}: only ${wa.length === 0 ? b.label : a.label} has runs measured in ${info.title}, so it is not compared`,
      );
    const value = (r: RunRow) => measureOf(r, measure)!;
    const calls = (r: RunRow) => measureOf(r, "calls") ?? 0;
    return [
      {
        workload: w.name,
        features: w.features,
        a: wa.map(value),
        b: wb.map(value),
        ...(info.source === "trace" ? { callsA: wa.map(calls), callsB: wb.map(calls) } : {}),
      },
    ];
  });
  const calibration =
    info.source === "trace" && profiler === "uftrace"
      ? await calibrationOf(sources, [...ra, ...rb], specA, notes)
      : null;
  return {
    labels: { a: designOf(a), b: designOf(b) },
    measure: info,
    basis: measureBasis(profiler, measure, paired),
    workloads,
    confidence,
    calibration,
    paired,
    notes,
  };
}

/** The runs' failures in a few words: "2 failed (run 12: work exited with code 1), 1 timed out". */
function failureWords(runs: readonly RunRow[]): string {
  const failed = runs.filter((r) => r.status === "failed");
  const timedOut = runs.length - failed.length;
  return [
    failed.length
      ? `${failed.length} failed${failed[0].message ? ` (run ${failed[0].id}: ${failed[0].message.split("\n")[0].slice(0, 120)})` : ""}`
      : null,
    timedOut ? `${timedOut} timed out` : null,
  ]
    .filter(Boolean)
    .join(", ");
}

async function calibrationOf(
  sources: Sources,
  runs: readonly RunRow[],
  spec: CampaignSpec,
  notes: string[],
): Promise<ToolCalibration | null> {
  const c = await sources.toolCalibration(runs, "uftrace", spec.profiler.options);
  if (c === null)
    notes.push(
      "uftrace's own cost per call was never measured for the machine and uftrace version these runs were recorded with (a campaign run under uftrace measures it before its first run): the tracer's share of the measure is not estimated",
    );
  else if ("failure" in c) notes.push(`uftrace's own cost per call could not be measured: ${c.failure}`);
  return c !== null && "nsPerCall" in c ? c : null;
}

async function specOf(sources: Sources, side: Resolved): Promise<CampaignSpec> {
  const spec = await sources.campaignSpec(campaignOf(side));
  if (!spec) throw new ApiError("not-found", `${side.label}: its campaign has no spec`);
  return spec;
}

function campaignOf(side: Resolved): number {
  if (side.target.kind !== "design")
    throw new ApiError("invalid-arguments", `${side.label}: name a design of a campaign (design:<campaign>:<design>)`);
  return side.target.campaignId;
}

function designOf(side: Resolved): string {
  return side.target.kind === "design" ? side.target.design : side.label;
}
