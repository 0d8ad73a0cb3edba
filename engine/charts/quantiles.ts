// Order statistics for box plots: quartiles by linear interpolation (R type 7,
// simple-statistics' quantileSorted, as stats/summary.ts uses), Tukey's fences
// at 1.5 IQR (Tukey, 1977).
import { quantileSorted } from "simple-statistics";

export { quantileSorted };

/** Whiskers reach the furthest values within 1.5 IQR of the box (Tukey). */
export const TUKEY_FENCE = 1.5;

export interface BoxStats {
  /** low whisker, Q1, median, Q3, high whisker */
  readonly box: readonly [number, number, number, number, number];
  readonly outliers: readonly number[];
}

export function boxStats(values: readonly number[]): BoxStats {
  const s = [...values].sort((a, b) => a - b);
  const q1 = quantileSorted(s, 0.25);
  const q3 = quantileSorted(s, 0.75);
  const lowFence = q1 - TUKEY_FENCE * (q3 - q1);
  const highFence = q3 + TUKEY_FENCE * (q3 - q1);
  const inside = s.filter((v) => v >= lowFence && v <= highFence);
  return {
    box: [inside[0], q1, quantileSorted(s, 0.5), q3, inside[inside.length - 1]],
    outliers: s.filter((v) => v < lowFence || v > highFence),
  };
}
