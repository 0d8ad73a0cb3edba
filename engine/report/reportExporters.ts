// A campaign's report (its wall times, and two designs compared by every
// analysis that applies) by format. Apart from exporters.ts because its HTML
// draws charts with ECharts, a seventh of a second to load: the API loads this
// only when a report is made, so no other command or request waits for it.
import type { Exporter } from "./exporter.js";
import { jsonExporter } from "./json.js";
import type { CampaignReport } from "./campaignReport/model.js";
import { reportHtml } from "./campaignReport/html.js";
import { reportMarkdown } from "./campaignReport/markdown.js";
import { reportCsvZip } from "./campaignReport/csvZip.js";
import type { ReportFormat } from "./exporters.js";

/** PDF is the HTML printed, by the host. */
export const REPORT_EXPORTERS = {
  html: reportHtml,
  markdown: reportMarkdown,
  csv: reportCsvZip,
  json: jsonExporter,
} as const satisfies Record<Exclude<ReportFormat, "pdf">, Exporter<CampaignReport>>;
