// Empirical complexity (paper 002 ch. 2) as text: the clusters ranked by their
// largest cost (§2.3.2), each with its model in each feature, R², the
// exponent's bootstrap interval and the prediction at 10 × f95.
import type { FeatureFit } from "../trend/bbTrendProf.js";
import type { TrendsResult } from "../trend/result.js";
import type { Exporter } from "./exporter.js";
import { table } from "./format.js";

/** A number for a table; "-" for none (a result read back from the cache holds null for NaN and ±Infinity). */
export function num(x: number | null): string {
  if (x === null || !Number.isFinite(x)) return "-";
  return Math.abs(x) >= 1e5 || (Math.abs(x) < 1e-2 && x !== 0) ? x.toExponential(2) : x.toFixed(2);
}

/** An exponent to two places, never "-0.00". */
const exponent = (b: number) => (Math.abs(b) < 0.005 ? "0.00" : b.toFixed(2));

/** "2.89·n^2.00" or "12.00 + 8.03·n" or "1323.65 − 0.49·n". */
export function modelText(f: FeatureFit): string {
  if (f.model === "power") return `${num(f.power.a)}·${f.feature}^${exponent(f.power.b)}`;
  return `${num(f.linear.a)} ${f.linear.b < 0 ? "−" : "+"} ${num(Math.abs(f.linear.b))}·${f.feature}`;
}

/** A location's name without the folders of its file. */
export function shortName(name: string): string {
  return name.replace(/^.*\/([^/]+:\d+)$/, "$1");
}

export function trendsText(r: TrendsResult): string {
  const rows = r.clusters.flatMap((c, i) =>
    c.fits.map((f, j) => [
      j === 0 ? String(i + 1) : "",
      j === 0 ? `${c.representativeIsFeature ? "feature " : ""}${shortName(c.name)}` : "",
      j === 0 ? String(c.members.length) : "",
      j === 0 ? num(c.maxCost) : "",
      j === 0 ? `${(c.maxShare * 100).toFixed(1)}%` : "",
      modelText(f),
      num(f.model === "power" ? f.power.r2 : f.linear.r2),
      f.intervals ? `${num(f.intervals.b.low)} … ${num(f.intervals.b.high)}` : "-",
      `${num(f.predictions[f.predictions.length - 1]?.value ?? NaN)} at ${num(f.predictions[f.predictions.length - 1]?.at ?? NaN)}`,
    ]),
  );
  return [
    `Empirical complexity of ${r.label} (paper 002, BB-TrendProf): ${r.runs.length} runs, costs from ${r.source}, features ${r.features.join(", ")}`,
    `${r.clusters.length} clusters of locations that vary together; ${r.discarded} locations nearly constant (σ < 10) left out`,
    "",
    table(["rank", "cluster", "locations", "max cost", "max share", "model", "R²", "exponent 95%", "prediction (10 × f95)"], rows, new Set([1, 5])),
    "",
    ...r.clusters.slice(0, 10).map((c, i) => `${i + 1}. ${shortName(c.name)}: ${c.members.map(shortName).join(", ")}`),
    ...r.notes.map((n) => `note: ${n}`),
  ].join("\n");
}

export const trendsTextExporter: Exporter<TrendsResult> = { mediaType: "text/plain", extension: "txt", render: (r) => trendsText(r) + "\n" };
