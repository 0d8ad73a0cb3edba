// Which of two designs is faster, per workload, in the campaign's measure:
// each workload compared on its own (pooling input sizes mixes their sizes
// into the variance, and a design can win on small inputs and lose on large
// ones), then one overall line that says how it pooled: the geometric mean of
// the per-workload ratios, as benchmark suites summarise (stats/ratio.ts).
// Beside Welch's ratio of means, the rank test and the Hodges–Lehmann ratio
// (paper 004 §6's baselines), and where they disagree, said.
import type { MeasureInfo } from "../campaign/measures.js";
import { mannWhitney } from "../stats/mannWhitney.js";
import { runsNeeded } from "../stats/meanInterval.js";
import { geometricMeanRatio, meanRatio, medianRatio, type LogRatio } from "../stats/ratio.js";
import { speedupClaim, speedupOf, speedupSentence, type SideNames, type Speedup } from "./speedup.js";
import { toolCostOf, type ToolCalibration, type WorkloadToolCost } from "./toolCost.js";
import { sampleOf, type Sample } from "./sample.js";

/** Relative precision asked of each mean when saying how many runs would settle it (Georges et al. 2007's ±1%). */
export const SETTLE_PRECISION = 0.01;

export interface WorkloadInput {
  readonly workload: string;
  readonly features: Readonly<Record<string, number>>;
  readonly a: readonly number[];
  readonly b: readonly number[];
  /** Recorded calls per run, in the order of a and b, where the measure is a trace's (for the tool's cost). */
  readonly callsA?: readonly number[];
  readonly callsB?: readonly number[];
}

export interface VerdictInput {
  readonly labels: SideNames;
  readonly measure: MeasureInfo;
  /** Which runs the measure comes from, in words: "the plain timing runs", "the uftrace runs". */
  readonly basis: string;
  readonly workloads: readonly WorkloadInput[];
  readonly confidence: number;
  readonly calibration: ToolCalibration | null;
  /** What a person should know of the data: runs left out, a calibration missing. */
  readonly notes: readonly string[];
}

export interface WorkloadVerdict {
  readonly workload: string;
  readonly features: Readonly<Record<string, number>>;
  readonly a: Sample;
  readonly b: Sample;
  /** Ratio of means, Welch's interval on the log scale: the workload's verdict. */
  readonly speedup: Speedup | null;
  readonly mannWhitney: { readonly u: number; readonly p: number; readonly method: "exact" | "normal" } | null;
  /** Hodges–Lehmann ratio run against run, Moses' interval. */
  readonly medianSpeedup: Speedup | null;
  /** Runs each design needs for its mean to be known within ±1% at the confidence. */
  readonly runsNeeded: { readonly a: number | null; readonly b: number | null };
  readonly toolCost: WorkloadToolCost | null;
  /** Where the rank test or the median ratio disagrees with the means, in words. */
  readonly disagreements: readonly string[];
}

export interface DesignVerdict {
  readonly labels: SideNames;
  readonly measure: MeasureInfo;
  readonly basis: string;
  readonly confidence: number;
  /** In the workloads' order (campaign/workloadOrder.ts). */
  readonly workloads: readonly WorkloadVerdict[];
  /** Over every workload both designs ran: the geometric mean of their ratios; null with one workload. */
  readonly overall: { readonly speedup: Speedup; readonly faster: { readonly A: number; readonly B: number; readonly none: number } } | null;
  readonly calibration: ToolCalibration | null;
  /** False where the measure cannot say which design is faster: an instrumenting tracer's estimated cost
   * differs between them by more than the difference found (verdict/toolCost.ts). */
  readonly settled: boolean;
  /** The answer in one sentence. */
  readonly sentence: string;
  readonly warnings: readonly string[];
  readonly notes: readonly string[];
}

export function designVerdict(input: VerdictInput): DesignVerdict {
  const { confidence, labels } = input;
  const compared = input.workloads.filter((w) => w.a.length > 0 && w.b.length > 0).map((w) => workloadVerdict(w, input));
  const workloads = compared.map((c) => c.verdict);
  const logs = compared.map((c) => c.log);
  const complete = logs.every((l): l is LogRatio => l !== null);
  const pooled = workloads.length > 1 && complete ? geometricMeanRatio(logs, confidence) : null;
  const count = (s: "A" | "B" | null) => workloads.filter((w) => (w.speedup?.faster ?? null) === s).length;
  const overall = pooled ? { speedup: speedupOf(pooled, confidence, `geometric mean of the ${workloads.length} workloads' ratios of means`), faster: { A: count("A"), B: count("B"), none: count(null) } } : null;
  const warnings = workloads.flatMap((w) => (w.toolCost?.warnings ?? []).map((x) => (workloads.length > 1 ? `${w.workload}: ${x}` : x)));
  return { labels, measure: input.measure, basis: input.basis, confidence, workloads, overall, calibration: input.calibration, settled: workloads.every((w) => !w.toolCost?.swamps), sentence: unsettled(workloads, input) + sentenceOf(workloads, overall, input), warnings, notes: input.notes };
}

function workloadVerdict(w: WorkloadInput, input: VerdictInput): { verdict: WorkloadVerdict; log: LogRatio | null } {
  const { confidence, measure, labels } = input;
  const ratio = meanRatio(w.a, w.b, confidence);
  const speedup = ratio ? speedupOf(ratio, confidence, `ratio of mean ${measure.title}s, Welch's interval on the log scale`) : null;
  const rank = mannWhitney(w.a, w.b);
  const median = medianRatio(w.a, w.b, confidence);
  const medianSpeedup = median ? speedupOf(median, median.confidence, "Hodges–Lehmann ratio of runs, Moses' interval") : null;
  const settle = (x: readonly number[]) => (x.length > 1 ? runsNeeded(x, confidence, SETTLE_PRECISION) : null);
  const disagreements: string[] = [];
  const alpha = 1 - confidence;
  if (speedup && Number.isFinite(rank.p)) {
    if (rank.p < alpha && speedup.faster === null) disagreements.push(`Mann–Whitney finds a difference (p = ${rank.p.toPrecision(2)}) that the means' interval does not show: a few slow runs may widen it`);
    if (rank.p >= alpha && speedup.faster !== null) disagreements.push(`Mann–Whitney shows no difference (p = ${rank.p.toPrecision(2)}): the runs overlap although the means differ`);
  }
  if (speedup?.faster && medianSpeedup && medianSpeedup.lower !== null && medianSpeedup.lower !== speedup.lower) {
    disagreements.push(`the median ratio points the other way: ${speedupSentence(medianSpeedup, labels)}`);
  }
  const toolCost = input.calibration && w.callsA && w.callsB ? toolCostOf(input.calibration, w, speedup, input) : null;
  const verdict = {
    workload: w.workload,
    features: w.features,
    a: sampleOf(w.a),
    b: sampleOf(w.b),
    speedup,
    mannWhitney: Number.isFinite(rank.p) ? { u: rank.u, p: rank.p, method: rank.method } : null,
    medianSpeedup,
    runsNeeded: { a: settle(w.a), b: settle(w.b) },
    toolCost,
    disagreements,
  };
  return { verdict, log: ratio };
}

/** Said first where the tracer's cost may have decided the verdict, with what is left once it is taken out. */
function unsettled(ws: readonly WorkloadVerdict[], input: VerdictInput): string {
  const swamped = ws.filter((w) => w.toolCost?.swamps);
  if (swamped.length === 0) return "";
  const tool = input.calibration?.tool ?? "the tracer";
  const last = swamped[swamped.length - 1];
  const adjusted = last.toolCost?.adjusted;
  const after = adjusted ? `; with it taken out, on ${last.workload}, ${adjusted.faster === null ? "no difference is shown: " : ""}${speedupClaim(adjusted, input.labels)}` : "";
  const where = swamped.length === ws.length ? (ws.length === 1 ? "" : " on every workload") : ` on ${swamped.map((w) => w.workload).join(", ")}`;
  return `Not settled by the traces${where}: ${tool}'s own estimated cost differs between the designs by more than the difference found${after}. Time them without the tracer (\`timing: time\` in the spec). As traced: `;
}

function sentenceOf(ws: readonly WorkloadVerdict[], overall: DesignVerdict["overall"], input: VerdictInput): string {
  const what = `in ${input.measure.title} (${input.basis})`;
  if (ws.length === 0) return `No workload has succeeded runs of both ${input.labels.a} and ${input.labels.b}: nothing to compare.`;
  if (ws.length === 1) {
    const w = ws[0];
    return w.speedup ? `${speedupSentence(w.speedup, input.labels)}, on ${w.workload}, ${what}.` : `${w.workload}: the ${input.measure.title} is not positive on a side, so no ratio can be formed.`;
  }
  const names = { A: input.labels.a, B: input.labels.b };
  const tally = `${names.B} is shown faster on ${overall?.faster.B ?? "-"}, ${names.A} on ${overall?.faster.A ?? "-"} and neither on ${overall?.faster.none ?? "-"} of the ${ws.length} workloads`;
  if (!overall) return `${ws.length} workloads compared one by one ${what}; a workload without an interval (a single run) leaves no overall ratio.`;
  const s = overall.speedup;
  return `Over ${ws.length} workloads (the geometric mean of their ratios), ${s.faster === null ? "no difference is shown: " : ""}${speedupClaim(s, input.labels)}, ${what}; ${tally}.`;
}
