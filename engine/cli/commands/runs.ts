// `varbench runs …`: the runs of the workspace, and one run's details.
import { withApi } from "../api.js";
import { runTable } from "../format/campaignTable.js";
import { toCsv } from "../../report/csv.js";
import { printJson } from "../format/jsonOut.js";
import { outputFormat } from "../optionParsers.js";

export function list(workspaceDir: string, o: { campaign?: number; json: boolean; csv: boolean }): Promise<void> {
  return withApi(workspaceDir, async (api) => {
    const format = outputFormat(o);
    const rows = await api.runs.list({ campaignId: o.campaign });
    if (format === "json") return printJson(rows);
    console.log(format === "csv" ? toCsv(rows) : runTable(rows));
  });
}

export function show(workspaceDir: string, id: number): Promise<void> {
  return withApi(workspaceDir, async (api) => printJson(await api.runs.get({ runId: id })));
}
