// The steps of the execution pattern analysis (declared in ../executionPatterns.ts, which says what it is and which
// paper it follows): imported when it first runs, so a command loads only the analyses it runs.
import type { ExecutionPatternsResult } from "../../patterns/result.js";
import { clusterRuns, patternRuns, sharedMachineNote } from "../patternRuns.js";
import { ApiError } from "../../errors/errors.js";
import type { Resolved } from "../descriptor.js";
import type { executionPatternsArgs } from "../executionPatterns.js";
import { analysisSteps } from "../descriptor.js";

/** The target's runs of one workload, said so in its label; refused in words when it has none. */
function onWorkload(t: Resolved, workload: string): Resolved {
  const runs = t.runs.filter((r) => r.workload === workload);
  if (runs.length === 0) {
    const known = [...new Set(t.runs.map((r) => r.workload).filter((w) => w !== null))].join(", ");
    throw new ApiError(
      "not-found",
      `${t.label} has no succeeded run of workload ${JSON.stringify(workload)}; its workloads: ${known || "none"}`,
      [{ path: "workload", message: "no such workload" }],
    );
  }
  return { ...t, label: `${t.label} on ${workload}`, runs, timing: t.timing.filter((r) => r.workload === workload) };
}

export const steps = analysisSteps<ReturnType<typeof executionPatternsArgs>>()({
  load: async (sources, { target }, args) => {
    const t = args.workload === null ? target! : onWorkload(target!, args.workload);
    const p = await patternRuns(sources, t, args, (r) => r.design ?? "—");
    const shared = await sharedMachineNote(sources, [t], p.runs);
    return { label: t.label, ...p, notes: shared ? [...p.notes, shared] : p.notes };
  },
  compute: (input, args, progress): ExecutionPatternsResult => clusterRuns(input, args, progress).result,
});
