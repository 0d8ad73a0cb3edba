// `varbench runs …`: the runs of the workspace, and one run's details.
import { withApi } from "../api.js";
import { runTable } from "../format/campaignTable.js";
import { toCsv } from "../../report/csv.js";

export function list(workspaceDir: string, o: { campaign?: number; json: boolean; csv: boolean }): Promise<void> {
  return withApi(workspaceDir, async (api) => {
    const rows = await api.runs.list({ campaignId: o.campaign });
    console.log(o.json ? JSON.stringify(rows, null, 2) : o.csv ? toCsv(rows) : runTable(rows));
  });
}

export function show(workspaceDir: string, id: number): Promise<void> {
  return withApi(workspaceDir, async (api) => console.log(JSON.stringify(await api.runs.get({ runId: id }), null, 2)));
}
