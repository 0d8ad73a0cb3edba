// VCG patterns as Graphviz DOT (paper 000 Figures 3–7): Task boxes, Contrast
// ovals, Contributor dashed boxes, tree edges solid, back-edges dashed and
// labelled with their contribution fraction.
import type { DominantVarianceResult } from "../variance/result.js";
import { formatNs } from "../format/numbers.js";
import type { Exporter } from "./exporter.js";
import { timeLines } from "./vcgText.js";

const SHAPE = {
  Task: "shape=box, style=solid",
  Contrast: "shape=ellipse, style=solid",
  Contributor: "shape=box, style=dashed",
} as const;

export const vcgDot: Exporter<DominantVarianceResult, unknown> = {
  mediaType: "text/vnd.graphviz",
  extension: "dot",
  render: (r) => renderVcgDot(r),
};

function renderVcgDot(r: DominantVarianceResult): string {
  const q = (s: string) => `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`;
  const lines = [
    "digraph vcg {",
    ...timeLines(r.time).map((l) => `  // ${l}`),
    "  rankdir=TB;",
    '  node [fontname="Helvetica", fontsize=10];',
    '  edge [fontname="Helvetica", fontsize=9];',
  ];
  for (const n of r.nodes) {
    const label = `(${n.id}) ${n.fname}\nμ=${formatNs(n.meanNs)} γ=${n.cov.toFixed(2)}\nN=${n.n} V=${n.vim.toExponential(2)}`;
    lines.push(`  n${n.id} [${SHAPE[n.type]}, label=${q(label)}];`);
  }
  for (const n of r.nodes) for (const c of n.children) lines.push(`  n${n.id} -> n${c};`);
  for (const s of r.segments) {
    const from = s.nodes[s.nodes.length - 1];
    lines.push(
      `  n${from} -> n${s.nodes[0]} [style=dashed, constraint=false, label=${q(`cf ${(s.cf * 100).toFixed(0)}%`)}];`,
    );
  }
  lines.push("}");
  return lines.join("\n") + "\n";
}
