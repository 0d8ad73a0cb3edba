// `varbench vcg` and `varbench patterns`: dominant variance analysis of a run
// or a trace (papers 000 and 001) from the command line.
import { InvalidArgumentError, type Command } from "commander";
import { analyzeVariance, prepareVariance, sweep } from "../host/dominantVariance.js";
import { withTarget } from "./target.js";
import { patternsReport } from "../variance/analyze.js";
import type { DetectionRow } from "../variance/result.js";
import { chebyshevCovThreshold, DEFAULT_PARAMETERS, DEFAULT_PROBABILITY, DEFAULT_WINDOW, type VarianceParameters } from "../variance/parameters.js";
import { renderVcgText } from "../report/vcgText.js";
import { renderVcgDot } from "../report/vcgDot.js";
import { formatNs, table } from "../report/format.js";

/** τ_S × β of paper 000 Table 1. */
const SWEEP_TAUS = [0.01, 0.2, 0.4, 0.6, 0.8, 1.0];
const SWEEP_BETAS = [0, 0.1];

interface VarianceFlags {
  tau: number;
  beta: number;
  cov?: string;
  window: number;
  probability: number;
  cutoff: number;
  onCpu: boolean;
}

export function registerVarianceCommands(program: Command, workspaceDir: () => string): void {
  const common = (c: Command) =>
    c
      .option("--cov <x>", "CoV at or above which a context is high-variant (default: from --window and --probability)")
      .option("--window <x>", "Chebyshev window around the mean, as a share of it (paper 000 §2.1)", fraction, DEFAULT_WINDOW)
      .option("--probability <p>", "Chebyshev probability of staying within the window", fraction, DEFAULT_PROBABILITY)
      .option("--cutoff <x>", "share of total time under which a context is insignificant", fraction, DEFAULT_PARAMETERS.significanceCutoff)
      .option("--on-cpu", "uftrace: leave the time threads spent switched out out of every call", false);
  common(
    program
      .command("vcg")
      .description("Variance Characterization Graph patterns of a run or trace (paper 000)")
      .argument("<run-or-trace>", "run id in the workspace, or a trace path")
      .option("--tau <x>", "summarization pressure τ_S (0..1)", fraction, DEFAULT_PARAMETERS.tauS)
      .option("--beta <x>", "trim threshold β (0..1)", fraction, DEFAULT_PARAMETERS.beta)
      .option("--json", "print JSON", false)
      .option("--dot", "print Graphviz DOT", false)
      .option("--ccs", "list call-context sets", false)
      .option("--sweep", "nodes/patterns for τ_S ∈ {0.01 … 1.0} × β ∈ {0, 0.1} (paper 000 Table 1)", false),
  ).action(async (target: string, o: VarianceFlags & { json: boolean; dot: boolean; ccs: boolean; sweep: boolean }) =>
    withTarget(target, workspaceDir(), async (source) => {
      const parameters = params(o);
      if (o.sweep) {
        const s = sweep(await prepareVariance(source, parameters, { excludeOffCpu: o.onCpu }), SWEEP_TAUS, SWEEP_BETAS);
        if (o.json) return console.log(JSON.stringify(s, null, 2));
        const cell = (beta: number, tau: number) => {
          const r = s.rows.find((x) => x.beta === beta && x.tauS === tau)!;
          return `${r.nodes}/${r.patterns}`;
        };
        console.log(`initially extracted (unmerged): ${s.initial.nodes}/${s.initial.patterns} (nodes/patterns)`);
        console.log(table(["β \\ τ_S", ...SWEEP_TAUS.map(String)], SWEEP_BETAS.map((b) => [String(b), ...SWEEP_TAUS.map((t) => cell(b, t))]), new Set([0])));
        return;
      }
      const result = await analyzeVariance(source, parameters, { excludeOffCpu: o.onCpu });
      console.log(o.json ? JSON.stringify(result, null, 2) : o.dot ? renderVcgDot(result) : renderVcgText(result, { ccs: o.ccs }));
    }),
  );
  common(
    program
      .command("patterns")
      .description("detection patterns (paper 001): minimal distinguishing call chains ranked by VIM, and the Pattern Set")
      .argument("<run-or-trace>", "profiling run id or trace")
      .option("--vs <run-or-trace>", "a regression run or trace: evaluate the patterns there and report the Pattern Set overlap")
      .option("--json", "print JSON", false),
  ).action(async (target: string, o: VarianceFlags & { vs?: string; json: boolean }) => {
    const parameters = params(o);
    const prepare = (t: string) => withTarget(t, workspaceDir(), (s) => prepareVariance(s, parameters, { excludeOffCpu: o.onCpu }));
    const report = patternsReport(await prepare(target), o.vs ? await prepare(o.vs) : null);
    if (o.json) return console.log(JSON.stringify(report, null, 2));
    const render = (rs: readonly DetectionRow[]) => table(["", "N", "mean", "CoV", "VIM", "pattern"], rs.map((r) => [r.inPatternSet ? "*" : "", String(r.n), formatNs(r.meanNs), r.cov.toFixed(3), r.vim.toExponential(3), r.chain.join(" > ")]));
    console.log(`profiling: ${report.profiling.length} patterns, Pattern Set (*: VIM ≥ 10% of the largest) of ${report.profiling.filter((r) => r.inPatternSet).length}`);
    console.log(render(report.profiling));
    if (report.regression) {
      console.log(`\nregression (${o.vs}): the same patterns evaluated there`);
      console.log(render(report.regression.rows));
      console.log(`\nPattern Set overlap: ${(report.regression.overlap * 100).toFixed(0)}%`);
    }
  });
}

function params(o: VarianceFlags & { tau?: number; beta?: number }): VarianceParameters {
  const covThreshold = o.cov !== undefined ? fraction(o.cov) : chebyshevCovThreshold(o.window, o.probability);
  return { ...DEFAULT_PARAMETERS, covThreshold, chebyshevProbability: o.probability, significanceCutoff: o.cutoff, tauS: o.tau ?? DEFAULT_PARAMETERS.tauS, beta: o.beta ?? DEFAULT_PARAMETERS.beta };
}

function fraction(v: string): number {
  const x = Number(v);
  if (!Number.isFinite(x) || x < 0) throw new InvalidArgumentError("expected a number ≥ 0");
  return x;
}
