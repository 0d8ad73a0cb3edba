// Two designs' empirical complexity as text: per location both designs' fitted
// models (the one that fits by AICc), the difference of their exponents with
// its interval, the crossing of the fits and the crossing seen in the data,
// the whole program first.
import type { LocationComparison } from "../trend/designTrends.js";
import { WHOLE_PROGRAM } from "../trend/result.js";
import type { TrendComparisonResult } from "../trend/result.js";
import type { Exporter } from "./exporter.js";
import { table, shortName } from "../format/text.js";
import { exponentText, modelText } from "../trend/modelText.js";
import { num } from "../format/numbers.js";

/** How many locations the text lists beyond the whole program. */
const TEXT_LOCATIONS = 20;

export function trendComparisonText(r: TrendComparisonResult): string {
  const [a, b] = r.designs;
  const fit = (l: LocationComparison, i: 0 | 1) => {
    const f = l.fits[i];
    if (!f) return "not reached";
    if (!(f.fit.power.n > 0)) return "no powerlaw (costs or feature ≤ 0)";
    return `${f.fit.noTrend !== null ? "no trend: " : ""}${modelText({ ...f.fit, feature: r.feature })}`;
  };
  const rows = r.locations
    .slice(0, TEXT_LOCATIONS + 1)
    .map((l) => [
      shortName(l.name),
      fit(l, 0),
      fit(l, 1),
      l.exponentDifference
        ? `${signed(l.exponentDifference.value)}${l.exponentDifference.interval ? ` (${signed(l.exponentDifference.interval.low)} … ${signed(l.exponentDifference.interval.high)})` : ""}`
        : "-",
      l.crossover === null ? "-" : `${num(l.crossover)}${l.crossoverMeasured ? "" : " (outside)"}`,
      l.observedCrossing ? `${num(l.observedCrossing[0])} … ${num(l.observedCrossing[1])}` : "-",
      l.scalesWorse ?? "neither shown",
    ]);
  const whole = r.locations.find((l) => l.name === WHOLE_PROGRAM);
  return [
    `Empirical complexity of ${r.labels.a} (A) and ${r.labels.b} (B) in ${r.feature}, costs from ${r.source} (paper 002; per design the powerlaw, linear or fixed cost + powerlaw model, whichever fits by AICc; exponents compared with 95% studentized bootstrap intervals)`,
    whole ? verdictLine(whole, a, b, r.feature) : "",
    whole ? exponentsLine(whole, a, b) : "",
    "",
    table(
      ["location", `A: ${a}`, `B: ${b}`, "exponent B − A (95%)", "fits cross at", "data cross between", "scales worse"],
      rows,
      new Set([0, 1, 2, 6]),
    ),
    r.locations.length > TEXT_LOCATIONS + 1
      ? `… ${r.locations.length - TEXT_LOCATIONS - 1} more locations (--csv or --json lists them all)`
      : "",
    ...r.notes.map((n) => `note: ${n}`),
  ]
    .filter((line, i) => line !== "" || i === 2)
    .join("\n");
}

/** Each design's model of the whole program and the exponent the verdict compares. */
function exponentsLine(l: LocationComparison, a: string, b: string): string {
  const one = (name: string, f: LocationComparison["fits"][number]) =>
    f
      ? `${name} ${f.fit.model === "offset" ? "a fixed cost + powerlaw" : f.fit.model === "power" ? "a powerlaw" : "a line"}, exponent ${exponentText(f.fit)}`
      : `${name} not fitted`;
  return `Exponents compared: ${one(a, l.fits[0])}; ${one(b, l.fits[1])}.`;
}

export function verdictLine(l: LocationComparison, a: string, b: string, feature: string): string {
  const d = l.exponentDifference;
  if (!d) return `The whole program could not be fitted under both designs.`;
  const worse = l.scalesWorse;
  const lead = worse
    ? `${worse} scales worse: its exponent in ${feature} is larger by ${Math.abs(d.value).toFixed(2)}`
    : `Neither design is shown to scale worse: the exponents differ by ${signed(d.value)}, an interval that includes 0`;
  // A crossing is reported only where the exponents are shown to differ (designTrends.ts), so `worse` names one design here.
  const cheaper = worse === a ? b : a;
  const cross =
    worse && l.crossover !== null
      ? l.crossoverMeasured
        ? `; the fits cross at ${feature} ≈ ${num(l.crossover)}, inside the measured range, so ${cheaper} is the cheaper beyond it`
        : `; the fits would cross at ${feature} ≈ ${num(l.crossover)}, outside the measured range`
      : "";
  return `${lead}${cross}.`;
}

const signed = (x: number | null) =>
  x === null || !Number.isFinite(x) ? "-" : (x >= 0 ? "+" : "−") + Math.abs(x).toFixed(2);

export const trendComparisonTextExporter: Exporter<TrendComparisonResult> = {
  mediaType: "text/plain",
  extension: "txt",
  render: (r) => trendComparisonText(r) + "\n",
};
