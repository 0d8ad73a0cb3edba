// Direct models (paper 002 §3.4.1): a constant (the mean), and in every
// feature x a linear model a + b·x and a powerlaw a·x^b, fitted by least
// squares (appendix A.1) to a variable's compressed observations: group means
// weighted by their counts, which minimises the same sum of squares as the
// points themselves (groupStats.ts). Per-invocation variables pair each
// invocation's value with its workload's feature (§3.4.1, "Fitting Workload
// Features to Per-Invocation Variables").
import type { Group, Observations } from "./groupStats.js";
import { constant, linear, power, type Model } from "./symbolicModel.js";

export type FeatureValue = (g: Group, feature: string) => number;

export function constantModel(obs: Observations): Model {
  return constant(obs.mean);
}

/** a + b·x and a·x^b, or fewer where x does not vary over the observations (or, for the powerlaw, over those with x, y > 0). */
export function featureModels(obs: Observations, feature: string, value: FeatureValue): Model[] {
  const out: Model[] = [];
  const lin = weightedLine(
    obs,
    (g) => value(g, feature),
    (g) => g.moments.mean,
    (g) => g.moments.n,
  );
  if (lin) out.push(linear(feature, lin.a, lin.b));
  const pow = weightedLine(
    obs,
    (g) => Math.log(value(g, feature)),
    (g) => g.moments.meanLn,
    (g) => (value(g, feature) > 0 ? g.moments.nPos : 0),
  );
  if (pow) out.push(power(feature, Math.exp(pow.a), pow.b));
  return out;
}

/** Distinct x a fit needs: through two points any line fits exactly, and the score would take it for a perfect model. */
export const MIN_DISTINCT_X = 3;

/** Least squares y = a + b·x over the groups with weight w > 0 (two passes about the means, A.1.4); null when x takes fewer than MIN_DISTINCT_X values. */
function weightedLine(
  obs: Observations,
  x: (g: Group) => number,
  y: (g: Group) => number,
  w: (g: Group) => number,
): { a: number; b: number } | null {
  let sw = 0;
  let sx = 0;
  let sy = 0;
  const xs = new Set<number>();
  for (const g of obs.groups.values()) {
    const k = w(g);
    if (k <= 0) continue;
    sw += k;
    sx += k * x(g);
    sy += k * y(g);
    if (xs.size < MIN_DISTINCT_X) xs.add(x(g));
  }
  if (xs.size < MIN_DISTINCT_X || !Number.isFinite(sx) || !Number.isFinite(sy)) return null;
  const mx = sx / sw;
  const my = sy / sw;
  let sxx = 0;
  let sxy = 0;
  for (const g of obs.groups.values()) {
    const k = w(g);
    if (k <= 0) continue;
    const dx = x(g) - mx;
    sxx += k * dx * dx;
    sxy += k * dx * (y(g) - my);
  }
  // Relative to the spread of x itself: a feature equal in every workload has no slope.
  if (!(sxx > 1e-12 * sw * Math.max(1, mx * mx))) return null;
  const b = sxy / sxx;
  return { a: my - b * mx, b };
}
