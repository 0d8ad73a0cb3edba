// Each change point of history.project explained (engine/history/explain.ts): the CCTs of the runs of
// the versions nearest it on either side (at most the smallest segment's count of versions a side, so the
// comparison is of the versions around the change, not of history long before it), read as `compare` reads
// a run's (its stored tree; on-CPU where the trace holds scheduler events).
import type { ServiceContext } from "./serviceContext.js";
import type { HistoryExplanation, HistoryReport } from "./types.js";
import type { RunRow } from "../campaign/readModels.js";
import { runTarget } from "../analyses/resolveTarget.js";
import { mergeThreads } from "../cct/merge.js";
import { contextRows, type ContextRow } from "../cct/query.js";
import { frameKind } from "../cct/frameKinds.js";
import { DEFAULT_ON_CPU } from "../variance/parameters.js";
import { explainChange } from "../history/explain.js";

/** A traced run of the history, with its version and environment. */
export interface SeriesRun {
  readonly run: RunRow;
  readonly version: number;
  readonly environment: string;
}

/** Runs read a side, at most: a change's explanation reads 2 × this many CCTs. */
const MAX_RUNS_A_SIDE = 12;

const NOTHING_TO_EXPLAIN =
  "its runs hold no calling contexts (recorded under a profiler that keeps none, or imported results): nothing to explain the change with; record the campaigns under uftrace (a -pg build) to see the contexts whose time changed";

export async function explainChanges(
  ctx: ServiceContext,
  r: Omit<HistoryReport, "explanations">,
  runs: readonly SeriesRun[],
): Promise<HistoryExplanation[]> {
  const out: HistoryExplanation[] = [];
  for (const [si, s] of r.series.entries()) {
    const mine = runs.filter(
      (x) => x.run.design === s.design && x.run.workload === s.workload && x.environment === s.environment,
    );
    for (const [ci, c] of s.changes.entries()) {
      const versions = s.points.map((p) => p.version);
      const near = r.method.minSegment;
      const before = versions.filter((v) => v >= c.sides.before[0] && v <= c.sides.before[1]).slice(-near);
      const after = versions.filter((v) => v >= c.sides.after[0] && v <= c.sides.after[1]).slice(0, near);
      const pick = (vs: number[]) => mine.filter((x) => vs.includes(x.version)).slice(-MAX_RUNS_A_SIDE);
      const [a, b] = [pick(before), pick(after)];
      const base = { series: si, change: ci, versionsBefore: before, versionsAfter: after };
      if (a.length === 0 || b.length === 0) {
        out.push({ ...base, runsBefore: 0, runsAfter: 0, contexts: [], note: NOTHING_TO_EXPLAIN });
        continue;
      }
      const contexts = explainChange(await rowsOf(ctx, a), await rowsOf(ctx, b));
      out.push({
        ...base,
        runsBefore: a.length,
        runsAfter: b.length,
        contexts,
        note: contexts.length === 0 ? "no context of the program's own code changed by 1 % or more" : null,
      });
    }
  }
  return out;
}

async function rowsOf(ctx: ServiceContext, runs: readonly SeriesRun[]): Promise<ContextRow[][]> {
  const out: ContextRow[][] = [];
  const sources = ctx.sources.forCall(() => {});
  for (const { run } of runs) {
    const stored = await sources.cct(runTarget(run));
    // As `compare` does: only a trace with scheduler events has time off the CPU to take out.
    const waited = DEFAULT_ON_CPU && stored.functions.some((f) => frameKind(f) === "waiting");
    const cct = waited ? await sources.cct(runTarget(run), { onCpu: true }) : stored;
    out.push(contextRows(mergeThreads(cct), cct.functions));
  }
  return out;
}
