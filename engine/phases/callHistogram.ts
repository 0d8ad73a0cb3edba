// Calls over a run's time in fine bins, for §4.4's interval phases: the run
// cut into fixed-length intervals needs the calls made in each, and the run's
// span is known only at its end. The bins start 1 µs wide and double (pairs
// merged) whenever a call falls past the last, so memory stays BINS numbers
// and an interval's boundary is off by at most one bin: 1/BINS of the run.

/** Bins kept: an interval boundary errs by at most 1/4096 of the run. */
export const BINS = 4096;
const FIRST_WIDTH_NS = 1000;

export class CallHistogram {
  readonly counts = new Float64Array(BINS);
  widthNs = FIRST_WIDTH_NS;
  private origin = NaN;

  add(timeNs: number): void {
    if (Number.isNaN(this.origin)) this.origin = timeNs;
    let bin = Math.floor((timeNs - this.origin) / this.widthNs);
    while (bin >= BINS) {
      for (let i = 0; i < BINS / 2; i++) this.counts[i] = this.counts[2 * i] + this.counts[2 * i + 1];
      this.counts.fill(0, BINS / 2);
      this.widthNs *= 2;
      bin = Math.floor((timeNs - this.origin) / this.widthNs);
    }
    this.counts[Math.max(0, bin)]++;
  }

  /** Calls made before time t (ns), to the resolution of a bin: for runs of several threads, whose
   * calls arrive thread by thread, this is the run-wide count a single counter cannot give. */
  callsBefore(timeNs: number): number {
    if (Number.isNaN(this.origin)) return 0;
    const last = Math.min(BINS, Math.floor((timeNs - this.origin) / this.widthNs));
    let n = 0;
    for (let b = 0; b < last; b++) n += this.counts[b];
    return n;
  }

  /** Calls in each of `n` equal intervals of [start, end] (ns), each bin given to the interval holding its middle. */
  intervals(n: number, start: number, end: number): Float64Array {
    const out = new Float64Array(n);
    if (Number.isNaN(this.origin) || !(end > start) || n <= 0) return out;
    const length = (end - start) / n;
    for (let b = 0; b < BINS; b++) {
      if (this.counts[b] === 0) continue;
      const mid = this.origin + (b + 0.5) * this.widthNs;
      out[Math.min(n - 1, Math.max(0, Math.floor((mid - start) / length)))] += this.counts[b];
    }
    return out;
  }
}
