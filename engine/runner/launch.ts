// The one way a campaign comes to be: a spec (from a file, or a template
// campaign's spec narrowed in the workbench) planned with its seed and stored
// with its queue of runs. The API's campaigns.launch and campaigns.launchSpec
// (and so the command line and the demo) all come through here.
import { readFileSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { randomInt } from "node:crypto";
import type { Workspace } from "../store/workspace.js";
import { createCampaign } from "../store/campaigns.js";
import { SpecError, type CampaignSpec } from "../campaign/spec.js";
import { planCampaign } from "./planCampaign.js";

export interface LaunchRequest {
  readonly spec: CampaignSpec;
  /** The folder relative paths and {spec_dir} are taken from. */
  readonly specDir: string;
  readonly name: string;
  /** Where the spec came from, for messages: a file, or "campaign 3 (name)". */
  readonly source: string;
  /** The run order's seed; absent: the spec's, else a random one (recorded either way). */
  readonly seed?: number;
  /** The spec-planned campaign this one was launched from, if any. */
  readonly templateId?: number;
}

export interface Launched {
  readonly id: number;
  readonly runs: number;
  readonly seed: number;
  readonly order: string;
}

/** Plans and stores a campaign; throws SpecError (nothing stored) when its placeholders do not resolve. */
export function createPlannedCampaign(ws: Workspace, r: LaunchRequest): Launched {
  const seed = r.seed ?? r.spec.seed ?? randomInt(2 ** 31 - 1);
  const runs = planCampaign(r.spec, r.specDir, seed, r.source);
  const id = createCampaign(ws.db, r.spec, r.name, seed, runs, r.specDir, r.templateId ?? null);
  return { id, runs: runs.length, seed, order: r.spec.order };
}

export async function planCampaignFromFile(ws: Workspace, specFile: string, seed?: number): Promise<Launched> {
  // The YAML reader is loaded only here, where a spec file is read.
  const { parseCampaignSpec, specLines } = await import("../campaign/specFile.js");
  const text = readSpec(specFile);
  const spec = parseCampaignSpec(text, specFile);
  const name = spec.name ?? basename(specFile).replace(/\.ya?ml$/, "");
  try {
    return createPlannedCampaign(ws, {
      spec,
      specDir: dirname(resolve(specFile)),
      name,
      source: specFile,
      ...(seed === undefined ? {} : { seed }),
    });
  } catch (e) {
    if (!(e instanceof SpecError)) throw e;
    // The planner knows the field, the file knows its line.
    const line = specLines(text);
    throw new SpecError(
      specFile,
      e.issues.map((i) => ({ ...i, line: i.line ?? line(i.path) })),
    );
  }
}

function readSpec(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === "ENOENT"
        ? "no such file"
        : code === "EISDIR"
          ? "a folder, not a spec file"
          : code === "EACCES"
            ? "not readable (permission denied)"
            : (code ?? (e as Error).message);
    throw new SpecError(file, [{ path: "", line: null, message: why }]);
  }
}
