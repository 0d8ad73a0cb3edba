// An instrumented profiler's own cost inside the measure it gives. uftrace
// enters its hook at every call and return of a -pg program, and that time
// falls inside the calls it records: a merge sort of 2,048 ints makes 4,107
// calls, and at ~0.2 µs a call the tracer adds ~0.8 ms to a sort of ~0.2 ms,
// while an insertion sort of one call carries almost none. The cost per call is
// calibrated once per machine and tool version (runner/calibrate.ts); here it is
// multiplied by each run's recorded calls, said beside the verdict, and warned
// about when it is a large share of the measure or differs between the designs
// by more than the difference found.
import type { Speedup, SideNames } from "./speedup.js";
import { speedupOf, speedupSentence } from "./speedup.js";
import { meanRatio } from "../stats/ratio.js";
import type { MeasureInfo } from "../campaign/measures.js";

/** A share of the measure the tool's cost may take before it is said as a warning: a tenth, beyond which
 * the tool's cost rivals the differences designs are usually compared for (a few percent to tens of percent). */
export const TOOL_SHARE_WARNING = 0.1;

export interface ToolCalibration {
  readonly tool: string;
  /** The tool's version line, as recorded with the runs it applies to. */
  readonly version: string;
  /** The median over the calibration's repeats, and their range. */
  readonly nsPerCall: number;
  /** The part of it between a call's own entry and exit records: an empty function's recorded time. */
  readonly insideNs: number;
  readonly low: number;
  readonly high: number;
  readonly measuredAt: string;
  /** How it was measured, for the footnote. */
  readonly how: string;
}

/** A calibration that was tried and could not measure anything (e.g. a time filter drops the calls), with why. */
export interface CalibrationFailure {
  readonly failure: string;
  readonly measuredAt: string;
}

export interface SideCost {
  /** The estimated cost per run, mean over the runs (ns). */
  readonly meanNs: number;
  /** Its share of the measure's mean. */
  readonly share: number;
  readonly callsPerRun: number;
}

export interface WorkloadToolCost {
  readonly a: SideCost;
  readonly b: SideCost;
  /** The verdict again with each run's estimated cost taken out of its measure; null where that leaves nothing. */
  readonly adjusted: Speedup | null;
  /** The estimated cost differs between the designs by more than the difference found: the traced
   * measure cannot say which design is faster. */
  readonly swamps: boolean;
  readonly warnings: readonly string[];
}

interface Runs {
  readonly a: readonly number[];
  readonly b: readonly number[];
  readonly callsA?: readonly number[];
  readonly callsB?: readonly number[];
}

const mean = (x: readonly number[]) => x.reduce((s, v) => s + v, 0) / x.length;

export function toolCostOf(c: ToolCalibration, w: Runs, speedup: Speedup | null, input: { readonly labels: SideNames; readonly measure: MeasureInfo; readonly confidence: number }): WorkloadToolCost | null {
  if (input.measure.unit !== "ns" || !w.callsA || !w.callsB || w.callsA.length !== w.a.length || w.callsB.length !== w.b.length) return null;
  const side = (values: readonly number[], calls: readonly number[]): SideCost => {
    const m = mean(values);
    const cost = c.nsPerCall * mean(calls);
    return { meanNs: cost, share: m > 0 ? cost / m : 0, callsPerRun: mean(calls) };
  };
  const a = side(w.a, w.callsA);
  const b = side(w.b, w.callsB);
  const less = (values: readonly number[], calls: readonly number[]) => values.map((v, i) => v - c.nsPerCall * calls[i]);
  const ratio = meanRatio(less(w.a, w.callsA), less(w.b, w.callsB), input.confidence);
  const adjusted = ratio ? speedupOf(ratio, input.confidence, `ratio of mean ${input.measure.title}s less ${c.tool}'s estimated cost, Welch's interval on the log scale`) : null;
  const { labels } = input;
  const pct = (x: number) => `${(100 * x).toFixed(x < 0.1 ? 1 : 0)}%`;
  const warnings: string[] = [];
  if (Math.max(a.share, b.share) >= TOOL_SHARE_WARNING) {
    warnings.push(`${c.tool}'s own cost is an estimated ${pct(a.share)} of ${labels.a}'s ${input.measure.title} and ${pct(b.share)} of ${labels.b}'s (${Math.round(a.callsPerRun)} and ${Math.round(b.callsPerRun)} calls a run at ${c.nsPerCall.toFixed(0)} ns a call)`);
  }
  const swamps = speedup !== null && Math.abs(a.meanNs - b.meanNs) > Math.abs(mean(w.a) - mean(w.b));
  if (swamps) {
    const after = adjusted ? `; with it taken out: ${speedupSentence(adjusted, labels)}` : "; taken out, it leaves nothing of a side's measure";
    warnings.push(`${c.tool}'s estimated cost differs between the designs by more than the difference found, so the verdict may be the tracer's rather than the designs'${after}. Time the designs without it: \`timing: time\` in the spec runs each repetition once plain beside the traced run`);
  }
  return { a, b, adjusted, swamps, warnings };
}
