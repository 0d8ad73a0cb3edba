// The steps of the flame graph (declared in ../flame.ts, which says what it is and which
// paper it follows): imported when it first runs, so a command loads only the analyses it runs.
import { mergeCcts } from "../../cct/merge.js";
import { threadLabels, threadMatcher } from "../../cct/table.js";
import type { ContextColumns } from "../../cct/contextTable.js";
import type { ThreadLabel } from "../../campaign/readModels.js";
import { flameGraph } from "../../flame/flameGraph.js";
import { describeTraceWarning } from "../../trace/diagnostics.js";
import { ApiError } from "../../errors/errors.js";
import { type Resolved, type Sources } from "../descriptor.js";
import { requireThread } from "./cct.js";
import { runTarget } from "../resolveTarget.js";
import type { flameArgs } from "../flame.js";
import { analysisSteps } from "../descriptor.js";

export const steps = analysisSteps<ReturnType<typeof flameArgs>>()({
  load: (sources, { target }, args) => flameSide(sources, target!, args.thread, args.onCpu),
  compute: (side, args) =>
    flameGraph(side.columns, side.functions, {
      label: side.label,
      runs: side.runs,
      thread: args.thread,
      threads: side.threads,
      warnings: side.warnings,
    }),
});

export interface FlameSide {
  readonly label: string;
  readonly runs: number;
  readonly threads: readonly ThreadLabel[];
  readonly functions: readonly string[];
  readonly columns: ContextColumns;
  readonly warnings: readonly string[];
}

/** One side's tree: a run's or trace's threads merged (or the one picked), or the CCTs of a design's traced runs merged. */
export async function flameSide(
  sources: Sources,
  target: Resolved,
  thread: string | null,
  onCpu: boolean,
): Promise<FlameSide> {
  const label = `${target.label}${onCpu ? " (on-CPU time)" : ""}`;
  if (target.target.kind === "run" || target.target.kind === "trace") {
    const cct = await sources.cct(target, { onCpu });
    requireThread(cct, thread);
    const { functions, columns } = mergeCcts([cct], thread === null ? undefined : threadMatcher(thread));
    return {
      label,
      runs: 1,
      threads: threadLabels(cct),
      functions,
      columns,
      warnings: cct.warnings.map(describeTraceWarning),
    };
  }
  if (thread !== null)
    throw new ApiError(
      "invalid-arguments",
      "a thread can be picked in one run or trace, not in a design's runs (their thread ids differ)",
      [{ path: "thread", message: "only for a run or a trace" }],
    );
  const traced = target.runs.filter((r) => r.hasCct);
  if (traced.length === 0)
    throw new ApiError(
      "not-found",
      `no run of ${target.label} holds a calling-context tree (runs under uftrace, or imported traces, do)`,
      [{ path: "target", message: "no CCT" }],
    );
  const ccts = [];
  for (const [i, r] of traced.entries()) {
    sources.progress(`reading the CCTs of ${target.label}`, i, traced.length);
    ccts.push(await sources.cct(runTarget(r), { onCpu }));
  }
  const { functions, columns } = mergeCcts(ccts);
  const warnings = [...new Set(ccts.flatMap((c) => c.warnings.map(describeTraceWarning)))];
  return {
    label: `${label}, ${traced.length} run${traced.length === 1 ? "" : "s"} pooled`,
    runs: traced.length,
    threads: [],
    functions,
    columns,
    warnings,
  };
}
