// A Summary as one flat row of named numbers (CSV columns), in the unit of the
// measure beside it (the row's `unit` column: ns, KiB or a count). Every key is
// present, null where there is no value, so a table's header never depends on
// which row comes first.
import type { Summary } from "../stats/summary.js";

export function flatSummary(s: Summary | null): Record<string, number | null> {
  return {
    n: s?.n ?? 0,
    mean: s?.mean ?? null,
    median: s?.median ?? null,
    std: s?.std ?? null,
    cov: s?.cov ?? null,
    mad: s?.mad ?? null,
    min: s?.min ?? null,
    max: s?.max ?? null,
    p90: s?.p90 ?? null,
    p99: s?.p99 ?? null,
    meanCi95Low: s?.meanCi95?.low ?? null,
    meanCi95High: s?.meanCi95?.high ?? null,
    medianCi95Low: s?.medianCi95.low ?? null,
    medianCi95High: s?.medianCi95.high ?? null,
    outliers: s ? s.outliers.length : null,
  };
}
