// analyses.vcg and analyses.patterns: dominant variance analysis of a stored
// run. The preparation (CCT, tagging, contributions, the confirmation pass)
// reads the trace and is kept per run and settings, so moving the τ_S and β
// sliders reruns only steps 3–5 (000 §8.1: "Steps 3–5 can then be repeatedly invoked").
import type { Handlers } from "./dispatch.js";
import type { ServiceContext } from "./serviceContext.js";
import type { DetectionRow } from "./types.js";
import { ApiError } from "./errors.js";
import { prepareVariance } from "../host/dominantVariance.js";
import { completeAnalysis, type PreparedAnalysis } from "../variance/analyze.js";
import { DEFAULT_PARAMETERS } from "../variance/parameters.js";
import { detectionPatterns, evaluatePatterns, patternSet, patternSetOverlap, type DetectionPattern } from "../variance/detection.js";
import { runRows } from "../store/campaignQueries.js";
import { formatNs } from "../report/format.js";

/** Preparations kept: each holds a merged CCT; a few runs' worth is plenty for a session. */
const MAX_PREPARED = 8;

export function varianceHandlers(ctx: ServiceContext): Pick<Handlers, "analyses.vcg" | "analyses.patterns"> {
  const prepared = new Map<string, Promise<PreparedAnalysis>>();
  const prepare = (runId: number, covThreshold: number, onCpu: boolean) => {
    const run = runRows(ctx.workspace().db).find((r) => r.id === runId);
    if (!run) throw new ApiError("not-found", `run ${runId} does not exist`);
    if (!run.hasCct) throw new ApiError("not-found", `run ${runId} holds no trace to analyse (run it under uftrace, or import a trace)`);
    const key = `${ctx.workspace().dir}\u0000${runId}\u0000${covThreshold}\u0000${onCpu}`;
    let p = prepared.get(key);
    if (!p) {
      p = prepareVariance({ ws: ctx.workspace(), runId }, { ...DEFAULT_PARAMETERS, covThreshold }, { excludeOffCpu: onCpu });
      p.catch(() => prepared.delete(key));
      prepared.set(key, p);
      while (prepared.size > MAX_PREPARED) prepared.delete(prepared.keys().next().value!);
    }
    return p;
  };
  const rows = (patterns: readonly DetectionPattern[]): DetectionRow[] => {
    const set = patternSet(patterns);
    return patterns.map((d) => ({ chain: d.chain, contexts: d.contexts.length, n: d.stats.n, meanNs: d.stats.meanNs, cov: d.cov, vim: d.vim, inPatternSet: set.has(d.chain.join(" > ")) }));
  };
  return {
    "analyses.vcg": async ({ runId, tauS, beta, covThreshold, onCpu }) => {
      const prep = await prepare(runId, covThreshold, onCpu);
      return completeAnalysis({ ...prep, parameters: { ...prep.parameters, tauS, beta } }, formatNs);
    },
    "analyses.patterns": async ({ runId, vsRunId, covThreshold, onCpu }) => {
      const a = await prepare(runId, covThreshold, onCpu);
      const p = a.parameters.chebyshevProbability;
      const found = detectionPatterns(a.cols, a.functions, a.tagging, p);
      if (vsRunId === undefined) return { runId, profiling: rows(found), regression: null };
      const b = await prepare(vsRunId, covThreshold, onCpu);
      const evaluated = evaluatePatterns(found, b.cols, b.functions, b.tagging, p);
      return { runId, profiling: rows(found), regression: { runId: vsRunId, rows: rows(evaluated), overlap: patternSetOverlap(patternSet(found), patternSet(evaluated)) } };
    },
  };
}
