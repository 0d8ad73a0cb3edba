// Empirical complexity (paper 002) in words for the Trends view: the models as
// the engine's text report words them (engine/trend/modelText.ts, shared so
// the view and the exports say the same), intervals, the location names, and
// the verdict on two designs. Pure: unit-tested without a browser.
import type { FeatureFit } from "../trend/bbTrendProf.js";
import type { Interval } from "../trend/bootstrap.js";
import type { TrendModel } from "../trend/modelChoice.js";
import type { DesignFit, LocationComparison } from "../trend/designTrends.js";
import { CALLS_SUFFIX, type TrendSource } from "../trend/costTables.js";
import { exponentText, modelText, offsetText } from "../trend/modelText.js";
import { num } from "../format/numbers.js";
import { shortName } from "../format/text.js";

export { exponentText, modelText, num, offsetText };

/** The models' names as people read them. */
export const modelName = (m: TrendModel): string =>
  m === "power" ? "powerlaw" : m === "linear" ? "linear" : "fixed cost + powerlaw";

/** A count or a feature value: whole numbers as they are ("32001", "4000"), the rest as the engine's text words them. */
export const plain = (x: number): string => (Number.isInteger(x) && Math.abs(x) < 1e5 ? String(x) : num(x));

/** x to `digits` places, or "—" for none (results read back from the cache hold null for NaN and ±Infinity). */
export const fixed = (x: number | null, digits = 2): string =>
  x === null || !Number.isFinite(x) ? "—" : x.toFixed(digits);

/** "+0.52" / "−0.03": a difference of exponents reads with its sign. */
export const signed = (x: number | null): string =>
  x === null || !Number.isFinite(x) ? "—" : (x >= 0 ? "+" : "−") + Math.abs(x).toFixed(2);

/** A relative error Σ (log ŷ/y)² (bbTrendProf.ts): small ones in scientific notation, "—" for none (Infinity, null from the cache). */
export const errorText = (e: number | null): string =>
  e === null || !Number.isFinite(e) ? "—" : e !== 0 && e < 0.01 ? e.toExponential(2) : e.toFixed(3);

/** "1.99 … 2.02", or "—" when there is none. */
export const intervalText = (i: Interval | null | undefined, digits = 2): string =>
  i ? `${fixed(i.low, digits)} … ${fixed(i.high, digits)}` : "—";

/** "2.89·n^2.00" / "12.0 + 8.03·n" with the model's name, for the alternatives. */
export const powerText = (f: FeatureFit): string =>
  f.power.n > 0 ? `${num(f.power.a)}·${f.feature}^${fixed(f.power.b)}` : "no powerlaw (costs or feature ≤ 0)";
export const linearText = (f: FeatureFit): string => `${num(f.linear.a)} + ${num(f.linear.b)}·${f.feature}`;

/** R² of the model the engine chose (the powerlaw's and a + b·x^c's are taken in log space, A.1.5). */
export const chosenR2 = (f: FeatureFit): number => f.r2;

/** SE / mean as a percentage (§3.4.5 puts the standard error beside the cost). */
export const relativeErrorText = (f: FeatureFit): string =>
  Number.isFinite(f.relativeError) ? `${(f.relativeError * 100).toFixed(1)}%` : "—";

/** The chosen model's prediction at 10 × f95 (the last the engine makes) with its 95% interval, or why
 * there is none ("no trend", a cost ≤ 0). */
export function predictionText(f: FeatureFit): string {
  const p = f.predictions[f.predictions.length - 1];
  if (!p) return "—";
  if (p.value === null) return p.withheld ?? "—";
  const i = p.interval;
  return `${plain(p.value)}${i ? ` (${plain(i.low)} … ${plain(i.high)})` : ""}`;
}

/** A location as a person reads it: a source line by its file's basename, a function by its name,
 * with what is counted ("self Ir", "calls") apart. `title` keeps the full name for a tooltip. */
export function locationLabel(name: string): {
  readonly label: string;
  readonly detail: string;
  readonly title: string;
} {
  const fn = /^(.*) \(([^()]+)\)$/.exec(name);
  if (fn) return { label: fn[1], detail: fn[2], title: name };
  return { label: shortName(name), detail: "", title: name };
}

/** What a cluster's cost counts, for the axis: calls when every member is a call count, else the source's unit. */
export function costUnit(source: TrendSource, members: readonly string[]): string {
  if (members.length > 0 && members.every((m) => m.endsWith(CALLS_SUFFIX))) return "calls";
  return source === "gcov" ? "line executions" : source === "callgrind" ? "instructions (Ir)" : "time (ns)";
}

/** One design's fitted model at a location, or why there is none. */
export const designFitText = (f: DesignFit | null, feature: string): string =>
  f ? (f.fit.power.n > 0 ? modelText({ ...f.fit, feature }) : "no powerlaw") : "not reached";

/** b_B − b_A with its interval: "+0.52 (+0.25 … +0.79)". */
export function differenceText(l: LocationComparison): string {
  const d = l.exponentDifference;
  if (!d) return "—";
  return `${signed(d.value)}${d.interval ? ` (${signed(d.interval.low)} … ${signed(d.interval.high)})` : ""}`;
}

export const crossoverText = (l: LocationComparison): string =>
  l.crossover === null ? "—" : `${num(l.crossover)}${l.crossoverMeasured ? "" : " (outside)"}`;
export const observedText = (l: LocationComparison): string =>
  l.observedCrossing ? `${plain(l.observedCrossing[0])} … ${plain(l.observedCrossing[1])}` : "—";

/** The design a result names (its label, "merge (campaign 1)") by the short name the view was opened with. */
export function designName(
  label: string | null,
  designs: readonly [string, string],
  names: readonly [string, string],
): string | null {
  if (label === null) return null;
  const i = designs.indexOf(label);
  return i >= 0 ? names[i] : label;
}

/** The verdict on one location (the whole program): which design scales worse and by how much, and
 * whether and where the fits cross — only what scalesWorse, exponentDifference and the crossings say. */
export function verdictText(
  l: LocationComparison,
  feature: string,
  designs: readonly [string, string],
  names: readonly [string, string],
): string {
  const d = l.exponentDifference;
  if (!d)
    return `${l.name}: not fitted under both designs (a design never reaches it or has fewer than 3 runs with a cost).`;
  const worse = designName(l.scalesWorse, designs, names);
  const lead = worse
    ? `${worse} scales worse: its exponent in ${feature} is larger by ${fixed(d.value === null ? null : Math.abs(d.value))}${d.interval ? ` (95% interval of B − A: ${signed(d.interval.low)} … ${signed(d.interval.high)})` : ""}.`
    : `Neither design is shown to scale worse: the exponents differ by ${signed(d.value)} (B − A)${d.interval ? `, and the 95% interval ${signed(d.interval.low)} … ${signed(d.interval.high)} includes 0` : ", with no interval"}.`;
  // Beyond the crossing the larger exponent costs more: B's when b_B − b_A > 0.
  const costlier = d.value > 0 ? names[1] : names[0];
  const cheaper = d.value > 0 ? names[0] : names[1];
  const cross =
    l.crossover === null
      ? " The fits do not cross."
      : l.crossoverMeasured
        ? ` The fits cross at ${feature} ≈ ${num(l.crossover)}, inside the measured range: beyond it ${cheaper} is the cheaper, below it ${costlier}.`
        : ` The fits would cross at ${feature} ≈ ${num(l.crossover)}, outside the measured range.`;
  const seen = l.observedCrossing
    ? ` The measured costs change order between ${feature} = ${plain(l.observedCrossing[0])} and ${plain(l.observedCrossing[1])}.`
    : "";
  // The exponents compared are those of the model that fits each design (a start-up cost bends a plain powerlaw).
  const models = l.fits.every((f) => f !== null)
    ? ` Exponents of the models that fit: ${l.fits.map((f, i) => `${names[i]} ${exponentText(f!.fit)}, ${modelName(f!.fit.model)}`).join("; ")}.`
    : "";
  return lead + cross + seen + models;
}
