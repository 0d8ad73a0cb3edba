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
import { speedupClaim, speedupOf, type SideNames, type Speedup } from "./speedup.js";
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
  /** Each repetition also ran plain (the spec's `timing`): the plain runs' verdict is the one to take. */
  readonly paired: boolean;
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
  /** False where the tracer's estimated cost may decide this workload's verdict (toolCost.ts). */
  readonly settled: boolean;
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
  readonly overall: {
    readonly speedup: Speedup;
    readonly faster: { readonly A: number; readonly B: number; readonly none: number };
  } | null;
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
  const compared = input.workloads
    .filter((w) => w.a.length > 0 && w.b.length > 0)
    .map((w) => workloadVerdict(w, input));
  const workloads = compared.map((c) => c.verdict);
  const logs = compared.map((c) => c.log);
  const complete = logs.every((l): l is LogRatio => l !== null);
  const pooled = workloads.length > 1 && complete ? geometricMeanRatio(logs, confidence) : null;
  const count = (s: "A" | "B" | null) =>
    workloads.filter((w) => (w.settled ? (w.speedup?.faster ?? null) : null) === s).length;
  const overall = pooled
    ? {
        speedup: speedupOf(pooled, confidence, `geometric mean of the ${workloads.length} workloads' ratios of means`),
        faster: { A: count("A"), B: count("B"), none: count(null) },
      }
    : null;
  const warnings = workloads.flatMap((w) =>
    (w.toolCost?.warnings ?? []).map((x) => (workloads.length > 1 ? `${w.workload}: ${x}` : x)),
  );
  return {
    labels,
    measure: input.measure,
    basis: input.basis,
    confidence,
    workloads,
    overall,
    calibration: input.calibration,
    settled: workloads.every((w) => w.settled),
    sentence: capital(unsettled(workloads, input) + sentenceOf(workloads, overall, input)),
    warnings,
    notes: input.notes,
  };
}

function workloadVerdict(w: WorkloadInput, input: VerdictInput): { verdict: WorkloadVerdict; log: LogRatio | null } {
  const { confidence, measure, labels } = input;
  const ratio = meanRatio(w.a, w.b, confidence);
  const speedup = ratio
    ? speedupOf(ratio, confidence, `ratio of mean ${measure.title}s, Welch's interval on the log scale`)
    : null;
  const rank = mannWhitney(w.a, w.b);
  const median = medianRatio(w.a, w.b, confidence);
  // Moses' interval reaches the confidence asked only with enough runs (1 and 1 reach 0, 3 and 3 0.9):
  // below it, the interval is said at the confidence it has, and names no design.
  const reached = median !== null && median.confidence >= confidence - 1e-9;
  const medianSpeedup = median
    ? {
        ...speedupOf(median, median.confidence, "Hodges–Lehmann ratio of runs, Moses' interval"),
        ...(reached ? {} : { faster: null }),
      }
    : null;
  const settle = (x: readonly number[]) => (x.length > 1 ? runsNeeded(x, confidence, SETTLE_PRECISION) : null);
  const disagreements: string[] = [];
  const alpha = 1 - confidence;
  if (speedup && Number.isFinite(rank.p)) {
    if (rank.p < alpha && speedup.faster === null)
      disagreements.push(
        `Mann–Whitney finds a difference (p = ${rank.p.toPrecision(2)}) that the means' interval does not show: a few slow runs may widen it`,
      );
    const floor = smallestExactP(w.a.length, w.b.length);
    if (rank.p >= alpha && speedup.faster !== null) {
      disagreements.push(
        floor >= alpha
          ? `with ${w.a.length} and ${w.b.length} runs Mann–Whitney cannot show a difference at ${Math.round(100 * confidence)}% (its smallest p is ${floor.toPrecision(2)}): more runs would test the means' answer`
          : `Mann–Whitney shows no difference (p = ${rank.p.toPrecision(2)}): the runs overlap although the means differ`,
      );
    }
  }
  if (speedup?.faster && medianSpeedup && medianSpeedup.lower !== null && medianSpeedup.lower !== speedup.lower) {
    disagreements.push(`the median ratio points the other way: ${speedupClaim(medianSpeedup, labels, measure)}`);
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
    settled: !toolCost?.swamps,
    disagreements,
  };
  return { verdict, log: ratio };
}

/** The smallest two-sided p the exact rank test gives n and m runs without ties: 2 / C(n + m, n). */
function smallestExactP(n: number, m: number): number {
  let c = 1;
  for (let i = 1; i <= Math.min(n, m); i++) c = (c * (n + m - Math.min(n, m) + i)) / i;
  return Math.min(1, 2 / c);
}

/** Said first where the tracer's cost may have decided the verdict, with what is left once it is taken out. */
function unsettled(ws: readonly WorkloadVerdict[], input: VerdictInput): string {
  const swamped = ws.filter((w) => w.toolCost?.swamps);
  if (swamped.length === 0) return "";
  const tool = input.calibration?.tool ?? "the tracer";
  const last = swamped[swamped.length - 1];
  const adjusted = last.toolCost?.adjusted;
  const after = adjusted
    ? `; with its estimate taken out, on ${last.workload}, ${adjusted.faster === null ? "no difference is shown: " : ""}${speedupClaim(adjusted, input.labels, input.measure)}`
    : "";
  const where =
    swamped.length === ws.length
      ? ws.length === 1
        ? ""
        : " on every workload"
      : ` on ${swamped.map((w) => w.workload).join(", ")}`;
  const how = input.paired
    ? "The plain timing runs answer it (the campaign's default measure)"
    : "Time them without the tracer (`timing: time` in the spec)";
  return `Not settled by the traces${where}: ${tool}'s own estimated cost weighs differently on the two designs, enough to decide the answer${after}. ${how}. As traced, `;
}

function sentenceOf(ws: readonly WorkloadVerdict[], overall: DesignVerdict["overall"], input: VerdictInput): string {
  const m = input.measure;
  // A time is named in the sentence; a count or memory is named by its claim ("needed fewer instructions").
  const what = m.unit === "ns" ? `in ${m.title}, from ${input.basis}` : `from ${input.basis}`;
  if (ws.length === 0)
    return `no workload has succeeded runs of both ${input.labels.a} and ${input.labels.b}: nothing to compare.`;
  if (ws.length === 1) {
    const w = ws[0];
    if (!w.speedup) return `on ${w.workload}, the ${m.title} is not positive on a side, so no ratio can be formed.`;
    const single = w.a.n < 2 || w.b.n < 2 ? " (a single run on a side gives no interval)" : "";
    return `${w.speedup.faster === null ? "no difference is shown: " : ""}${speedupClaim(w.speedup, input.labels, m)}, on ${w.workload}, ${what}${single}.`;
  }
  const names = { A: input.labels.a, B: input.labels.b };
  const tally = `${names.B} is shown lower on ${overall?.faster.B ?? "-"}, ${names.A} on ${overall?.faster.A ?? "-"} and neither on ${overall?.faster.none ?? "-"} of the ${ws.length} workloads`;
  if (!overall)
    return `${ws.length} workloads compared one by one ${what}; a workload with a single run on a side gives no interval, so no overall ratio is formed.`;
  const s = overall.speedup;
  return `over ${ws.length} workloads (the geometric mean of their ratios), ${s.faster === null ? "no difference is shown: " : ""}${speedupClaim(s, input.labels, m)}, ${what}; ${tally}.`;
}

/** The sentence as it opens a paragraph: its own words capitalised, never a design's name. */
function capital(s: string): string {
  return /^(no |over |on )/.test(s) ? s[0].toUpperCase() + s.slice(1) : s;
}
