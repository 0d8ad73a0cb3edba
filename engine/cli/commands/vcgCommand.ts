// `varbench vcg` and `varbench patterns` (papers 000 and 001): declared here
// with the options of every dominant variance command, run by vcg.ts.
import type { Command } from "commander";
import {
  DEFAULT_ON_CPU,
  DEFAULT_PARAMETERS,
  DEFAULT_PROBABILITY,
  DEFAULT_WINDOW,
  SWEEP_BETAS,
  SWEEP_TAUS,
} from "../../variance/parameters.js";
import { jsonOption, maxChildrenOption, TARGET, workspaceDir } from "../options.js";
import { decimal } from "../optionParsers.js";

/** Options of every dominant variance command; defaults are the analysis' own. */
const varianceOptions = (c: Command) =>
  c
    .option(
      "--cov <x>",
      `CoV at or above which a context is high-variant (default: from --window and --probability, ${DEFAULT_PARAMETERS.covThreshold.toFixed(1)})`,
      decimal,
    )
    .option(
      "--window <x>",
      `Chebyshev window around the mean, as a share of it (paper 000 §2.1; default ${DEFAULT_WINDOW})`,
      decimal,
    )
    .option(
      "--probability <p>",
      `Chebyshev probability of staying within the window (default ${DEFAULT_PROBABILITY})`,
      decimal,
    )
    .option(
      "--cutoff <x>",
      `share of total time under which a context is insignificant (default ${DEFAULT_PARAMETERS.significanceCutoff})`,
      decimal,
    )
    .addOption(
      maxChildrenOption("keep child covariance only for contexts with at most n children", "; builds the CCT again"),
    )
    .option(
      "--on-cpu",
      `uftrace: leave the time threads spent switched out out of every call${DEFAULT_ON_CPU ? " (the default)" : ""}`,
    )
    .option(
      "--no-on-cpu",
      `uftrace: measure wall time, switched-out time included${DEFAULT_ON_CPU ? "" : " (the default)"}`,
    )
    .option(
      "--tool-cost <ns>",
      "the tracer's own cost per recorded call, in ns, taken out of every context's time: an invocation loses it per call recorded below it (default 0: the time as recorded; builds the CCT again)",
      decimal,
    )
    .option(
      "--tool-cost-inside <ns>",
      "the part of --tool-cost between a call's own entry and exit records (an empty function's recorded time), taken out of the call itself; the rest comes out of its caller (default 0)",
      decimal,
    )
    .option(
      "--calibrated-tool-cost",
      "take out uftrace's cost per call as measured on the machine and options the campaign's runs were recorded with (in place of --tool-cost and --tool-cost-inside)",
    );

export function declareVcg(program: Command): void {
  varianceOptions(
    program
      .command("vcg")
      .description("Variance Characterization Graph patterns of a run, a design's runs pooled, or a trace (paper 000)")
      .argument("<target>", TARGET)
      .option("--tau <x>", `summarization pressure τ_S, 0..1 (default ${DEFAULT_PARAMETERS.tauS})`, decimal)
      .option("--beta <x>", `trim threshold β, 0..1 (default ${DEFAULT_PARAMETERS.beta})`, decimal)
      .addOption(jsonOption())
      .option("--dot", "print Graphviz DOT", false)
      .option("--ccs", "list call-context sets", false)
      .option(
        "--sweep",
        `nodes/patterns for τ_S ∈ {${SWEEP_TAUS.join(", ")}} × β ∈ {${SWEEP_BETAS.join(", ")}} (paper 000 Table 1)`,
        false,
      ),
  ).action(async (target: string, o) => (await import("./vcg.js")).vcg(workspaceDir(program), target, o));
}

export function declarePatterns(program: Command): void {
  varianceOptions(
    program
      .command("patterns")
      .description(
        "detection patterns (paper 001): minimal distinguishing call chains ranked by VIM, and the Pattern Set",
      )
      .argument("<target>", `profiling input: ${TARGET}`)
      .option("--vs <target>", "a regression input: evaluate the patterns there and report the Pattern Set overlap")
      .addOption(jsonOption()),
  ).action(async (target: string, o) => (await import("./vcg.js")).patterns(workspaceDir(program), target, o));
}
