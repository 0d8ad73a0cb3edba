// Campaigns and their statistics as tables for people.
import type { CampaignDetail, CampaignInfo, RunRow } from "../../campaign/readModels.js";
import { formatMeasure, formatNs } from "../../format/numbers.js";
import { nodeFactorNotes } from "../../campaign/nodeFactor.js";
import { table } from "../../format/text.js";

export const countsText = (counts: Readonly<Record<string, number>>): string =>
  Object.entries(counts)
    .map(([k, v]) => `${v} ${k}`)
    .join(", ");

/** The measure's statistics per design × workload, and the groups whose runs ran on several nodes. */
export function campaignTable(d: CampaignDetail): string {
  const notes = nodeFactorNotes(d.groups).map((n) => `\nnote: ${n}`);
  const f = (v: number) => formatMeasure(d.measure.unit, v);
  return (
    table(
      [
        "design",
        "workload",
        "N",
        "mean",
        "median",
        "σ",
        "CoV",
        "MAD",
        "min",
        "max",
        "P90",
        "P99",
        "mean 95% CI",
        "outliers",
      ],
      d.groups.map((g) => {
        const s = g.summary;
        return s
          ? [
              g.design,
              g.workload,
              String(s.n),
              f(s.mean),
              f(s.median),
              f(s.std),
              s.cov.toFixed(3),
              f(s.mad),
              f(s.min),
              f(s.max),
              f(s.p90),
              f(s.p99),
              s.meanCi95 ? `${f(s.meanCi95.low)} – ${f(s.meanCi95.high)}` : "one run",
              String(s.outliers.length),
            ]
          : [g.design, g.workload, "0", ...Array<string>(11).fill("-")];
      }),
      new Set([0, 1]),
    ) + notes.join("")
  );
}

export function campaignList(cs: readonly CampaignInfo[]): string {
  const rows = [...cs]
    .sort((a, b) => a.id - b.id)
    .map((c) => [String(c.id), c.project, c.name, c.status, String(c.seed), countsText(c.counts)]);
  return table(["id", "project", "name", "status", "seed", "runs"], rows, new Set([1, 2, 3, 5]));
}

/** The runs; a node column where some ran through Slurm. */
export function runTable(rows: readonly RunRow[]): string {
  const nodes = rows.some((r) => r.node !== null);
  const head = [
    "run",
    "campaign",
    "design",
    "workload",
    "rep",
    "status",
    "wall",
    "max RSS",
    ...(nodes ? ["node"] : []),
    "message",
  ];
  return table(
    head,
    rows.map((r) => [
      String(r.id),
      r.campaignId === null ? "-" : String(r.campaignId),
      r.design ?? "-",
      r.workload ?? "-",
      `${r.warmup ? "warm-up" : r.repetition === null ? "-" : String(r.repetition)}${r.role === "timing" ? " plain" : ""}`,
      r.status,
      r.wallNs === null ? "-" : formatNs(r.wallNs),
      r.peakRssKb === null ? "-" : `${r.peakRssKb} kB`,
      ...(nodes ? [r.node ?? "-"] : []),
      r.message ?? "",
    ]),
    new Set(nodes ? [2, 3, 5, 8, 9] : [2, 3, 5, 8]),
  );
}
