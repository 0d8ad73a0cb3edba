// A CCT by run id (from the workspace) or by trace path (read on the spot).
import type { Cct, CctOptions } from "../cct/cct.js";
import { readTraceFile } from "../host/readTrace.js";
import { loadRunCct } from "../store/runCct.js";
import { buildRunCct, type RunTraceOptions } from "../store/runTrace.js";
import { withTarget } from "./target.js";

/** A stored run's own CCT, unless options ask for one built differently: then it is built again from the run's trace. */
export function loadCct(target: string, workspaceDir: string, options: CctOptions & RunTraceOptions = {}): Promise<{ cct: Cct; label: string }> {
  const onCpu = options.excludeOffCpu ? " (on-CPU time)" : "";
  return withTarget(target, workspaceDir, async (t) => {
    if ("trace" in t) return { cct: (await readTraceFile(t.trace, options)).cct, label: `${t.trace}${onCpu}` };
    const rebuild = options.excludeOffCpu === true || options.maxCovarianceChildren !== undefined;
    return { cct: rebuild ? await buildRunCct(t.ws, t.runId, options) : await loadRunCct(t.ws, t.runId), label: `run ${t.runId}${onCpu}` };
  });
}
