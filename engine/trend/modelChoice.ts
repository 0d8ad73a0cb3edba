// Which of a trend's models fits (beyond paper 002, issue 28 item 5e): the
// thesis's linear a + b·x and powerlaw a·x^b (§2, §3.4.1) and a fixed cost plus
// a powerlaw a + b·x^c (offsetPower.ts), chosen by the corrected Akaike
// information criterion (Hurvich & Tsai 1989) on the relative error each
// leaves, Σ (log ŷ/y)². Why AICc: the three models nest (a + b·x^c is the
// linear at c = 1 and the powerlaw at a = 0), so the third parameter must pay
// for itself, and AICc's correction is the one for campaigns of a few dozen
// workloads (k/p < 40, Burnham & Anderson 2002 §2.4); cross-validation would
// leave out workloads of a campaign of nine sizes and fit through the rest's
// gaps. §3.4.3's score is not used here: its units are percentage points of
// the mean in the cost's own unit, made for choosing among CF-TrendProf's
// derived models, and it would rank a fit to Ir and a fit to ns differently.
// Errors are taken in log space because the powerlaw is fitted there (A.1.3)
// and cost spans orders of magnitude across workloads.

export const TREND_MODELS = ["power", "linear", "offset"] as const;
export type TrendModel = (typeof TREND_MODELS)[number];

/** Parameters each model estimates, its residuals' variance counted too (AICc's p). */
export const MODEL_PARAMETERS: Readonly<Record<TrendModel, number>> = { power: 3, linear: 3, offset: 4 };

/** AICc a model with more parameters must win by (Burnham & Anderson 2002 §2.6: models within 2 of the
 * best "have substantial support"): closer than that, the simpler model is kept. */
export const AICC_MARGIN = 2;

/** A fit within this relative error of every point is exact (counts follow the model to rounding):
 * exact fits tie, and the one with fewer parameters is chosen. */
export const EXACT_RELATIVE_ERROR = 1e-9;

export interface ModelChoice {
  readonly model: TrendModel;
  /** Each model's AICc (null: not fitted, or too few points for its parameters: k − p − 1 ≤ 0). */
  readonly aicc: Readonly<Record<TrendModel, number | null>>;
}

/** AICc = k·ln(RSS/k) + 2p + 2p(p + 1)/(k − p − 1), or null where k − p − 1 ≤ 0. */
export function aicc(rss: number, k: number, p: number): number | null {
  if (!Number.isFinite(rss) || k - p - 1 <= 0) return null;
  const floor = k * EXACT_RELATIVE_ERROR ** 2;
  return k * Math.log(Math.max(rss, floor) / k) + 2 * p + (2 * p * (p + 1)) / (k - p - 1);
}

/** The model with the smallest AICc, unless one with fewer parameters comes within AICC_MARGIN of it; with
 * too few points for any AICc, the thesis's two by their error alone. */
export function chooseModel(errors: Readonly<Record<TrendModel, number>>, k: number): ModelChoice {
  const scores = Object.fromEntries(TREND_MODELS.map((m) => [m, aicc(errors[m], k, MODEL_PARAMETERS[m])])) as Record<
    TrendModel,
    number | null
  >;
  let best: TrendModel | null = null;
  for (const m of TREND_MODELS) {
    const s = scores[m];
    if (s !== null && (best === null || s < scores[best]!)) best = m;
  }
  if (best === null)
    return { model: Number.isFinite(errors.power) && errors.power <= errors.linear ? "power" : "linear", aicc: scores };
  // Fewer parameters are kept unless the extra one pays AICC_MARGIN.
  const chosen: TrendModel = best;
  const simpler = TREND_MODELS.filter((m) => scores[m] !== null && MODEL_PARAMETERS[m] < MODEL_PARAMETERS[chosen]);
  const fallback = simpler.reduce<TrendModel | null>((p, q) => (p === null || scores[q]! < scores[p]! ? q : p), null);
  if (fallback !== null && scores[fallback]! - scores[chosen]! < AICC_MARGIN) best = fallback;
  return { model: best, aicc: scores };
}
