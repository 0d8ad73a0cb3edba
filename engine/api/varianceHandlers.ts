// analyses.vcg and analyses.patterns: dominant variance analysis of a stored
// run. The preparation (CCT, tagging, contributions, the confirmation pass)
// reads the trace and is kept per run and settings, so moving the τ_S and β
// sliders reruns only steps 3–5 (000 §8.1: "Steps 3–5 can then be repeatedly invoked").
import type { Handlers } from "./dispatch.js";
import type { ServiceContext } from "./serviceContext.js";
import { ApiError } from "./errors.js";
import { prepareVariance } from "../host/dominantVariance.js";
import { completeAnalysis, patternsReport, type PreparedAnalysis } from "../variance/analyze.js";
import { DEFAULT_PARAMETERS } from "../variance/parameters.js";
import { resolveSide, type Side } from "./sideRuns.js";
import { formatNs } from "../report/format.js";

/** Preparations kept: each holds a merged CCT; a few runs' worth is plenty for a session. */
const MAX_PREPARED = 8;

export function varianceHandlers(ctx: ServiceContext): Pick<Handlers, "analyses.vcg" | "analyses.patterns"> {
  const prepared = new Map<string, Promise<PreparedAnalysis>>();
  const prepare = (side: Side, field: string, covThreshold: number, onCpu: boolean) => {
    const { label, runs } = resolveSide(ctx, side, field);
    const untraced = runs.filter((r) => !r.hasCct);
    if (untraced.length > 0) throw new ApiError("not-found", `${label}: run ${untraced.map((r) => r.id).join(", ")} holds no trace to analyse (run under uftrace, or import a trace)`);
    const runIds = runs.map((r) => r.id);
    const key = `${ctx.workspace().dir}\u0000${runIds.join(",")}\u0000${covThreshold}\u0000${onCpu}`;
    let p = prepared.get(key);
    if (!p) {
      const source = runIds.length === 1 ? { ws: ctx.workspace(), runId: runIds[0] } : { ws: ctx.workspace(), runIds };
      p = prepareVariance(source, { ...DEFAULT_PARAMETERS, covThreshold }, { excludeOffCpu: onCpu });
      p.catch(() => prepared.delete(key));
      prepared.set(key, p);
      while (prepared.size > MAX_PREPARED) prepared.delete(prepared.keys().next().value!);
    }
    return p.then((prep) => ({ prep, label }));
  };
  return {
    "analyses.vcg": async ({ target, tauS, beta, covThreshold, onCpu }) => {
      const { prep } = await prepare(target, "target", covThreshold, onCpu);
      return completeAnalysis({ ...prep, parameters: { ...prep.parameters, tauS, beta } }, formatNs);
    },
    "analyses.patterns": async ({ target, vs, covThreshold, onCpu }) => {
      const a = await prepare(target, "target", covThreshold, onCpu);
      const b = vs === undefined ? null : await prepare(vs, "vs", covThreshold, onCpu);
      const r = patternsReport(a.prep, b?.prep ?? null);
      return { label: a.label, profiling: r.profiling, regression: r.regression && b ? { label: b.label, ...r.regression } : null };
    },
  };
}
