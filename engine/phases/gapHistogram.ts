// The gaps between consecutive calls within a run's requests, kept as a
// histogram so their median and median absolute deviation (step 3's robust
// threshold, requestWindows.ts) come from bounded memory however many calls
// the regular run makes. Gaps below LINEAR_BINS (ns, or calls) are counted
// exactly, each integer its own bin; longer ones in bins 1% wide, so the
// median and MAD err by at most 1% of the gap they fall on.

/** Gaps below this fall in bins one unit wide: whole calls, or ns, exactly. */
export const LINEAR_BINS = 64;
/** Above, each bin is this much wider than the last: 1% (median and MAD to within 1%). */
const RATIO = 1.01;
/** Bins enough for gaps up to 64 · 1.01^3000 ≈ 6e14 ns (a week); longer ones share the last. */
const LOG_BINS = 3000;

export class GapHistogram {
  readonly counts = new Float64Array(LINEAR_BINS + LOG_BINS);
  count = 0;

  add(gap: number): void {
    const g = Math.max(0, gap);
    const bin =
      g < LINEAR_BINS
        ? Math.floor(g)
        : LINEAR_BINS + Math.min(LOG_BINS - 1, Math.floor(Math.log(g / LINEAR_BINS) / Math.log(RATIO)));
    this.counts[bin]++;
    this.count++;
  }

  /** The value a bin stands for: its integer below LINEAR_BINS, its geometric middle above. */
  static value(bin: number): number {
    return bin < LINEAR_BINS ? bin : LINEAR_BINS * RATIO ** (bin - LINEAR_BINS + 0.5);
  }

  /** Median and median absolute deviation of the gaps (NaN when there are none). */
  medianAndMad(): { median: number; mad: number } {
    if (this.count === 0) return { median: NaN, mad: NaN };
    const bins: { value: number; n: number }[] = [];
    this.counts.forEach((n, b) => n > 0 && bins.push({ value: GapHistogram.value(b), n }));
    const median = weightedMedian(bins);
    const mad = weightedMedian(
      bins.map((b) => ({ value: Math.abs(b.value - median), n: b.n })).sort((a, b) => a.value - b.value),
    );
    return { median, mad };
  }
}

/** The lower weighted median of values sorted ascending. */
function weightedMedian(sorted: readonly { value: number; n: number }[]): number {
  const total = sorted.reduce((s, b) => s + b.n, 0);
  let seen = 0;
  for (const b of sorted) {
    seen += b.n;
    if (seen >= total / 2) return b.value;
  }
  return sorted[sorted.length - 1].value;
}
