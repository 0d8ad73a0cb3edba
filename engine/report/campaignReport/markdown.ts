// The report in Markdown: the answer, then each section's paragraphs and
// tables (the numbers formatted as the command line prints them); charts are
// named and left to the HTML and PDF.
import type { Exporter } from "../exporter.js";
import { formatCell } from "./cells.js";
import type { CampaignReport, ReportTable } from "./model.js";

const escape = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");

export function markdownTable(t: ReportTable): string {
  const right = (u: string) => u !== "text";
  return [
    `| ${t.columns.map((c) => escape(c.label || " ")).join(" | ")} |`,
    `| ${t.columns.map((c) => (right(c.unit) ? "---:" : "---")).join(" | ")} |`,
    ...t.rows.map((r) => `| ${r.map((v, i) => escape(formatCell(v, t.columns[i].unit))).join(" | ")} |`),
  ].join("\n");
}

export const reportMarkdown: Exporter<CampaignReport> = {
  mediaType: "text/markdown",
  extension: "md",
  render(r) {
    const p = r.provenance;
    const out = [`# ${r.title}`, ""];
    if (r.headline) out.push(`**${r.headline.sentence}**`, "");
    for (const s of r.sections) {
      out.push(`## ${s.title}`, "", ...s.paragraphs.flatMap((x) => [x, ""]));
      for (const t of s.tables) out.push(`### ${t.title}`, "", markdownTable(t), "");
    }
    if (r.notes.length) out.push("## Not in this report", "", ...r.notes.map((n) => `- ${n}`), "");
    out.push(
      "## Provenance",
      "",
      `Varbench ${p.varbench}, ${p.generatedAt}; workspace \`${p.workspace}\`; campaign ${p.campaign.id} (${p.campaign.name}) of project ${p.campaign.project}, profiler ${p.campaign.profiler}, seed ${p.campaign.seed}, ${p.campaign.status}; ${p.runIds.length} runs (${p.runIds.join(", ")}).`,
      "",
      ...p.analyses.map((a) => `- ${a.kind}: \`${JSON.stringify(a.args)}\``),
      "",
      `Made again with \`${p.command}\`.`,
      "",
    );
    return out.join("\n");
  },
};
