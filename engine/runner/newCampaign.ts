// A campaign from a spec file: validated, planned with its seed, stored with
// its queue of runs. The CLI and the demo start campaigns through this.
import { readFileSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { randomInt } from "node:crypto";
import type { Workspace } from "../store/workspace.js";
import { createCampaign } from "../store/campaigns.js";
import { parseCampaignSpec } from "./spec.js";
import { planCampaign } from "./plan.js";

export function planCampaignFromFile(ws: Workspace, specFile: string, seed?: number): { id: number; runs: number; seed: number; order: string } {
  const spec = parseCampaignSpec(readFileSync(specFile, "utf8"), specFile);
  const chosen = seed ?? spec.seed ?? randomInt(2 ** 31 - 1);
  const specDir = dirname(resolve(specFile));
  const runs = planCampaign(spec, specDir, chosen, specFile);
  const id = createCampaign(ws.db, spec, spec.name ?? basename(specFile).replace(/\.ya?ml$/, ""), chosen, runs, specDir);
  return { id, runs: runs.length, seed: chosen, order: spec.order };
}
