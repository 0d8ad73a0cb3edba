// A CCT by run id (from the workspace) or by trace path (read on the spot).
import { existsSync } from "node:fs";
import type { Cct, CctOptions } from "../cct/cct.js";
import { readTraceFile } from "../host/readTrace.js";
import { loadRunCct } from "../store/runCct.js";
import { buildRunCct, type RunTraceOptions } from "../store/runTrace.js";
import { Workspace } from "../store/workspace.js";

/** A stored run's own CCT, unless options ask for one built differently: then it is built again from the run's trace. */
export async function loadCct(target: string, workspaceDir: string, options: CctOptions & RunTraceOptions = {}): Promise<{ cct: Cct; label: string }> {
  if (/^\d+$/.test(target) && !existsSync(target)) {
    const ws = Workspace.open(workspaceDir);
    try {
      const id = Number(target);
      const rebuild = options.excludeOffCpu === true || options.maxCovarianceChildren !== undefined;
      return { cct: rebuild ? await buildRunCct(ws, id, options) : await loadRunCct(ws, id), label: `run ${target}${options.excludeOffCpu ? " (on-CPU time)" : ""}` };
    } finally {
      ws.close();
    }
  }
  const { cct } = await readTraceFile(target, options);
  return { cct, label: options.excludeOffCpu ? `${target} (on-CPU time)` : target };
}
