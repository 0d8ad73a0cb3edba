// `varbench phases <campaign>`: phase markers by active profiling (paper 003)
// from a campaign's regular and irregular runs; `varbench phases segment
// <run>`: any run cut into the phases those markers show.
import { withApi } from "../api.js";
import { printExport } from "../format/jsonOut.js";
import { withAnalysisProgress } from "../analysisProgress.js";
import { campaignArg, designTarget, runArg } from "../target.js";
import { outputFormat } from "../optionParsers.js";
import { PHASE_MARKERS_EXPORTERS, PHASE_SEGMENTS_EXPORTERS } from "../../report/exporters.js";
import type { Granularity, LogicalTime } from "../../phases/callSequence.js";

export interface PhaseFlags {
  readonly design?: string;
  readonly markers?: string;
  readonly logicalTime?: LogicalTime;
  readonly granularity?: Granularity;
  readonly json: boolean;
}

export function phases(workspaceDir: string, first: string, run: string | undefined, o: PhaseFlags): Promise<void> {
  return withApi(workspaceDir, async (api) => {
    const format = outputFormat(o);
    if (first === "segment") {
      if (run === undefined) throw new Error("phases segment: name the run to segment (varbench phases segment <run>)");
      const t = runArg(run);
      const markers =
        o.markers !== undefined
          ? campaignArg(o.markers, "--markers")
          : { kind: "campaign" as const, campaignId: await campaignOf(api, t.runId) };
      const r = await withAnalysisProgress(api, () =>
        api.analyses.phaseSegments({ target: t, markers, logicalTime: o.logicalTime, granularity: o.granularity }),
      );
      return printExport(PHASE_SEGMENTS_EXPORTERS, format, r, undefined);
    }
    if (run !== undefined) throw new Error(`phases ${first} ${run}: one campaign (or: phases segment <run>)`);
    if (o.markers !== undefined) throw new Error("--markers goes with phases segment <run>");
    const t = campaignArg(first);
    const target = o.design === undefined ? t : designTarget(t.campaignId, o.design, null);
    const r = await withAnalysisProgress(api, () =>
      api.analyses.phaseMarkers({ target, logicalTime: o.logicalTime, granularity: o.granularity }),
    );
    return printExport(PHASE_MARKERS_EXPORTERS, format, r, undefined);
  });
}

async function campaignOf(api: Parameters<Parameters<typeof withApi>[1]>[0], runId: number): Promise<number> {
  const { run } = await api.runs.get({ runId });
  if (run.campaignId === null) throw new Error(`run ${runId} belongs to no campaign: give --markers <campaign>`);
  return run.campaignId;
}
