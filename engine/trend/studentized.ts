// Studentized (bootstrap-t) intervals (Efron & Tibshirani 1993 §12.5; Davison &
// Hinkley 1997 §5.2.1, §6.3): each resample's estimate is divided by its own
// standard error, t* = (θ* − θ̂)/se*, and the interval is θ̂ − t*₀.₉₇₅·se …
// θ̂ − t*₀.₀₂₅·se. Paper 002 §2.3.2 uses the percentile method, which covers
// 89–92% for a nominal 95% on small campaigns (issue 28 item 5b: 9 sizes × 2
// repetitions): percentiles of a resampled slope carry the normal's quantiles,
// not Student's, and a pairs resample of few workloads understates the spread.
// Never narrower than the Student t interval of the same fit: with four or five
// workloads a residual resample has so few distinct values that its t* is too
// short-tailed (measured: 90% coverage at k = 4), and the t interval is exact
// for normal errors; the bootstrap widens it for skewed or heavy-tailed ones.
import { tCritical } from "../stats/meanInterval.js";

/** 95% intervals. */
export const CONFIDENCE = 0.95;

export interface Interval {
  readonly low: number;
  readonly high: number;
}

/** One quantity's bootstrap: its estimate and standard error, and the resamples' t* values. */
export interface StudentizedDraws {
  readonly estimate: number;
  readonly se: number;
  /** Degrees of freedom of the fit's residuals, for the t interval beside the bootstrap's. */
  readonly df: number;
  /** (θ* − θ̂)/se*, one per usable resample. */
  readonly t: Float64Array;
}

/** The studentized interval, widened to the Student t interval where that is wider. */
export function studentizedInterval(d: StudentizedDraws): Interval {
  const { estimate, se } = d;
  if (!Number.isFinite(estimate) || !Number.isFinite(se)) return { low: NaN, high: NaN };
  // An exact fit (counts that follow the model to the last unit) has no spread to resample.
  if (se === 0) return { low: estimate, high: estimate };
  const tc = d.df > 0 ? tCritical(CONFIDENCE, d.df) : Infinity;
  let low = estimate - tc * se;
  let high = estimate + tc * se;
  if (d.t.length > 0) {
    const t = d.t.slice();
    low = Math.min(low, estimate - quantile(t, 1 - (1 - CONFIDENCE) / 2) * se);
    high = Math.max(high, estimate - quantile(t, (1 - CONFIDENCE) / 2) * se);
  }
  return { low, high };
}

/** The p-quantile of finite values, interpolated between order statistics (R's type 7), found by
 * selection, not a sort: a trends comparison asks two of each of some thirty intervals per fit, and
 * sorting the thousand t* values each time was a sixth of its time. The values are reordered. */
export function quantile(values: Float64Array, p: number): number {
  const h = (values.length - 1) * p;
  const lo = Math.floor(h);
  const low = select(values, lo);
  if (lo + 1 >= values.length) return low;
  // Selection leaves every value after `lo` at least values[lo]: the next order statistic is their least.
  let next = Infinity;
  for (let i = lo + 1; i < values.length; i++) if (values[i] < next) next = values[i];
  return low + (next - low) * (h - lo);
}

/** The k-th smallest value (from 0), by Hoare's selection: values[k] ends as it, those before it no larger and
 * those after no smaller. */
function select(a: Float64Array, k: number): number {
  let left = 0;
  let right = a.length - 1;
  while (right > left) {
    const pivot = a[(left + right) >>> 1];
    let i = left;
    let j = right;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const x = a[i];
        a[i++] = a[j];
        a[j--] = x;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else break;
  }
  return a[k];
}

/** The difference of two independent quantities (two designs' exponents), each resample's t* from the
 * two bootstraps' draws in step; degrees of freedom by Welch–Satterthwaite. */
export function differenceDraws(a: ExponentDraws, b: ExponentDraws): StudentizedDraws {
  const estimate = b.estimate - a.estimate;
  const va = a.se * a.se;
  const vb = b.se * b.se;
  const se = Math.sqrt(va + vb);
  const df =
    va + vb > 0
      ? (va + vb) ** 2 / ((va * va) / Math.max(1, a.df) + (vb * vb) / Math.max(1, b.df))
      : Math.min(a.df, b.df);
  const n = Math.min(a.values.length, b.values.length);
  const t = new Float64Array(n);
  let used = 0;
  for (let r = 0; r < n; r++) {
    const s = Math.sqrt(a.ses[r] ** 2 + b.ses[r] ** 2);
    if (!(s > 0)) continue;
    t[used++] = (b.values[r] - a.values[r] - estimate) / s;
  }
  return { estimate, se, df, t: t.slice(0, used) };
}

/** An exponent's resampled values and their standard errors, in resample order (NaN where a resample
 * gave none), for differences between designs. */
export interface ExponentDraws {
  readonly estimate: number;
  readonly se: number;
  readonly df: number;
  readonly values: Float64Array;
  readonly ses: Float64Array;
}
