// A Summary as one flat row of named numbers (CSV columns, report tables).
import type { Summary } from "../stats/summary.js";

export function flatSummary(s: Summary | null): Record<string, number | null> {
  if (!s) return { n: 0 };
  return { n: s.n, meanNs: s.mean, medianNs: s.median, stdNs: s.std, cov: s.cov, madNs: s.mad, minNs: s.min, maxNs: s.max, p90Ns: s.p90, p99Ns: s.p99, meanCi95LowNs: s.meanCi95.low, meanCi95HighNs: s.meanCi95.high, medianCi95LowNs: s.medianCi95.low, medianCi95HighNs: s.medianCi95.high, outliers: s.outliers.length };
}
