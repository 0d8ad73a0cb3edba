// VCG patterns in the text form of paper 000 (§8 figures): one block per
// pattern, nodes by depth-first id with type, μ, γ (CoV), N and V (VIM),
// call-context sets, then the back-edges with their contribution fractions.
import type { ContributionRow, DominantVarianceResult, VcgResultNode } from "../variance/result.js";
import { keptApartText } from "./keptApartText.js";
import { formatNs } from "../format/numbers.js";
import type { Exporter } from "./exporter.js";

export interface VcgTextOptions {
  /** List each node's call-context set. */
  readonly ccs?: boolean;
}

/** How the patterns are ordered, said once above them (000 §4: "prioritized and trimmed"). */
export const RANKING =
  "Patterns, and the subtrees under each node, in descending VIM (σ·N) of the (sub)pattern as merged, before trimming (000 §4: prioritised, then trimmed); V shown sums the nodes left after trimming.";

/** Nodes deeper than this are indented as deep and say their depth: indenting by depth writes
 * depth² spaces, 800 MB for a recursion 20,000 calls deep (past V8's longest string with --ccs). */
export const MAX_INDENT_DEPTH = 50;

export const vcgText: Exporter<DominantVarianceResult, VcgTextOptions> = {
  mediaType: "text/plain",
  extension: "txt",
  render: (r, options) => renderVcgText(r, options),
};

function renderVcgText(r: DominantVarianceResult, options: VcgTextOptions): string {
  const p = r.parameters;
  const out = [
    ...timeLines(r.time),
    `CCT: ${r.cct.contexts} contexts, ${r.cct.significant} significant (≥ ${(p.significanceCutoff * 100).toFixed(3)}% of ${formatNs(r.cct.totalNs)}), ${r.cct.highVariant} high-variant (CoV ≥ ${p.covThreshold.toFixed(2)})`,
    `VCG: ${r.initial.nodes} nodes in ${r.initial.patterns} patterns extracted; ${r.nodes.length} nodes in ${r.patterns.length} patterns after merging (τ_S = ${p.tauS}) and trimming (β = ${p.beta})`,
  ];
  if (r.patterns.length > 0) out.push(RANKING);
  const byId = new Map(r.nodes.map((n) => [n.id, n]));
  for (const [i, pat] of r.patterns.entries()) {
    out.push(
      "",
      `Pattern ${i + 1}: V = ${pat.vim.toExponential(3)} as merged, ${pat.shownVim.toExponential(3)} shown, ${pat.nodes} nodes`,
    );
    // Pre-order with an explicit stack: a pattern is as deep as the recursion it came from.
    const ids = new Set<number>();
    const stack: [VcgResultNode, number][] = [[byId.get(pat.root)!, 0]];
    for (let top = stack.pop(); top; top = stack.pop()) {
      const [n, depth] = top;
      ids.add(n.id);
      const indent = "  ".repeat(Math.min(depth, MAX_INDENT_DEPTH) + 1);
      const deep = depth > MAX_INDENT_DEPTH ? `[depth ${depth}] ` : "";
      out.push(
        `${indent}${deep}(${n.id}) ${n.fname}  ${n.type}  μ=${formatNs(n.meanNs)}  γ=${n.cov.toFixed(3)}  N=${n.n}  V=${n.vim.toExponential(3)}`,
      );
      if (options.ccs) for (const cc of n.ccs) out.push(`${indent}  ccs: ${cc}`);
      for (let c = n.children.length - 1; c >= 0; c--) stack.push([byId.get(n.children[c])!, depth + 1]);
    }
    for (const s of r.segments.filter((s) => ids.has(s.nodes[0]))) {
      const [from, ...rest] = s.nodes;
      const under = rest[rest.length - 1];
      const via = rest.slice(0, -1).map((id) => `(${id}) ${byId.get(id)!.fname}`);
      out.push(
        `  back-edge (${under}) ${byId.get(under)!.fname} ⇢ (${from}) ${byId.get(from)!.fname}: cf = ${(s.cf * 100).toFixed(1)}%${via.length > 0 ? `, through ${via.join(", ")}` : ""}; variance component [${s.component}]`,
      );
    }
  }
  pushContributions(out, r.contributions);
  if (r.covarianceOmitted.length > 0) {
    const list = r.covarianceOmitted
      .map((c) => `${c.chain.join(" > ")}${c.highVariant ? " (high-variant)" : ""}`)
      .join("; ");
    out.push(
      "",
      `note: ${r.covarianceOmitted.length} significant context(s) had more children than the covariance cap, so their variance is not decomposed and no contributor below them is looked for (raise --max-children): ${list}`,
    );
  }
  for (const k of r.keptApart) out.push("", `note: ${keptApartText(r, k)}`);
  if (r.detection.length > 0) {
    out.push("", "Detection patterns (paper 001), by VIM; * marks the Pattern Set");
    for (const d of r.detection)
      out.push(
        `  ${d.inPatternSet ? "*" : " "} ${d.chain.join(" > ")}  N=${d.n}  μ=${formatNs(d.meanNs)}  γ=${d.cov.toFixed(3)}  VIM=${d.vim.toExponential(3)}`,
      );
  }
  return out.join("\n");
}

/** What time the contexts hold, said first: which VCG this is (issue 28: "say which one is shown"). */
export function timeLines(time: DominantVarianceResult["time"]): string[] {
  if (!time) return [];
  const clock = time.onCpu ? "on-CPU time (switched-out time left out)" : "wall time (switched-out time included)";
  if (time.toolCostNs === 0)
    return [`Time: ${clock}, as recorded: the tracer's own cost per call is left in (--tool-cost <ns> takes it out)`];
  const inside =
    time.toolCostInsideNs > 0
      ? `, ${formatNs(time.toolCostInsideNs)} of it inside the call's own records`
      : ", all of it charged to the caller";
  const lines = [
    `Time: ${clock}, with the tracer's cost of ${formatNs(time.toolCostNs)} per recorded call${inside}, taken out of every context`,
  ];
  const none = time.noTimeLeft;
  if (none.count > 0)
    lines.push(
      `note: ${none.count} context(s) have no time left once the tracer's cost is out (mean ≤ 0: their calls cost no more than the tracer's own, or the cost given is too high), so they and their callees count as insignificant: ${none.chains.map((c) => c.join(" > ")).join("; ")}${none.count > none.chains.length ? "; …" : ""}`,
    );
  return lines;
}

/** Each target's contributing sets and what was measured beside them, targets in order of first row.
 * Pushed one by one: a spread of as many lines as targets can overflow the stack too. */
function pushContributions(out: string[], contributions: readonly ContributionRow[]): void {
  // Grouped in one pass: a target's chain is as long as its recursion, and there may be as many targets.
  const byTarget = new Map<string, ContributionRow[]>();
  for (const c of contributions) {
    const t = c.target.join(" > ");
    const rows = byTarget.get(t);
    if (rows) rows.push(c);
    else byTarget.set(t, [c]);
  }
  if (byTarget.size === 0) return;
  out.push(
    "",
    "Contributions (000 §2): each target's contributing sets, and what was measured but is cancelled or not needed",
  );
  const name = (c: ContributionRow) => `${c.descendant.at(-1)}${c.ownCode ? " (own code)" : ""}`;
  for (const [t, rows] of byTarget) {
    const sets = [...new Set(rows.filter((c) => c.confirmed).map((c) => c.setFraction!))];
    const parts = sets.map(
      (f) =>
        `{${rows
          .filter((c) => c.setFraction === f)
          .map(name)
          .join(", ")}} ${(f * 100).toFixed(1)}%`,
    );
    const idle = rows.filter((c) => !c.confirmed).map((c) => `${name(c)} (cf ${(c.cf * 100).toFixed(1)}% alone)`);
    out.push(
      `  ${t}: ${parts.join("; ") || "no contributing set"}${idle.length > 0 ? `; not contributing: ${idle.join(", ")}` : ""}`,
    );
  }
}
