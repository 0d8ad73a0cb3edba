// A CCT by run id (from the workspace) or by trace path (read on the spot).
import { existsSync } from "node:fs";
import type { Cct } from "../cct/cct.js";
import { readTraceFile } from "../host/readTrace.js";
import { loadRunCct } from "../store/runCct.js";
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
