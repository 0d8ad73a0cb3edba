// `varbench import`: a trace stored as a run, with the reader's warnings.
import { withApi } from "../api.js";

export function importTrace(workspaceDir: string, trace: string, o: { project: string; workload?: string; design?: string; maxChildren?: number }): Promise<void> {
  return withApi(workspaceDir, async (api) => {
    const r = await api.runs.import({ trace, ...o });
    console.log(`run ${r.runId}: ${r.format} trace, ${r.events} events, ${r.threads} thread(s)`);
    for (const w of r.warnings) console.error(`warning: ${w}`);
  });
}
