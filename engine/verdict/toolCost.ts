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
import { speedupClaim, speedupOf } from "./speedup.js";
import { meanRatio } from "../stats/ratio.js";
import type { MeasureInfo } from "../campaign/measures.js";
import { grouped } from "../format/numbers.js";

/** A share of the measure the tool's cost may take before it is said as a warning: a tenth, beyond which
 * the tool's cost rivals the differences designs are usually compared for (a few percent to tens of percent). */
export const TOOL_SHARE_WARNING = 0.1;
/**
 * How far the tool's shares of the two designs' measures may differ before it can decide the verdict:
 * the ratio is then biased by about that much, and the calibration is the cheapest case (an empty
 * function called in a hot loop; real calls cost the tracer up to about twice as much, as measured on
 * this project's sorts), so a difference of a tenth can hide or make a difference of a fifth.
 */
export const TOOL_BIAS = 0.1;

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
  /** The estimated cost weighs differently enough on the two designs to decide the verdict: its shares of
   * their measures differ by TOOL_BIAS or more, or the cost differs by more than the difference found. */
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

export function toolCostOf(
  c: ToolCalibration,
  w: Runs,
  speedup: Speedup | null,
  input: { readonly labels: SideNames; readonly measure: MeasureInfo; readonly confidence: number },
): WorkloadToolCost | null {
  if (
    input.measure.unit !== "ns" ||
    !w.callsA ||
    !w.callsB ||
    w.callsA.length !== w.a.length ||
    w.callsB.length !== w.b.length
  )
    return null;
  const side = (values: readonly number[], calls: readonly number[]): SideCost => {
    const m = mean(values);
    const cost = c.nsPerCall * mean(calls);
    return { meanNs: cost, share: m > 0 ? cost / m : 0, callsPerRun: mean(calls) };
  };
  const a = side(w.a, w.callsA);
  const b = side(w.b, w.callsB);
  const less = (values: readonly number[], calls: readonly number[]) =>
    values.map((v, i) => v - c.nsPerCall * calls[i]);
  const ratio = meanRatio(less(w.a, w.callsA), less(w.b, w.callsB), input.confidence);
  const adjusted = ratio
    ? speedupOf(
        ratio,
        input.confidence,
        `ratio of mean ${input.measure.title}s less ${c.tool}'s estimated cost, Welch's interval on the log scale`,
      )
    : null;
  const { labels } = input;
  const pct = (x: number) => `${(100 * x).toFixed(x < 0.1 ? 1 : 0)}%`;
  const warnings: string[] = [];
  if (Math.max(a.share, b.share) >= TOOL_SHARE_WARNING) {
    warnings.push(
      `${c.tool}'s own cost is at least an estimated ${pct(a.share)} of the ${input.measure.title} of ${labels.a} and ${pct(b.share)} of that of ${labels.b} (${grouped(Math.round(a.callsPerRun))} and ${grouped(Math.round(b.callsPerRun))} calls a run at ${c.nsPerCall.toFixed(0)} ns a call)`,
    );
  }
  const swamps =
    speedup !== null &&
    (Math.abs(a.share - b.share) >= TOOL_BIAS || Math.abs(a.meanNs - b.meanNs) > Math.abs(mean(w.a) - mean(w.b)));
  if (swamps) {
    const after = adjusted
      ? `; with its estimate taken out, ${adjusted.faster === null ? "no difference is shown: " : ""}${speedupClaim(adjusted, labels, input.measure)}, though real calls often cost the tracer more than its calibration's`
      : "; taken out, it leaves nothing of a side's measure";
    warnings.push(`${c.tool}'s own cost weighs differently on the two designs, enough to decide the verdict${after}`);
  }
  return { a, b, adjusted, swamps, warnings };
}
