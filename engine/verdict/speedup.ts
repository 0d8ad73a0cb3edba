// One convention for "which design is faster, and by how much", the one
// hyperfine users read every day: "B ran 4.21 times faster than A", a ratio of
// the slower design's measure over the faster one's, with its interval. The
// same fields (faster, ratio, interval) and the same words in the command
// line, the views, the reports and the JSON, whatever the estimate (means,
// medians, matched runs, a geometric mean over workloads).
import type { LogRatio } from "../stats/ratio.js";
import { formatRatio } from "../format/numbers.js";

export type Side = "A" | "B";

export interface Speedup {
  /** The design shown faster: the ratio's interval excludes 1. Null when no difference is shown. */
  readonly faster: Side | null;
  /** The design with the lower estimate, the ratio's denominator; null when the two are equal. */
  readonly lower: Side | null;
  /** The other design's estimate over the lower one's: at least 1. */
  readonly ratio: number;
  /** The interval of `ratio`, in the same orientation (its low end is under 1 when no difference is shown);
   * null where there is none (a single run on a side). */
  readonly interval: { readonly low: number; readonly high: number } | null;
  readonly confidence: number;
  /** What the estimate is, in a few words: "ratio of mean traced on-CPU times, Welch's interval on the log scale". */
  readonly method: string;
}

/** From ln(A/B) and its interval (stats/ratio.ts). */
export function speedupOf(
  r: LogRatio | { readonly log: number; readonly low: number; readonly high: number },
  confidence: number,
  method: string,
): Speedup {
  const bounded = Number.isFinite(r.low) && Number.isFinite(r.high);
  if (r.log > 0) {
    return {
      lower: "B",
      faster: bounded && r.low > 0 ? "B" : null,
      ratio: Math.exp(r.log),
      interval: bounded ? { low: Math.exp(r.low), high: Math.exp(r.high) } : null,
      confidence,
      method,
    };
  }
  if (r.log < 0) {
    return {
      lower: "A",
      faster: bounded && r.high < 0 ? "A" : null,
      ratio: Math.exp(-r.log),
      interval: bounded ? { low: Math.exp(-r.high), high: Math.exp(-r.low) } : null,
      confidence,
      method,
    };
  }
  return {
    lower: null,
    faster: null,
    ratio: 1,
    interval: bounded ? { low: Math.exp(r.low), high: Math.exp(r.high) } : null,
    confidence,
    method,
  };
}

export interface SideNames {
  readonly a: string;
  readonly b: string;
}

/** What is compared, for the words: a time runs "faster"; a count of instructions, lines or calls is
 * "fewer"; memory is "less" (every measure is lower-is-better). Absent: a time. */
export interface Compared {
  readonly unit: "ns" | "KiB" | "count";
  readonly title: string;
}

/**
 * "merge ran 4.21 times faster than insertion (95% interval 3.93 to 4.52)", or, where the interval holds 1,
 * "No difference shown: merge ran 1.04 times faster than insertion (95% interval 0.91 to 1.19)".
 */
export function speedupSentence(s: Speedup, names: SideNames, what?: Compared): string {
  const claim = speedupClaim(s, names, what);
  return s.faster === null ? `No difference shown: ${claim}` : claim;
}

/** The ratio and its interval in words, whether or not the interval shows a difference. */
export function speedupClaim(s: Speedup, names: SideNames, what?: Compared): string {
  const conf = `${Math.round(100 * s.confidence)}%`;
  // No interval: a single run on a side, or a point estimate (a pattern strategy).
  const range = s.interval
    ? `${conf} interval ${formatRatio(s.interval.low)} to ${formatRatio(s.interval.high)}`
    : "no interval";
  if (s.lower === null) return `both measured alike (${range})`;
  const [fast, slow] = s.lower === "A" ? [names.a, names.b] : [names.b, names.a];
  const r = formatRatio(s.ratio);
  if (what?.unit === "count") return `${fast} needed ${r} times fewer ${what.title} than ${slow} (${range})`;
  if (what?.unit === "KiB") return `${fast} used ${r} times less ${what.title} than ${slow} (${range})`;
  return `${fast} ran ${r} times faster than ${slow} (${range})`;
}

/** B's measure as a multiple of A's (the JSON's `ratio` read from A's side): 0.24 when B ran 4.2 times faster. */
export function bOverA(s: Speedup): number {
  return s.lower === "A" ? s.ratio : 1 / s.ratio;
}
