// A project measured at many versions, one campaign each (issue 33's history tests): a fresh workspace, a
// spec written per version by the caller, each campaign launched with that version's label and awaited.
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildExamples, tempDir } from "./uftrace.js";
import { VarbenchService } from "../../engine/api/service.js";
import { Workspace } from "../../engine/store/workspace.js";
import { inProcessClient } from "../../engine/api/inProcess.js";
import type { VarbenchApi } from "../../engine/api/contract.js";
import type { CampaignProgressEvent, PlannedCampaign } from "../../engine/api/types.js";

/** "v01", "v02", …: labels outside git, ordered as given. */
export const versionLabel = (v: number) => `v${String(v).padStart(2, "0")}`;

export interface VersionedWorkspace {
  readonly dir: string;
  /** The temporary folder the workspace is in, for the caller's own files. */
  readonly root: string;
  readonly service: VarbenchService;
  readonly api: VarbenchApi;
}

function finished(api: VarbenchApi, id: number): Promise<CampaignProgressEvent> {
  return new Promise((ok) => {
    const off = api.onCampaignProgress((e) => {
      if (e.campaignId === id && (e.status === "finished" || e.status === "failed")) (off(), ok(e));
    });
  });
}

/** Versions 1…`versions`, each the campaign `spec(v, root)` describes, run in order; each must finish.
 * `planned` sees each launch's plan (e.g. to check the version recorded). */
export async function recordVersions(
  name: string,
  versions: number,
  spec: (v: number, root: string) => string,
  planned: (p: PlannedCampaign, v: number) => void = () => {},
): Promise<VersionedWorkspace> {
  buildExamples();
  process.env.VARBENCH_CONFIG_DIR = tempDir("config");
  const root = tempDir(name);
  const dir = join(root, "ws");
  const specs = join(root, "specs");
  mkdirSync(specs);
  Workspace.init(dir).close();
  const service = new VarbenchService(dir, { localFiles: true, remember: false });
  const api = inProcessClient(service);
  for (let v = 1; v <= versions; v++) {
    const file = join(specs, `${versionLabel(v)}.yaml`);
    writeFileSync(file, spec(v, root));
    const p = await api.campaigns.launchSpec({ spec: file, seed: 1, version: versionLabel(v) });
    planned(p, v);
    assert.equal((await finished(api, p.campaign.id)).status, "finished");
  }
  return { dir, root, service, api };
}
