// Reproducibility by patterns (paper 004 §5.3): "we run a parallel workload a
// limited number of times and record all different execution patterns of
// those runs with their corresponding performance results … used for
// validation of future runs if the same execution patterns are reproduced."
// A new run is aligned with the reference's thread kinds and slots, put in the
// nearest pattern, or flagged as a new pattern when it lies farther from every
// centroid than the reference's own runs do (NEW_PATTERN_FACTOR); its metric is
// then set against the pattern's record (Table 3: evaluation against repeat).
import type { PatternModel } from "./findPatterns.js";
import { squaredDistance } from "../stats/rowKernels.js";
import type { MeasureInfo as MetricInfo } from "../campaign/measures.js";
import { NEW_PATTERN_FACTOR } from "./parameters.js";
import { SHARE_RESOLUTION } from "./splitCandidate.js";
import type { RunPcv } from "./pcv.js";
import { alignedVector, placeThreads } from "./threadAlignment.js";

export interface CheckedRun {
  readonly runId: number;
  /** The nearest pattern's name. */
  readonly nearest: string;
  readonly distance: number;
  /** The distance beyond which the run shows a pattern the reference never did. */
  readonly threshold: number;
  readonly isNew: boolean;
  /** Why the run shows a new pattern, in words; null when it reproduces one. */
  readonly reason: string | null;
  /** Threads the reference's slots had no room for (more of a kind than any reference run had). */
  readonly unplaced: number;
  readonly metric: number | null;
  /** (metric − the pattern's recorded mean) / that mean; null for a new pattern or no metric. */
  readonly deviation: number | null;
}

export interface PatternRecord {
  readonly pattern: string;
  readonly recordedRuns: number;
  readonly recordedMean: number | null;
  readonly repeatRuns: number;
  readonly repeatMean: number | null;
  /** (repeat − recorded) / recorded. */
  readonly deviation: number | null;
}

export interface ReproducibilityResult {
  readonly reference: string;
  readonly checked: string;
  readonly metric: MetricInfo;
  readonly runs: readonly CheckedRun[];
  /** Table 3's shape: each reference pattern's recorded metric against the new runs that reproduce it. */
  readonly patterns: readonly PatternRecord[];
  readonly newPatterns: number;
}

export interface CheckInput {
  readonly runId: number;
  readonly metric: number | null;
  readonly pcv: RunPcv;
}

export function checkRuns(
  model: PatternModel,
  labels: { reference: string; checked: string },
  metric: MetricInfo,
  runs: readonly CheckInput[],
): ReproducibilityResult {
  // Below this no distance says anything: every slot's share off by the resolution in every interval.
  const floor = SHARE_RESOLUTION * Math.sqrt(model.threads.slots.length * model.threads.intervals);
  const checked = runs.map((r): CheckedRun => {
    const placement = placeThreads(model.threads, r.pcv);
    const v = alignedVector(model.threads, r.pcv, placement);
    let nearest = 0;
    let best = Infinity;
    for (let p = 0; p < model.patterns.length; p++) {
      const d = squaredDistance(v, 0, model.centroids, p * model.size, model.size);
      if (d < best) {
        best = d;
        nearest = p;
      }
    }
    const pattern = model.patterns[nearest];
    const distance = Math.sqrt(best);
    const threshold = NEW_PATTERN_FACTOR * Math.max(pattern.radius, model.typicalDistance, floor);
    // A thread the slots have no room for counts only if it did something; an idle extra pool thread does not.
    const unplaced = placement.overflow.filter((t) => r.pcv.threads[t].busy.some((b) => b >= SHARE_RESOLUTION)).length;
    const missing = model.requiredSlots[nearest].filter((slot) => placement.slots[slot] < 0);
    const reason =
      unplaced > 0
        ? `${unplaced} busy ${unplaced === 1 ? "thread" : "threads"} more of a kind than any reference run had`
        : missing.length > 0
          ? `no thread in ${missing.length} of the slots every run of ${pattern.name} filled`
          : distance > threshold
            ? `${distance.toFixed(3)} from ${pattern.name}, beyond ${threshold.toFixed(3)}`
            : null;
    const recorded = pattern.metric?.mean ?? null;
    return {
      runId: r.runId,
      nearest: pattern.name,
      distance,
      threshold,
      isNew: reason !== null,
      reason,
      unplaced,
      metric: r.metric,
      deviation: reason === null && r.metric !== null && recorded ? (r.metric - recorded) / recorded : null,
    };
  });
  const patterns = model.patterns.map((p): PatternRecord => {
    const repeats = checked.filter((c) => !c.isNew && c.nearest === p.name && c.metric !== null).map((c) => c.metric!);
    const repeatMean = repeats.length ? repeats.reduce((a, b) => a + b, 0) / repeats.length : null;
    const recordedMean = p.metric?.mean ?? null;
    return {
      pattern: p.name,
      recordedRuns: p.runs.length,
      recordedMean,
      repeatRuns: repeats.length,
      repeatMean,
      deviation: repeatMean !== null && recordedMean ? (repeatMean - recordedMean) / recordedMean : null,
    };
  });
  return {
    reference: labels.reference,
    checked: labels.checked,
    metric,
    runs: checked,
    patterns,
    newPatterns: checked.filter((c) => c.isNew).length,
  };
}
