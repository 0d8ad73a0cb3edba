// Empirical complexity (paper 002 ch. 2) as text: the clusters ranked by their
// largest cost (§2.3.2), each with its model in each feature, R², the
// exponent's bootstrap interval and the prediction at 10 × f95.
import type { ClusterFit, TrendCluster } from "../trend/bbTrendProf.js";
import type { TrendsResult } from "../trend/result.js";
import type { Exporter } from "./exporter.js";
import { shortName, table } from "../format/text.js";
import { num } from "../format/numbers.js";
import { exponent, exponentText, modelText } from "../trend/modelText.js";

export function trendsText(r: TrendsResult): string {
  const rows = r.clusters.flatMap((c, i) =>
    c.fits.map((f, j) => [
      j === 0 ? String(i + 1) : "",
      j === 0 ? `${c.representativeIsFeature ? "feature " : ""}${shortName(c.name)}` : "",
      j === 0 ? String(c.members.length) : "",
      j === 0 ? num(c.maxCost) : "",
      j === 0 ? `${(c.maxShare * 100).toFixed(1)}%` : "",
      f.noTrend !== null ? `no trend in ${f.feature}` : modelText(f),
      num(f.r2),
      f.noTrend !== null ? "-" : exponentText(f),
      predictionCell(f),
    ]),
  );
  const mixed = r.clusters.flatMap((c, i) => c.fits.filter((f) => f.widened).map((f) => mixedLine(i + 1, c, f)));
  const noTrend = r.clusters
    .flatMap((c, i) => c.fits.filter((f) => f.noTrend !== null).map((f) => ({ i, f })))
    .slice(0, NO_TREND_LINES);
  return [
    `Empirical complexity of ${r.label} (paper 002, BB-TrendProf): ${r.runs.length} runs, costs from ${r.source}, features ${r.features.join(", ")}`,
    `${r.clusters.length} clusters of locations that vary together; ${r.discarded} locations nearly constant (σ < 10) left out`,
    "model: powerlaw, linear, or a fixed cost plus a powerlaw, whichever fits by AICc on the relative error; exponent and predictions with 95% studentized bootstrap intervals",
    "",
    table(
      [
        "rank",
        "cluster",
        "locations",
        "max cost",
        "max share",
        "model",
        "R²",
        "exponent (95%)",
        "prediction at 10 × f95 (95%)",
      ],
      rows,
      new Set([1, 5, 8]),
    ),
    "",
    ...mixed,
    ...noTrend.map(({ i, f }) => `${i + 1}. no trend in ${f.feature}: ${f.noTrend}`),
    ...r.clusters.slice(0, 10).map((c, i) => `${i + 1}. ${shortName(c.name)}: ${c.members.map(shortName).join(", ")}`),
    ...r.notes.map((n) => `note: ${n}`),
  ].join("\n");
}

/** Fits shown as "no trend" whose reason the text spells out. */
const NO_TREND_LINES = 10;

function predictionCell(f: ClusterFit): string {
  const p = f.predictions[f.predictions.length - 1];
  if (!p) return "-";
  if (p.value === null) return p.withheld ?? "-";
  return `${num(p.value)} at ${num(p.at)}${p.interval ? ` (${num(p.interval.low)} … ${num(p.interval.high)})` : ""}${f.widened ? " widened" : ""}`;
}

/** A cluster whose members grow differently (memberFits.ts), with each summed member's exponent. */
function mixedLine(rank: number, c: TrendCluster, f: ClusterFit): string {
  const shown = (f.members?.fits ?? []).filter((m) => m.b !== null).slice(0, 4);
  const members = shown
    .map(
      (m) =>
        `${shortName(m.name)} ${m.model === "linear" ? "linear" : `${f.feature}^${exponent(m.b!)}${m.interval ? ` (${num(m.interval.low)} … ${num(m.interval.high)})` : ""}`}`,
    )
    .join(", ");
  const sum = f.members?.sum?.[f.members.sum.length - 1];
  return `${rank}. ${shortName(c.name)}: its locations grow differently in ${f.feature} (${members}${(f.members?.fits.length ?? 0) > shown.length ? ", …" : ""}); the sum of their fits predicts ${sum ? num(sum.value) : "-"} at ${sum ? num(sum.at) : "-"}, outside the cluster's interval, so its prediction intervals were widened to cover both`;
}

export const trendsTextExporter: Exporter<TrendsResult> = {
  mediaType: "text/plain",
  extension: "txt",
  render: (r) => trendsText(r) + "\n",
};
