// One side of a comparison in a workload: the numbers a person checks first.
import { moments } from "../stats/meanInterval.js";

export interface Sample {
  readonly n: number;
  readonly mean: number;
  readonly median: number;
  /** Sample standard deviation (n − 1); 0 for a single run. */
  readonly sd: number;
  /** sd / mean; null where the mean is 0. */
  readonly cov: number | null;
  readonly min: number;
  readonly max: number;
  /** Every run's value, in run order: what the views draw. */
  readonly values: readonly number[];
}

export function sampleOf(x: readonly number[]): Sample {
  const { n, mean, variance } = moments(x);
  const sorted = [...x].sort((p, q) => p - q);
  const median = n % 2 === 1 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  const sd = Math.sqrt(variance);
  return {
    n,
    mean,
    median,
    sd,
    cov: mean !== 0 ? sd / mean : null,
    min: sorted[0],
    max: sorted[n - 1],
    values: [...x],
  };
}
