// The host half of dominant variance analysis (papers 000 and 001), shared by
// the vcg, vcgSweep and patterns analyses: the target's CCT built (on-CPU time
// if asked), the pure preparation (tagging, contributions), and the
// confirmation pass run as one more streaming read of the same traces when
// candidates need it (000 §2.2). Kept in memory per target and parameters, so
// moving τ_S and β reruns only steps 3–5 (000 §8.1: "Steps 3–5 can then be
// repeatedly invoked").
import { mergeThreads } from "../cct/merge.js";
import { CctBuilder } from "../cct/cctBuilder.js";
import { prepareAnalysis, type PreparedAnalysis } from "../variance/analyze.js";
import { chebyshevCovThreshold, DEFAULT_PARAMETERS, type VarianceParameters } from "../variance/parameters.js";
import type { Resolved, Sources } from "./descriptor.js";
import type { VarianceArgs } from "./varianceArgs.js";
import { NO_TOOL_COST, type ToolCost } from "../cct/kernel/ingestKernel.js";
import { ApiError } from "../errors/errors.js";

export function varianceParameters(
  a: VarianceArgs,
  tauS = DEFAULT_PARAMETERS.tauS,
  beta = DEFAULT_PARAMETERS.beta,
): VarianceParameters {
  const covThreshold = a.covThreshold ?? chebyshevCovThreshold(a.window, a.probability);
  return {
    ...DEFAULT_PARAMETERS,
    covThreshold,
    chebyshevProbability: a.probability,
    significanceCutoff: a.cutoff,
    tauS,
    beta,
  };
}

/** Steps 1–2 of 000 §7 for a target, with the confirmation pass; kept in memory per target and arguments. */
export async function preparedVariance(sources: Sources, target: Resolved, a: VarianceArgs): Promise<PreparedAnalysis> {
  const parameters = varianceParameters(a);
  const cost = a.calibratedToolCost
    ? await calibratedCost(sources, target)
    : { perCallNs: a.toolCostNs, insideNs: a.toolCostInsideNs };
  const key = `variance ${JSON.stringify([parameters.covThreshold, parameters.chebyshevProbability, parameters.significanceCutoff, a.onCpu, a.maxChildren, cost.perCallNs, cost.insideNs])}`;
  return sources.memo(target, key, () => prepareVariance(sources, target, parameters, a.onCpu, a.maxChildren, cost));
}

/** uftrace's cost per call and inside a call as calibrated where the target's runs were recorded. */
async function calibratedCost(sources: Sources, target: Resolved): Promise<ToolCost> {
  const campaignId = target.runs[0]?.campaignId ?? null;
  const spec = campaignId === null ? null : await sources.campaignSpec(campaignId);
  if (!spec || spec.profiler.name !== "uftrace")
    throw new ApiError(
      "invalid-arguments",
      `${target.label}: uftrace's cost is calibrated for runs of a campaign recorded under uftrace; give the cost per call in ns instead (--tool-cost)`,
    );
  const c = await sources.toolCalibration(target.runs, "uftrace", spec.profiler.options);
  if (c === null || "failure" in c)
    throw new ApiError(
      "not-found",
      `${target.label}: uftrace's cost per call ${c ? `could not be measured (${c.failure})` : "was never measured for the machine and uftrace version of these runs"}; give it in ns instead (--tool-cost)`,
    );
  return { perCallNs: c.nsPerCall, insideNs: Math.min(c.insideNs, c.nsPerCall) };
}

/** The CCT in the time asked for (on-CPU or wall, the tracer's cost per call taken out or not),
 * prepared, and the confirmation pass run over the same time: its builder takes the same cost out,
 * so the components it measures add up to the CCT's times (000 §2, Eq. 1). */
export async function prepareVariance(
  sources: Sources,
  target: Resolved,
  parameters: VarianceParameters,
  onCpu: boolean,
  maxCovarianceChildren?: number,
  toolCost: ToolCost = NO_TOOL_COST,
): Promise<PreparedAnalysis> {
  if (toolCost.insideNs > toolCost.perCallNs)
    throw new ApiError(
      "invalid-arguments",
      `the part of the tracer's cost inside a call (${toolCost.insideNs} ns) cannot exceed its cost per call (${toolCost.perCallNs} ns)`,
    );
  const cost = { toolCostNs: toolCost.perCallNs, toolCostInsideNs: toolCost.insideNs };
  const cct = await sources.cct(target, {
    onCpu,
    ...cost,
    ...(maxCovarianceChildren === undefined ? {} : { maxCovarianceChildren }),
  });
  const prep = prepareAnalysis(mergeThreads(cct), cct.functions, parameters, { onCpu, ...cost });
  if (prep.pass)
    await sources.readAgain(target, new CctBuilder({ covariance: false, watch: prep.pass, ...cost }), { onCpu });
  return prep;
}
