// `varbench phases <campaign>`: phase markers by active profiling (paper 003)
// from a campaign's regular and irregular runs; `varbench phases segment
// <run>`: any run cut into the phases those markers show.
import { withApi } from "../api.js";
import { printExport } from "../format/jsonOut.js";
import { withAnalysisProgress } from "../analysisProgress.js";
import { targetArg } from "../target.js";
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
    const format = o.json ? "json" : "text";
    if (first === "segment") {
      if (run === undefined) throw new Error("phases segment: name the run to segment (varbench phases segment <run>)");
      const t = targetArg(run, ["run"]);
      if (t.kind !== "run") throw new Error(`${run}: name a run (its id, or run:<id>)`);
      const markers = o.markers !== undefined ? targetArg(o.markers, ["campaign"]) : { kind: "campaign" as const, campaignId: await campaignOf(api, t.runId) };
      if (markers.kind !== "campaign") throw new Error(`--markers ${o.markers}: name a campaign`);
      const r = await withAnalysisProgress(api, () => api.analyses.phaseSegments({ target: t, markers, logicalTime: o.logicalTime, granularity: o.granularity }));
      return printExport(PHASE_SEGMENTS_EXPORTERS, format, r, undefined);
    }
    if (run !== undefined) throw new Error(`phases ${first} ${run}: one campaign (or: phases segment <run>)`);
    if (o.markers !== undefined) throw new Error("--markers goes with phases segment <run>");
    const t = targetArg(first, ["campaign"]);
    if (t.kind !== "campaign") throw new Error(`${first}: name a campaign (campaign:<id> or its id)`);
    const target = o.design === undefined ? t : { kind: "design" as const, campaignId: t.campaignId, design: o.design, workload: null };
    const r = await withAnalysisProgress(api, () => api.analyses.phaseMarkers({ target, logicalTime: o.logicalTime, granularity: o.granularity }));
    return printExport(PHASE_MARKERS_EXPORTERS, format, r, undefined);
  });
}

async function campaignOf(api: Parameters<Parameters<typeof withApi>[1]>[0], runId: number): Promise<number> {
  const { run } = await api.runs.get({ runId });
  if (run.campaignId === null) throw new Error(`run ${runId} belongs to no campaign: give --markers <campaign>`);
  return run.campaignId;
}
