// When the runs at hand show no difference, how many would show one as large
// as the one estimated, if it is real: hyperfine's "noise too high" advice made
// a number. The usual two-sample size of a test on the log scale (the verdict's
// own scale, stats/ratio.ts): n = 2·(z₁₋α/₂ + z_power)²·s² / δ² per side, with
// δ = ln(ratio) and s² the two sides' mean variance of the logs, ≈ CoV² by the
// delta method (var ln X ≈ var X / mean²).
import { normalQuantile } from "../stats/meanInterval.js";
import type { Sample } from "./sample.js";

/** The chance of showing a real difference that large: 80%, the convention of sample-size tables. */
export const DEFAULT_POWER = 0.8;
/** A ratio this close to 1 is no difference worth more runs: 0.1%, under any timer's resolution of a run. */
const NO_DIFFERENCE = 1.001;

/** Runs of each side needed, or null where the data cannot say (a side without spread or mean, no difference). */
export function runsToShow(
  a: Sample,
  b: Sample,
  ratio: number,
  confidence: number,
  power = DEFAULT_POWER,
): number | null {
  if (!(ratio >= NO_DIFFERENCE) || a.cov === null || b.cov === null || a.n < 2 || b.n < 2) return null;
  const z = -normalQuantile((1 - confidence) / 2) - normalQuantile(1 - power);
  const s2 = (a.cov ** 2 + b.cov ** 2) / 2;
  if (s2 === 0) return null;
  return Math.ceil((2 * z * z * s2) / Math.log(ratio) ** 2);
}
