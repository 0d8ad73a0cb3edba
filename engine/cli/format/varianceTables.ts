// Dominant variance results as tables for the terminal: the τ_S × β sweep
// (the shape of paper 000 Table 1) and detection patterns (001).
import type { PatternsResult } from "../../variance/result.js";
import type { DetectionRow } from "../../variance/result.js";
import type { SweepResult } from "../../variance/sweep.js";
import { chain, table } from "../../format/text.js";
import { formatNs } from "../../format/numbers.js";

export function sweepTable(s: SweepResult): string {
  const taus = [...new Set(s.rows.map((r) => r.tauS))];
  const betas = [...new Set(s.rows.map((r) => r.beta))];
  const cell = (beta: number, tau: number) => {
    const r = s.rows.find((x) => x.beta === beta && x.tauS === tau)!;
    return `${r.nodes}/${r.patterns}`;
  };
  const time =
    s.time &&
    (s.time.toolCostNs > 0
      ? `the tracer's cost of ${formatNs(s.time.toolCostNs)} per recorded call (${formatNs(s.time.toolCostInsideNs)} of it inside the call) taken out`
      : "the tracer's cost per call left in");
  return [
    ...(s.time ? [`${s.time.onCpu ? "on-CPU" : "wall"} time, ${time}`] : []),
    `initially extracted (unmerged): ${s.initial.nodes}/${s.initial.patterns} (nodes/patterns)`,
    table(
      ["β \\ τ_S", ...taus.map(String)],
      betas.map((b) => [String(b), ...taus.map((t) => cell(b, t))]),
      new Set([0]),
    ),
  ].join("\n");
}

export function detectionTable(report: PatternsResult): string {
  const render = (rs: readonly DetectionRow[]) =>
    table(
      ["", "N", "mean", "CoV", "VIM", "pattern"],
      rs.map((r) => [
        r.inPatternSet ? "*" : "",
        String(r.n),
        formatNs(r.meanNs),
        r.cov.toFixed(3),
        r.vim.toExponential(3),
        chain(r.chain),
      ]),
    );
  const out = [
    `profiling (${report.label}): ${report.profiling.length} patterns, Pattern Set (*: VIM ≥ 10% of the largest) of ${report.profiling.filter((r) => r.inPatternSet).length}`,
    render(report.profiling),
  ];
  if (report.regression) {
    out.push(
      `\nregression (${report.regression.label}): the same patterns evaluated there`,
      render(report.regression.rows),
      `\nPattern Set overlap: ${(report.regression.overlap * 100).toFixed(0)}%`,
    );
  }
  return out.join("\n");
}
