// A campaign's report in three formats from one result (STYLE.md: exporters
// share one interface, one function per format, all fed the same data).
import type { CampaignDetail, ReportFile } from "../api/types.js";
import { toCsv } from "./csv.js";
import { flatSummary } from "./flatSummary.js";
import { formatNs } from "./format.js";

export type ReportFormat = "markdown" | "csv" | "json";

export interface Exporter {
  readonly mediaType: string;
  readonly extension: string;
  render(result: CampaignDetail): string;
}

const markdown: Exporter = {
  mediaType: "text/markdown",
  extension: "md",
  render(d) {
    const c = d.campaign;
    const cell = (s: string) => s.replace(/\|/g, "\\|");
    const rows = d.groups.map((g) => {
      const s = g.summary;
      const stats = s
        ? [String(s.n), formatNs(s.mean), formatNs(s.median), formatNs(s.std), s.cov.toFixed(3), `${formatNs(s.meanCi95.low)} – ${formatNs(s.meanCi95.high)}`, String(s.outliers.length)]
        : ["0", "-", "-", "-", "-", "-", "-"];
      return `| ${[g.design, g.workload, ...stats].map(cell).join(" | ")} |`;
    });
    return [
      `# Campaign ${c.id}: ${c.name}`,
      "",
      `Project ${c.project}; profiler ${c.profiler}; ${d.repetitions} repetitions and ${d.warmups} warm-up(s) per design × workload; seed ${c.seed}; status ${c.status}.`,
      `Runs: ${Object.entries(c.counts).map(([k, v]) => `${v} ${k}`).join(", ")}.`,
      "",
      "## Wall time per design × workload (succeeded, measured runs)",
      "",
      "| design | workload | N | mean | median | σ | CoV | mean 95% CI | outliers |",
      "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
      ...rows,
      "",
    ].join("\n");
  },
};

const csv: Exporter = {
  mediaType: "text/csv",
  extension: "csv",
  render: (d) => toCsv(d.groups.map((g) => ({ campaign: d.campaign.id, design: g.design, workload: g.workload, ...flatSummary(g.summary) }))) + "\n",
};

const json: Exporter = {
  mediaType: "application/json",
  extension: "json",
  render: (d) => JSON.stringify(d, null, 2) + "\n",
};

export const EXPORTERS: Readonly<Record<ReportFormat, Exporter>> = { markdown, csv, json };

export function campaignReport(d: CampaignDetail, format: ReportFormat): ReportFile {
  const e = EXPORTERS[format];
  return { fileName: `campaign-${d.campaign.id}-${d.campaign.name}.${e.extension}`, mediaType: e.mediaType, text: e.render(d) };
}
