// The report as one self-contained HTML file: styles inline, charts as inline
// SVG (light and dark, the reader's theme shown), the report's JSON embedded as
// data, and a Content-Security-Policy that forbids every network request, so
// it reads the same offline, mailed, or years later. Printing (and so the PDF)
// takes the light theme, the answer alone on the first page.
import type { Exporter } from "../exporter.js";
import { formatCell } from "./cells.js";
import type { CampaignReport, ReportChart, ReportSection, ReportTable } from "./model.js";
import { chartSvg } from "./svgCharts.js";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const STYLE = `
:root { color-scheme: light dark; --bg: #ffffff; --text: #1f2328; --muted: #656d76; --border: #d0d7de; --head: #f6f8fa; --accent: #3b6fd4; }
body { background: var(--bg); color: var(--text); font: 14px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2rem auto; max-width: 980px; padding: 0 1rem; }
h1 { font-size: 1.6rem; margin: 0 0 0.3rem; } h2 { margin-top: 2rem; border-bottom: 1px solid var(--border); padding-bottom: 0.2rem; break-after: avoid; } h3 { font-size: 1rem; margin: 1.2rem 0 0.4rem; break-after: avoid; }
.muted { color: var(--muted); } .answer { font-size: 1.2rem; font-weight: 600; border-left: 4px solid var(--accent); padding: 0.4rem 0.8rem; margin: 1rem 0; }
.caveats { margin: -0.5rem 0 1rem; padding-left: 1.6rem; color: var(--muted); }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; margin: 0.3rem 0 1rem; font-size: 0.9em; }
th, td { border: 1px solid var(--border); padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; } th { background: var(--head); } td.num, th.num { text-align: right; white-space: nowrap; }
.chart { margin: 0.5rem 0 1rem; break-inside: avoid; } .chart svg { max-width: 100%; height: auto; } .chart .dark { display: none; }
code { font-family: ui-monospace, monospace; font-size: 0.9em; word-break: break-all; }
.first-page { break-after: page; }
@media (prefers-color-scheme: dark) { :root { --bg: #0d1117; --text: #e6edf3; --muted: #8d96a0; --border: #30363d; --head: #161b22; --accent: #6ea8fe; } .chart .light { display: none; } .chart .dark { display: block; } }
@media print { body { margin: 0; max-width: none; background: #fff; color: #1f2328; font-size: 12px; } table { font-size: 0.78em; } th, td { padding: 0.15rem 0.3rem; } td.num.range { white-space: normal; } .chart .dark { display: none !important; } .chart .light { display: block !important; } table { break-inside: auto; } tr { break-inside: avoid; } }
`;

function tableHtml(t: ReportTable): string {
  const num = (u: string) => (u === "text" ? "" : u === "nsInterval" ? ' class="num range"' : ' class="num"');
  const head = t.columns.map((c) => `<th${num(c.unit)} scope="col">${esc(c.label)}</th>`).join("");
  const body = t.rows
    .map(
      (r) =>
        `<tr>${r.map((v, i) => `<td${num(t.columns[i].unit)}>${esc(formatCell(v, t.columns[i].unit))}</td>`).join("")}</tr>`,
    )
    .join("\n");
  return `<h3 id="table-${esc(t.id)}">${esc(t.title)}</h3>\n<table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

function chartHtml(c: ReportChart): string {
  return `<figure class="chart" id="chart-${esc(c.id)}" role="img" aria-label="${esc(c.title)}"><div class="light">${chartSvg(c, "light")}</div><div class="dark">${chartSvg(c, "dark")}</div><figcaption class="muted">${esc(c.title)}</figcaption></figure>`;
}

function sectionHtml(s: ReportSection): string {
  return [
    `<section id="${esc(s.id)}">`,
    `<h2>${esc(s.title)}</h2>`,
    ...s.paragraphs.map((p) => `<p>${esc(p)}</p>`),
    ...s.charts.map(chartHtml),
    ...s.tables.map(tableHtml),
    "</section>",
  ].join("\n");
}

/** The report's JSON inside a data block: "</" cannot close the element early. */
function embedded(r: CampaignReport): string {
  return JSON.stringify(r).replace(/</g, "\\u003c");
}

export const reportHtml: Exporter<CampaignReport> = {
  mediaType: "text/html",
  extension: "html",
  render(r) {
    const p = r.provenance;
    const [first, ...rest] = r.sections;
    const opening = r.headline && first?.id === "summary" ? [first] : [];
    const others = opening.length ? rest : r.sections;
    return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="Varbench ${esc(p.varbench)}">
<title>${esc(r.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="first-page">
<h1>${esc(r.title)}</h1>
<p class="muted">Project ${esc(p.campaign.project)} · profiler ${esc(p.campaign.profiler)} · ${p.runIds.length} runs · Varbench ${esc(p.varbench)} · ${esc(p.generatedAt)}</p>
${r.headline ? `<p class="answer">${esc(r.headline.sentence)}</p>${r.headline.disagreements.length ? `<ul class="caveats">${r.headline.disagreements.map((d) => `<li>${esc(d)}</li>`).join("")}</ul>` : ""}` : ""}
${opening.map(sectionHtml).join("\n")}
</div>
${others.map(sectionHtml).join("\n")}
${r.notes.length ? `<section id="notes"><h2>Not in this report</h2><ul>${r.notes.map((n) => `<li>${esc(n)}</li>`).join("")}</ul></section>` : ""}
<section id="provenance">
<h2>Provenance</h2>
<p>Workspace <code>${esc(p.workspace)}</code>; campaign ${p.campaign.id} (${esc(p.campaign.name)}), seed ${p.campaign.seed}, ${esc(p.campaign.status)}; runs ${esc(p.runIds.join(", "))}.</p>
<table><thead><tr><th>analysis</th><th>arguments</th></tr></thead><tbody>${p.analyses.map((a) => `<tr><td>${esc(a.kind)}</td><td><code>${esc(JSON.stringify(a.args))}</code></td></tr>`).join("")}</tbody></table>
<p>Made again with <code>${esc(p.command)}</code>. The report's data, as its JSON export, is embedded in this file (<code>script#varbench-report</code>).</p>
</section>
<script type="application/json" id="varbench-report">${embedded(r)}</script>
</body>
</html>
`;
  },
};
