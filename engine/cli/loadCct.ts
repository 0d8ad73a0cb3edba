// A CCT by run id (from the workspace) or by trace path (read on the spot).
import { existsSync } from "node:fs";
import type { Cct } from "../cct/cct.js";
import { parseCct } from "../cct/serialize.js";
import { readTraceFile } from "../host/readTrace.js";
import { artifactsOf, getRun } from "../store/repositories.js";
import { Workspace } from "../store/workspace.js";

/** `maxCovarianceChildren` applies when the CCT is built from a trace, not to a stored run. */
export async function loadCct(target: string, workspaceDir: string, maxCovarianceChildren?: number): Promise<{ cct: Cct; label: string }> {
  if (/^\d+$/.test(target) && !existsSync(target)) {
    const ws = Workspace.open(workspaceDir);
    try {
      return { cct: await loadRunCct(ws, Number(target)), label: `run ${target}` };
    } finally {
      ws.close();
    }
  }
  const { cct } = await readTraceFile(target, maxCovarianceChildren === undefined ? {} : { maxCovarianceChildren });
  return { cct, label: target };
}

/** The stored CCT of a run. */
export async function loadRunCct(ws: Workspace, id: number): Promise<Cct> {
  if (!getRun(ws.db, id)) throw new Error(`run ${id} does not exist in ${ws.dir}`);
  const art = artifactsOf(ws.db, id).find((a) => a.kind === "cct");
  if (!art) throw new Error(`run ${id} has no CCT (it holds no trace)`);
  return parseCct(await ws.artifacts.readText(art.path), `run ${id}`);
}
