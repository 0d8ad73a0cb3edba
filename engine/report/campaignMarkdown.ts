// A campaign's report in Markdown: its settings, run counts and the wall-time
// statistics of each design × workload.
import type { CampaignDetail } from "../campaign/readModels.js";
import type { Exporter } from "./exporter.js";
import { formatNs } from "./format.js";

export const campaignMarkdown: Exporter<CampaignDetail> = {
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
