// Least-squares fits of paper 002's appendix A: linear models y = a + b·x
// (A.1.1), constant models (A.1.2) and powerlaw models y = a·x^b fitted by
// linear regression on (log x, log y) (A.1.3), with the R² of A.1.5 and the
// standard error S = √(Σ(ŷ − y)² / (k − 2)). Sums are taken about the means
// (two passes), the numerically stable way A.1.4 asks for.

export interface LinearFit {
  /** Intercept and slope: ŷ = a + b·x. */
  readonly a: number;
  readonly b: number;
  /** Share of y's variance the fit accounts for (A.1.5); 0 when x does not vary. */
  readonly r2: number;
  /** Points used. */
  readonly n: number;
}

export interface PowerFit {
  /** ŷ = a·x^b. */
  readonly a: number;
  readonly b: number;
  /** R² in log space (A.1.5: "with x replaced by log x and y replaced by log y"). */
  readonly r2: number;
  /** Points used: those with x > 0 and y > 0. */
  readonly n: number;
  /** Points left out because y (or x) was 0 (§2.3.2: "the number of ignored points is reported"). */
  readonly ignored: number;
}

/** y = a + b·x by least squares over the points at `use` (all when null). */
export function linearFit(x: ArrayLike<number>, y: ArrayLike<number>, use: ArrayLike<number> | null = null): LinearFit {
  const n = use ? use.length : x.length;
  const at = (i: number) => (use ? use[i] : i);
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[at(i)];
    my += y[at(i)];
  }
  mx /= n;
  my /= n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[at(i)] - mx;
    const dy = y[at(i)] - my;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
  }
  const b = sxx > 0 ? sxy / sxx : 0;
  const r2 = sxx > 0 && syy > 0 ? (sxy * sxy) / (sxx * syy) : syy === 0 ? 1 : 0;
  return { a: my - b * mx, b, r2, n };
}

/** y = a·x^b by linear regression of log y on log x, points with x or y ≤ 0 left out. */
export function powerFit(x: ArrayLike<number>, y: ArrayLike<number>): PowerFit {
  const { lx, ly } = logPoints(x, y);
  if (lx.length === 0) return { a: NaN, b: NaN, r2: 0, n: 0, ignored: x.length };
  const f = linearFit(lx, ly);
  return { a: Math.exp(f.a), b: f.b, r2: f.r2, n: f.n, ignored: x.length - lx.length };
}

/** (log x, log y) of the points where both are positive: what a powerlaw is fitted to (A.1.3). */
export function logPoints(x: ArrayLike<number>, y: ArrayLike<number>): { lx: number[]; ly: number[] } {
  const lx: number[] = [];
  const ly: number[] = [];
  for (let i = 0; i < x.length; i++) {
    if (x[i] > 0 && y[i] > 0) {
      lx.push(Math.log(x[i]));
      ly.push(Math.log(y[i]));
    }
  }
  return { lx, ly };
}

/** Sum of squared log residuals, Σ (log (ŷ/y))² over the points with y > 0 (the relative error a
 * powerlaw fit minimises, 002 §3.9); Infinity where the model predicts a cost ≤ 0 for such a point. */
export function logError(predict: (x: number) => number, x: ArrayLike<number>, y: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) {
    if (!(y[i] > 0)) continue;
    const p = predict(x[i]);
    if (!(p > 0)) return Infinity;
    s += Math.log(p / y[i]) ** 2;
  }
  return s;
}

/** The standard error of A.1.5: √(Σ(ŷ − y)² / (k − 2)). */
export function standardError(predict: (x: number) => number, x: ArrayLike<number>, y: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += (predict(x[i]) - y[i]) ** 2;
  return x.length > 2 ? Math.sqrt(s / (x.length - 2)) : NaN;
}
