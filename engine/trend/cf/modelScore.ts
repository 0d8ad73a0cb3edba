// The model score of paper 002 §3.4.3, smaller is better:
//   score = 100·S_y / (α + ȳ) + ℓ + V + t, α = 1111,
// S_y the standard error √(Σ(ŷ − y)² / (n − 2)) (A.1.5), ℓ = 0 for a simple
// linear model and 1 otherwise, V = 2 per workload feature and 3 per
// invocation feature the model uses (20 per loop count: uftrace sees no loops,
// so none arise here), t = 0.01 per term.
import type { Observations } from "./groupStats.js";
import type { FeatureValue } from "./directModels.js";
import { evaluate, featuresOf, isSimpleLinear, type Model } from "./symbolicModel.js";

/** §3.4.3: "a threshold of performance that is too small to bother modeling precisely". The thesis
 * counts loop iterations; here it is in the cost's own unit, so 1,111 ns (about the cost of a traced
 * call under uftrace) with --cost time, and 1,111 calls with --cost calls, where a variable that stays
 * below a thousand calls prefers its mean unless a model is clearly better. */
export const ALPHA = 1111;
/** §3.4.3's V: the price of each kind of feature a model uses. */
export const FEATURE_PRICE = { workload: 2, invocation: 3 } as const;
/** §3.4.3's t: 0.01 per term, a third tie-breaker. */
export const TERM_PRICE = 0.01;

export type FeatureKind = keyof typeof FEATURE_PRICE;

export interface ScoreBreakdown {
  readonly total: number;
  /** 100·S_y / (α + ȳ). */
  readonly error: number;
  readonly l: number;
  readonly v: number;
  readonly t: number;
}

export interface Scored {
  readonly score: ScoreBreakdown;
  readonly standardError: number;
  /** S_y / ȳ (§3.4.5: "the standard error divided by the mean", 0 a perfect model). */
  readonly relativeError: number;
}

export function scoreModel(
  m: Model,
  obs: Observations,
  value: FeatureValue,
  kindOf: (feature: string) => FeatureKind,
): Scored {
  let n = 0;
  let ss = 0;
  let sum = 0;
  for (const g of obs.groups.values()) {
    const k = g.moments.n;
    if (k === 0) continue;
    const predicted = evaluate(m, (f) => value(g, f));
    const d = predicted - g.moments.mean;
    ss += k * d * d + g.moments.m2;
    n += k;
    sum += k * g.moments.mean;
  }
  const mean = n > 0 ? sum / n : 0;
  // With two observations or fewer the thesis' n − 2 leaves nothing: the sum itself stands in.
  const se = Number.isFinite(ss) ? Math.sqrt(ss / Math.max(1, n - 2)) : Infinity;
  const error = (100 * se) / (ALPHA + Math.abs(mean));
  const l = isSimpleLinear(m) ? 0 : 1;
  let v = 0;
  for (const f of featuresOf(m)) v += FEATURE_PRICE[kindOf(f)];
  const t = TERM_PRICE * m.length;
  const total = Number.isFinite(error) ? error + l + v + t : Infinity;
  return {
    score: { total, error, l, v, t },
    standardError: se,
    relativeError: mean !== 0 ? se / Math.abs(mean) : se === 0 ? 0 : Infinity,
  };
}
