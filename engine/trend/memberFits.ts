// A cluster's members fitted one by one (issue 28 item 5a). Paper 002 §2.3.1
// clusters locations whose costs fit each other linearly with R² > 1 − α over
// the measured workloads; that says nothing of how they grow beyond them. A
// cluster of an n^1.5 member and an n²/64 member fits n^1.66 as a whole, and
// extrapolated to 10·f95 it misses the truth by 40%. So every member gets its
// own model (the thesis's powerlaw or line, by AICc as for the cluster) with a
// Student t interval of its exponent; where two members' intervals are
// disjoint, the costliest members' models (the rest as one more) are summed,
// as CF-TrendProf's derived models sum the models of their parts (§3.4.2),
// and the sum's prediction with a bootstrap interval is set beside the
// cluster's own. When the sum falls outside the cluster's interval
// the cluster's predictions are widened to cover both, and said so.
import { tCritical } from "../stats/meanInterval.js";
import { seededRandom } from "../stats/random.js";
import { orderedLogPoints } from "./bootstrap.js";
import type { Series } from "./clusters.js";
import { MIN_DISTINCT_VALUES } from "./featureSelection.js";
import type { Prediction } from "./featureFit.js";
import { CONFIDENCE, quantile, type Interval } from "./studentized.js";
import { aicc, MODEL_PARAMETERS } from "./modelChoice.js";
import { logError } from "./regression.js";

/** Members summed one by one; the rest are summed into one more term (a cluster may hold thousands of lines). */
export const SUMMED_MEMBERS = 8;

export interface MemberFit {
  readonly name: string;
  /** The member's own model, the thesis's two chosen between by AICc as for the cluster (modelChoice.ts):
   * null when it has fewer than 3 distinct positive points. */
  readonly model: "power" | "linear" | null;
  /** Its exponent: a powerlaw's b, a line's 1 (null: no model). */
  readonly b: number | null;
  /** The exponent's Student t interval (log space, A.1.3); a line's is 1 exactly, by its form. */
  readonly interval: Interval | null;
  readonly maxCost: number;
}

export interface MemberFits {
  /** Costliest first. */
  readonly fits: readonly MemberFit[];
  /** Two members' exponent intervals are disjoint: the members grow differently. */
  readonly disagree: boolean;
  /** The members' models summed at each prediction point, with a 95% bootstrap interval (only when they disagree). */
  readonly sum: readonly { readonly at: number; readonly value: number; readonly interval: Interval }[] | null;
}

/** One member's model as a line through (u, v): u = log x and v = log y for a powerlaw, x and y for a line. */
interface Term {
  readonly model: "power" | "linear";
  readonly u: number[];
  readonly v: number[];
  readonly alpha: number;
  readonly beta: number;
  /** Residuals over √(1 − leverage), centred (as in bootstrap.ts). */
  readonly residuals: number[];
  readonly se: number;
}

export function fitMembers(
  members: readonly Series[],
  x: ArrayLike<number>,
  predictions: readonly Prediction[],
  seed: number,
  resamples: number,
): MemberFits {
  const ranked = members
    .map((m) => ({ m, max: maxOf(m.values) }))
    .sort((p, q) => q.max - p.max || (p.m.name < q.m.name ? -1 : 1));
  const fits = ranked.map(({ m, max }) => ({ name: m.name, maxCost: max, ...ownModel(x, m.values) }));
  const intervals = fits.flatMap((f) => (f.interval ? [f.interval] : []));
  const disagree =
    intervals.length >= 2 && Math.max(...intervals.map((i) => i.low)) > Math.min(...intervals.map((i) => i.high));
  if (!disagree) return { fits, disagree, sum: null };
  // The costliest members one by one and the rest as one series.
  const rest = new Float64Array(x.length);
  for (const { m } of ranked.slice(SUMMED_MEMBERS)) for (let i = 0; i < x.length; i++) rest[i] += m.values[i];
  const terms = [
    ...ranked.slice(0, SUMMED_MEMBERS).map(({ m }) => m.values),
    ...(ranked.length > SUMMED_MEMBERS ? [rest] : []),
  ]
    .map((v) => term(x, v))
    .filter((t): t is Term => t !== null);
  return { fits, disagree, sum: predictions.map((p, j) => summed(terms, p.at, seed + j, resamples)) };
}

/** A member's model and exponent in one pass over its points, without the residuals a bootstrap needs:
 * a cluster may hold tens of thousands of locations (002 Figure 2.4: elsa's 22,382). */
function ownModel(x: ArrayLike<number>, y: ArrayLike<number>): Pick<MemberFit, "model" | "b" | "interval"> {
  const k = x.length;
  let n = 0;
  let mu = 0;
  let mv = 0;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < k; i++) {
    mx += x[i] / k;
    my += y[i] / k;
    if (x[i] > 0 && y[i] > 0) {
      n++;
      mu += Math.log(x[i]);
      mv += Math.log(y[i]);
    }
  }
  if (n < MIN_DISTINCT_VALUES) return { model: null, b: null, interval: null };
  mu /= n;
  mv /= n;
  let suu = 0;
  let suv = 0;
  let sxx = 0;
  let sxy = 0;
  const xs = new Set<number>();
  for (let i = 0; i < k; i++) {
    sxx += (x[i] - mx) ** 2;
    sxy += (x[i] - mx) * (y[i] - my);
    if (x[i] > 0 && y[i] > 0) {
      const du = Math.log(x[i]) - mu;
      suu += du * du;
      suv += du * (Math.log(y[i]) - mv);
      if (xs.size < MIN_DISTINCT_VALUES) xs.add(x[i]);
    }
  }
  if (xs.size < MIN_DISTINCT_VALUES || !(suu > 0)) return { model: null, b: null, interval: null };
  const beta = suv / suu;
  const alpha = mv - beta * mu;
  const slope = sxx > 0 ? sxy / sxx : 0;
  const intercept = my - slope * mx;
  // Both models' errors in log space over the points with a cost (modelChoice.ts), the powerlaw's its own residuals.
  let powerError = 0;
  let linearError = 0;
  for (let i = 0; i < k; i++) {
    if (!(y[i] > 0)) continue;
    const ly = Math.log(y[i]);
    if (x[i] > 0) powerError += (ly - alpha - beta * Math.log(x[i])) ** 2;
    else powerError = Infinity;
    const p = intercept + slope * x[i];
    linearError = p > 0 ? linearError + (Math.log(p) - ly) ** 2 : Infinity;
  }
  const linear =
    (aicc(linearError, n, MODEL_PARAMETERS.linear) ?? Infinity) <
    (aicc(powerError, n, MODEL_PARAMETERS.power) ?? Infinity);
  if (linear) return { model: "linear", b: 1, interval: { low: 1, high: 1 } };
  const se = Math.sqrt(powerError / (n - 2) / suu);
  const half = se === 0 ? 0 : tCritical(CONFIDENCE, n - 2) * se;
  return { model: "power", b: beta, interval: { low: beta - half, high: beta + half } };
}

const maxOf = (v: ArrayLike<number>) => {
  let m = 0;
  for (let i = 0; i < v.length; i++) m = Math.max(m, v[i]);
  return m;
};

const evaluate = (t: Pick<Term, "model" | "alpha" | "beta">, x0: number) =>
  t.model === "power" ? Math.exp(t.alpha + t.beta * Math.log(x0)) : t.alpha + t.beta * x0;

/** Σ of the terms' predictions at x0, and a percentile interval from a residual bootstrap that draws the
 * same workloads for every term (members of one cluster vary together, so their errors are not independent). */
function summed(
  terms: readonly Term[],
  x0: number,
  seed: number,
  resamples: number,
): { at: number; value: number; interval: Interval } {
  const value = terms.reduce((s, t) => s + evaluate(t, x0), 0);
  const random = seededRandom(seed);
  const k = Math.max(...terms.map((t) => t.u.length));
  const pick = new Int32Array(k);
  const draws = new Float64Array(resamples);
  const ys = new Float64Array(k);
  for (let r = 0; r < resamples; r++) {
    for (let i = 0; i < k; i++) pick[i] = Math.floor(random() * k);
    let s = 0;
    for (const t of terms) {
      const n = t.u.length;
      for (let i = 0; i < n; i++) ys[i] = t.alpha + t.beta * t.u[i] + t.residuals[pick[i] % n];
      s += evaluate({ model: t.model, ...fitLine(t.u, ys.subarray(0, n)) }, x0);
    }
    draws[r] = s;
  }
  draws.sort();
  return {
    at: x0,
    value,
    interval: { low: quantile(draws, (1 - CONFIDENCE) / 2), high: quantile(draws, 1 - (1 - CONFIDENCE) / 2) },
  };
}

/** The member's powerlaw or line, whichever has the smaller AICc on the relative error (they have as many parameters). */
function term(x: ArrayLike<number>, values: ArrayLike<number>): Term | null {
  const { lx, ly } = orderedLogPoints(x, values);
  if (new Set(lx).size < MIN_DISTINCT_VALUES) return null;
  const power = fitLine(lx, ly);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < x.length; i++) {
    xs.push(x[i]);
    ys.push(values[i]);
  }
  const linear = fitLine(xs, ys);
  const powerError = logError((v) => Math.exp(power.alpha + power.beta * Math.log(v)), x, values);
  const linearError = logError((v) => linear.alpha + linear.beta * v, x, values);
  const k = lx.length;
  const [model, u, v, line] =
    (aicc(linearError, k, MODEL_PARAMETERS.linear) ?? Infinity) <
    (aicc(powerError, k, MODEL_PARAMETERS.power) ?? Infinity)
      ? (["linear", xs, ys, linear] as const)
      : (["power", lx, ly, power] as const);
  const n = u.length;
  const mu = u.reduce((s, q) => s + q, 0) / n;
  const sxx = u.reduce((s, q) => s + (q - mu) ** 2, 0);
  const raw = u.map((q, i) => v[i] - line.alpha - line.beta * q);
  const e = raw.map((r, i) => r / Math.sqrt(Math.max(1e-12, 1 - 1 / n - (u[i] - mu) ** 2 / sxx)));
  const mean = e.reduce((s, q) => s + q, 0) / n;
  const rss = raw.reduce((s, q) => s + q * q, 0);
  return {
    model,
    u: [...u],
    v: [...v],
    alpha: line.alpha,
    beta: line.beta,
    residuals: e.map((q) => q - mean),
    se: Math.sqrt(rss / (n - 2) / sxx),
  };
}

function fitLine(u: ArrayLike<number>, v: ArrayLike<number>): { alpha: number; beta: number } {
  const k = u.length;
  let mu = 0;
  let mv = 0;
  for (let i = 0; i < k; i++) {
    mu += u[i] / k;
    mv += v[i] / k;
  }
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < k; i++) {
    sxx += (u[i] - mu) ** 2;
    sxy += (u[i] - mu) * (v[i] - mv);
  }
  const beta = sxx > 0 ? sxy / sxx : 0;
  return { alpha: mv - beta * mu, beta };
}
