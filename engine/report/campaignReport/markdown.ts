// The report in Markdown: the answer, then each section's paragraphs and
// tables (the numbers formatted as the command line prints them); charts are
// named and left to the HTML and PDF. Every text of the report is plain text
// (the HTML escapes it whole), and names in it come from programs and files
// (a function named <img src=x onerror=…>): so each is written as text here
// too, never as Markdown or HTML, and its control characters as escapes.
import type { Exporter } from "../exporter.js";
import { visibleText } from "../../format/text.js";
import { formatCell } from "./cells.js";
import type { CampaignReport, ReportTable } from "./model.js";

/** Punctuation that makes inline markup anywhere in a line (emphasis, code, links, table cells,
 * strikethrough): each is written with a backslash (CommonMark §2.4). */
const MARKUP = /[\\`*_[\]|~]/g;
/** What makes a block of a line's start (a heading, a list item, a setext underline): its
 * punctuation is written with a backslash. The texts are single lines, so only their start counts. */
const BLOCK_START = /^(#|\+|-|=|\d{1,9}(?=[.)](?:\s|$)))/;
const ENTITIES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };

/** Plain text as Markdown inline content (a table's cell) that shows it as it is: no emphasis, link,
 * raw HTML or entity of its own, control characters visible, on one line. */
export function markdownInline(text: string): string {
  return visibleText(text)
    .replace(MARKUP, (c) => `\\${c}`)
    .replace(/[&<>]/g, (c) => ENTITIES[c]);
}

/** Plain text as a line of its own (a paragraph, a heading's or a list item's text): inline, and
 * nothing at its start that would make it another block. */
export function markdownText(text: string): string {
  return markdownInline(text)
    .replace(/^ +/, (spaces) => "&#32;".repeat(spaces.length)) // four would start a code block, fewer a list before a marker
    .replace(BLOCK_START, (m) => (/\d/.test(m) ? `${m}\\` : `\\${m}`));
}

/** Text as a code span: fenced by more backticks than it holds in a row (CommonMark §6.1), control
 * characters visible; inside, nothing is markup. */
export function markdownCode(text: string): string {
  const shown = visibleText(text);
  const longest = (shown.match(/`+/g) ?? []).reduce((n, run) => Math.max(n, run.length), 0);
  const fence = "`".repeat(longest + 1);
  const pad = shown.startsWith("`") || shown.endsWith("`") ? " " : "";
  return `${fence}${pad}${shown}${pad}${fence}`;
}

export function markdownTable(t: ReportTable): string {
  const right = (u: string) => u !== "text";
  return [
    `| ${t.columns.map((c) => markdownInline(c.label || " ")).join(" | ")} |`,
    `| ${t.columns.map((c) => (right(c.unit) ? "---:" : "---")).join(" | ")} |`,
    ...t.rows.map((r) => `| ${r.map((v, i) => markdownInline(formatCell(v, t.columns[i].unit))).join(" | ")} |`),
  ].join("\n");
}

export const reportMarkdown: Exporter<CampaignReport> = {
  mediaType: "text/markdown",
  extension: "md",
  render(r) {
    const p = r.provenance;
    const out = [`# ${markdownText(r.title)}`, ""];
    if (r.headline)
      out.push(
        `**${markdownText(r.headline.sentence)}**`,
        "",
        ...r.headline.disagreements.map((d) => `- ${markdownText(d)}`),
        ...(r.headline.disagreements.length ? [""] : []),
      );
    for (const s of r.sections) {
      out.push(`## ${markdownText(s.title)}`, "", ...s.paragraphs.flatMap((x) => [markdownText(x), ""]));
      for (const t of s.tables) out.push(`### ${markdownText(t.title)}`, "", markdownTable(t), "");
    }
    if (r.notes.length) out.push("## Not in this report", "", ...r.notes.map((n) => `- ${markdownText(n)}`), "");
    out.push(
      "## Provenance",
      "",
      markdownText(`Varbench ${p.varbench}, ${p.generatedAt}; workspace `) +
        markdownCode(p.workspace) +
        markdownInline(
          `; campaign ${p.campaign.id} (${p.campaign.name}) of project ${p.campaign.project}, profiler ${p.campaign.profiler}, seed ${p.campaign.seed}, ${p.campaign.status}; ${p.runIds.length} runs (${p.runIds.join(", ")}).`,
        ),
      "",
      ...p.analyses.map((a) => `- ${markdownText(a.kind)}: ${markdownCode(JSON.stringify(a.args))}`),
      "",
      `Made again with ${markdownCode(p.command)}.`,
      "",
    );
    return out.join("\n");
  },
};
