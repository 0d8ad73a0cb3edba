// Student t intervals of a least-squares line y = a + b·x (A.1.1) at feature
// values and of its slope: ŷ(x₀) ± t·s·√(1/k + (x₀ − x̄)²/Sxx), b ± t·s/√Sxx,
// s² = Σ r²/(k − 2) (A.1.5's standard error). The thesis gives intervals for
// its powerlaws only (§2.3.2); a line chosen as the model needs its own.
import { tCritical } from "../stats/meanInterval.js";
import { CONFIDENCE, type Interval } from "./studentized.js";

export function linearIntervals(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  at: readonly number[],
): { slope: Interval; predictions: Interval[] } | null {
  const k = x.length;
  if (k < 3) return null;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < k; i++) {
    mx += x[i] / k;
    my += y[i] / k;
  }
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < k; i++) {
    sxx += (x[i] - mx) ** 2;
    sxy += (x[i] - mx) * (y[i] - my);
  }
  if (!(sxx > 0)) return null;
  const b = sxy / sxx;
  const a = my - b * mx;
  let ss = 0;
  for (let i = 0; i < k; i++) ss += (y[i] - a - b * x[i]) ** 2;
  const s = Math.sqrt(ss / (k - 2));
  const t = tCritical(CONFIDENCE, k - 2);
  const around = (v: number, half: number): Interval => ({ low: v - half, high: v + half });
  return {
    slope: around(b, (t * s) / Math.sqrt(sxx)),
    predictions: at.map((x0) => around(a + b * x0, t * s * Math.sqrt(1 / k + (x0 - mx) ** 2 / sxx))),
  };
}
