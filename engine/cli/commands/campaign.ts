// `varbench campaign …`: campaigns run from a spec, resumed after a crash,
// cancelled, listed and summarised.
import type { MeasureName } from "../../campaign/measures.js";
import { withApi } from "../api.js";
import { printJson } from "../format/jsonOut.js";
import { followCampaign } from "../follow.js";
import { campaignList, campaignTable, countsText } from "../format/campaignTable.js";
import { CAMPAIGN_EXPORTERS } from "../../report/exporters.js";
import { outputFormat } from "../optionParsers.js";
import { writeFile } from "node:fs/promises";
import { basename } from "node:path";
import { ApiError } from "../../errors/errors.js";
import { starterSpec } from "./starterSpec.js";

/** Writes a commented starter spec to `file`; an existing file is never overwritten. */
export async function init(file: string): Promise<void> {
  try {
    await writeFile(file, starterSpec(basename(file)), { flag: "wx" });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "EEXIST")
      throw new ApiError("conflict", `${file} exists: not overwritten (remove it, or give another file name)`);
    if (code === "ENOENT" || code === "EACCES" || code === "EISDIR" || code === "ENOTDIR")
      throw new ApiError("invalid-arguments", `${file}: cannot be written (${code})`);
    throw e;
  }
  console.log(`${file}: a starter campaign spec; edit it, then run it with varbench campaign run ${file}`);
}

export function run(workspaceDir: string, spec: string, seed?: number, version?: string): Promise<void> {
  return withApi(
    workspaceDir,
    async (api) => {
      const end = await followCampaign(api, async () => {
        const p = await api.campaigns.launchSpec({ spec, seed, version });
        const v = p.version ? `, version ${p.version.label}` : "";
        console.log(`campaign ${p.campaign.id}: ${p.runs} runs planned (seed ${p.campaign.seed}, ${p.order}${v})`);
        return p.campaign;
      });
      console.log(`campaign ${end.campaignId} ${end.status}: ${countsText(end.counts)}`);
    },
    { campaigns: true },
  );
}

export function resume(workspaceDir: string, id: number): Promise<void> {
  return withApi(
    workspaceDir,
    async (api) => {
      const end = await followCampaign(api, () => api.campaigns.resume({ campaignId: id }));
      console.log(`campaign ${id} ${end.status}: ${countsText(end.counts)}`);
    },
    { campaigns: true },
  );
}

export function calibrate(workspaceDir: string, id: number): Promise<void> {
  return withApi(workspaceDir, async (api) => {
    const c = await api.campaigns.calibrate({ campaignId: id });
    if ("failure" in c) throw new Error(`uftrace's cost per call could not be measured: ${c.failure}`);
    console.log(
      `uftrace costs about ${c.nsPerCall.toFixed(0)} ns a recorded call on this machine (${c.low.toFixed(0)}–${c.high.toFixed(0)}; ${c.insideNs.toFixed(0)} ns of it between a call's own records): ${c.how}.`,
    );
  });
}

export function cancel(workspaceDir: string, id: number): Promise<void> {
  return withApi(workspaceDir, async (api) => {
    const c = await api.campaigns.cancel({ campaignId: id });
    console.log(
      c.status === "cancelling"
        ? `campaign ${id}: asked runner ${c.runnerPid} to cancel`
        : `campaign ${id} ${c.status}: ${countsText(c.counts)}`,
    );
  });
}

export function list(workspaceDir: string): Promise<void> {
  return withApi(workspaceDir, async (api) => console.log(campaignList(await api.campaigns.list({}))));
}

export function show(
  workspaceDir: string,
  id: number,
  o: { json: boolean; csv: boolean; metric?: MeasureName },
): Promise<void> {
  return withApi(workspaceDir, async (api) => {
    const format = outputFormat(o);
    const d = await api.campaigns.get({ campaignId: id, measure: o.metric ?? null });
    const c = d.campaign;
    if (format === "json")
      return printJson({
        campaign: { id, name: c.name, status: c.status, seed: c.seed },
        measure: d.measure,
        basis: d.basis,
        measures: d.measures.map((m) => m.name),
        groups: d.groups.map((g) => ({ design: g.design, workload: g.workload, summary: g.summary })),
      });
    if (format === "csv") return void process.stdout.write(CAMPAIGN_EXPORTERS.csv.render(d, {}) as string);
    console.log(`campaign ${id} (${c.name}): ${c.status}, seed ${c.seed}`);
    console.log(
      `${d.measure.title}, from ${d.basis} (--metric ${d.measure.name}; also: ${
        d.measures
          .filter((m) => m.name !== d.measure.name)
          .map((m) => m.name)
          .join(", ") || "none"
      })`,
    );
    console.log(campaignTable(d));
  });
}
