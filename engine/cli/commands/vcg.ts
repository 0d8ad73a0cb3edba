// `varbench vcg` and `varbench patterns`: dominant variance analysis of a run,
// a design's runs or a trace (papers 000 and 001) from the command line.
import { withApi } from "../api.js";
import { targetArg } from "../target.js";
import { VCG_EXPORTERS } from "../../report/exporters.js";
import { detectionTable, sweepTable } from "../format/varianceTables.js";
import { printExport, printJson } from "../format/jsonOut.js";

interface VarianceFlags {
  readonly cov?: number;
  readonly window?: number;
  readonly probability?: number;
  readonly cutoff?: number;
  readonly onCpu?: boolean;
  readonly maxChildren?: number;
  readonly toolCost?: number;
  readonly toolCostInside?: number;
  readonly calibratedToolCost?: boolean;
}

/** The flags as the analyses' arguments; those not given keep the analyses' defaults. */
const varianceArgs = (o: VarianceFlags) => ({
  covThreshold: o.cov,
  window: o.window,
  probability: o.probability,
  cutoff: o.cutoff,
  onCpu: o.onCpu,
  maxChildren: o.maxChildren,
  toolCostNs: o.toolCost,
  toolCostInsideNs: o.toolCostInside,
  calibratedToolCost: o.calibratedToolCost,
});

export function vcg(
  workspaceDir: string,
  target: string,
  o: VarianceFlags & { tau?: number; beta?: number; json: boolean; dot: boolean; ccs: boolean; sweep: boolean },
): Promise<void> {
  return withApi(workspaceDir, async (api) => {
    if (o.sweep) {
      const s = await api.analyses.vcgSweep({ target: targetArg(target), ...varianceArgs(o) });
      return o.json ? printJson(s) : console.log(sweepTable(s));
    }
    const result = await api.analyses.vcg({ target: targetArg(target), tauS: o.tau, beta: o.beta, ...varianceArgs(o) });
    const format = o.json ? "json" : o.dot ? "dot" : "text";
    return printExport(VCG_EXPORTERS, format, result, { ccs: o.ccs });
  });
}

export function patterns(
  workspaceDir: string,
  target: string,
  o: VarianceFlags & { vs?: string; json: boolean },
): Promise<void> {
  return withApi(workspaceDir, async (api) => {
    const report = await api.analyses.patterns({
      target: targetArg(target),
      vs: o.vs === undefined ? undefined : targetArg(o.vs),
      ...varianceArgs(o),
    });
    return o.json ? printJson(report) : console.log(detectionTable(report));
  });
}
