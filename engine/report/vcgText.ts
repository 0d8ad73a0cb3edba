// VCG patterns in the text form of paper 000 (§8 figures): one block per
// pattern, nodes by depth-first id with type, μ, γ (CoV), N and V (VIM),
// call-context sets, then the back-edges with their contribution fractions.
import type { DominantVarianceResult, VcgResultNode } from "../variance/result.js";
import { formatNs } from "./format.js";
import type { Exporter } from "./exporter.js";

export interface VcgTextOptions {
  /** List each node's call-context set. */
  readonly ccs?: boolean;
}

export const vcgText: Exporter<DominantVarianceResult, VcgTextOptions> = {
  mediaType: "text/plain",
  extension: "txt",
  render: (r, options) => renderVcgText(r, options),
};

function renderVcgText(r: DominantVarianceResult, options: VcgTextOptions): string {
  const p = r.parameters;
  const out = [
    `CCT: ${r.cct.contexts} contexts, ${r.cct.significant} significant (≥ ${(p.significanceCutoff * 100).toFixed(3)}% of ${formatNs(r.cct.totalNs)}), ${r.cct.highVariant} high-variant (CoV ≥ ${p.covThreshold.toFixed(2)})`,
    `VCG: ${r.initial.nodes} nodes in ${r.initial.patterns} patterns extracted; ${r.nodes.length} nodes in ${r.patterns.length} patterns after merging (τ_S = ${p.tauS}) and trimming (β = ${p.beta})`,
  ];
  const byId = new Map(r.nodes.map((n) => [n.id, n]));
  for (const [i, pat] of r.patterns.entries()) {
    out.push("", `Pattern ${i + 1}: V = ${pat.vim.toExponential(3)}, ${pat.nodes} nodes`);
    const walk = (n: VcgResultNode, depth: number) => {
      out.push(`${"  ".repeat(depth + 1)}(${n.id}) ${n.fname}  ${n.type}  μ=${formatNs(n.meanNs)}  γ=${n.cov.toFixed(3)}  N=${n.n}  V=${n.vim.toExponential(3)}`);
      if (options.ccs) for (const cc of n.ccs) out.push(`${"  ".repeat(depth + 2)}ccs: ${cc}`);
      for (const c of n.children) walk(byId.get(c)!, depth + 1);
    };
    walk(byId.get(pat.root)!, 0);
    const ids = new Set<number>();
    const collect = (id: number) => (ids.add(id), byId.get(id)!.children.forEach(collect));
    collect(pat.root);
    for (const s of r.segments.filter((s) => ids.has(s.nodes[0]))) {
      const [from, ...rest] = s.nodes;
      const under = rest[rest.length - 1];
      const via = rest.slice(0, -1).map((id) => `(${id}) ${byId.get(id)!.fname}`);
      out.push(`  back-edge (${under}) ${byId.get(under)!.fname} ⇢ (${from}) ${byId.get(from)!.fname}: cf = ${(s.cf * 100).toFixed(1)}%${via.length > 0 ? `, through ${via.join(", ")}` : ""}; variance component [${s.component}]`);
    }
  }
  const targets = [...new Set(r.contributions.map((c) => c.target.join(" > ")))];
  if (targets.length > 0) {
    out.push("", "Contributions (000 §2): each target's contributing sets, and what was measured but is cancelled or not needed");
    for (const t of targets) {
      const rows = r.contributions.filter((c) => c.target.join(" > ") === t);
      const name = (c: (typeof rows)[number]) => `${c.descendant.at(-1)}${c.ownCode ? " (own code)" : ""}`;
      const sets = [...new Set(rows.filter((c) => c.confirmed).map((c) => c.setFraction!))];
      const parts = sets.map((f) => `{${rows.filter((c) => c.setFraction === f).map(name).join(", ")}} ${(f * 100).toFixed(1)}%`);
      const idle = rows.filter((c) => !c.confirmed).map((c) => `${name(c)} (cf ${(c.cf * 100).toFixed(1)}% alone)`);
      out.push(`  ${t}: ${parts.join("; ") || "no contributing set"}${idle.length > 0 ? `; not contributing: ${idle.join(", ")}` : ""}`);
    }
  }
  if (r.covarianceOmitted.length > 0) {
    const list = r.covarianceOmitted.map((c) => `${c.chain.join(" > ")}${c.highVariant ? " (high-variant)" : ""}`).join("; ");
    out.push("", `note: ${r.covarianceOmitted.length} significant context(s) had more children than the covariance cap, so their variance is not decomposed and no contributor below them is looked for (raise --max-children): ${list}`);
  }
  if (r.detection.length > 0) {
    out.push("", "Detection patterns (paper 001), by VIM; * marks the Pattern Set");
    for (const d of r.detection) out.push(`  ${d.inPatternSet ? "*" : " "} ${d.chain.join(" > ")}  N=${d.n}  μ=${formatNs(d.meanNs)}  γ=${d.cov.toFixed(3)}  VIM=${d.vim.toExponential(3)}`);
  }
  return out.join("\n");
}
