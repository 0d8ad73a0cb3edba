// Each change point of history.project explained (engine/history/explain.ts, findings.ts): the CCTs of the
// runs of the versions nearest it on either side (at most the smallest segment's count of versions a side,
// so the comparison is of the versions around the change, not of history long before it), read as
// `compare` reads a run's (its stored tree; on-CPU where the trace holds scheduler events); the same runs'
// kept timelines clustered into execution patterns, their CCTs pooled into VCG patterns, and the design's
// runs of every workload at those versions fitted into trends (historyExplainFindings.ts).
import type { ServiceContext } from "./serviceContext.js";
import type { HistoryExplanation, HistoryReport } from "./types.js";
import type { RunRow } from "../campaign/readModels.js";
import type { Cct } from "../cct/cct.js";
import type { Sources } from "../analyses/descriptor.js";
import { runTarget } from "../analyses/resolveTarget.js";
import { mergeThreads } from "../cct/merge.js";
import { contextRows, type ContextRow } from "../cct/query.js";
import { frameKind } from "../cct/frameKinds.js";
import { DEFAULT_ON_CPU } from "../variance/parameters.js";
import {
  contextMeasureOf,
  explainChange,
  runChange,
  type ContextChange,
  type ContextMeasure,
} from "../history/explain.js";
import type { MeasureName } from "../campaign/measures.js";
import { contextsFinding } from "../history/explainContexts.js";
import { cannotAnswer, rankFindings, type HistoryFinding } from "../history/findings.js";
import { answered, patternsOf, trendsOf, vcgOf, type Sides } from "./historyExplainFindings.js";

/** A measured run of the history (traced or not), with its version and environment. */
export interface SeriesRun {
  readonly run: RunRow;
  readonly version: number;
  readonly environment: string;
}

/** Runs read a side, at most: a change's explanation reads 2 × this many CCTs and timelines. */
const MAX_RUNS_A_SIDE = 12;

const NOTHING_TO_EXPLAIN =
  "its runs hold no calling contexts (recorded under a profiler that keeps none, or imported results): nothing to explain the change with; record the campaigns under uftrace (a -pg build) to see the contexts whose time changed";

export async function explainChanges(
  ctx: ServiceContext,
  r: Omit<HistoryReport, "explanations">,
  runs: readonly SeriesRun[],
): Promise<HistoryExplanation[]> {
  const out: HistoryExplanation[] = [];
  const sources = ctx.sources.forCall(() => {});
  const label = (vs: readonly number[]) => vs.map((v) => r.versions[v]?.label ?? `#${v}`).join(", ");
  // A trend is of the design over all its workloads: the series of its workloads changing at the same
  // versions share one, fitted once.
  const trends = new Map<string, Promise<HistoryFinding>>();
  const trend = (key: string, make: () => Promise<HistoryFinding>) => {
    if (!trends.has(key)) trends.set(key, make());
    return trends.get(key)!;
  };
  for (const [si, s] of r.series.entries()) {
    const ofDesign = runs.filter((x) => x.run.design === s.design && x.environment === s.environment);
    const mine = ofDesign.filter((x) => x.run.workload === s.workload);
    for (const [ci, c] of s.changes.entries()) {
      const versions = s.points.map((p) => p.version);
      const near = r.method.minSegment;
      const before = versions.filter((v) => v >= c.sides.before[0] && v <= c.sides.before[1]).slice(-near);
      const after = versions.filter((v) => v >= c.sides.after[0] && v <= c.sides.after[1]).slice(0, near);
      const pick = (vs: number[]) => mine.filter((x) => vs.includes(x.version)).slice(-MAX_RUNS_A_SIDE);
      const [a, b] = [pick(before), pick(after)];
      const base = { series: si, change: ci, versionsBefore: before, versionsAfter: after };
      if (a.length === 0 || b.length === 0) {
        out.push({
          ...base,
          runsBefore: 0,
          runsAfter: 0,
          contexts: [],
          contextsBy: contextMeasureOf(s.metric),
          note: NOTHING_TO_EXPLAIN,
        });
        continue;
      }
      const sides = (x: readonly SeriesRun[], y: readonly SeriesRun[], what: string): Sides => ({
        before: x.map((v) => v.run),
        after: y.map((v) => v.run),
        label: `${s.design}${what} at ${label(before)} | ${label(after)}`,
      });
      const design = (vs: number[]) => spread(ofDesign.filter((x) => vs.includes(x.version)));
      const traced = await tracedFindings(sources, a, b, s.metric);
      const findings = [
        ...traced.findings,
        await answered("execution-patterns", () => patternsOf(sources, sides(a, b, ` × ${s.workload}`), s.metric)),
        await trend(
          `${s.design}\u0000${s.environment}\u0000${s.metric}\u0000${before.join()}\u0000${after.join()}`,
          () => answered("trends", () => trendsOf(sources, sides(design(before), design(after), ""), s.metric)),
        ),
      ];
      out.push({
        ...base,
        runsBefore: a.length,
        runsAfter: b.length,
        contexts: traced.contexts,
        contextsBy: traced.contextsBy,
        note: traced.note,
        findings: rankFindings(findings),
      });
    }
  }
  return out;
}

/** What the runs' CCTs say (the contexts and VCG findings), where both sides hold traced runs. */
async function tracedFindings(
  sources: Sources,
  a: readonly SeriesRun[],
  b: readonly SeriesRun[],
  metric: MeasureName,
): Promise<{ contexts: ContextChange[]; contextsBy: ContextMeasure; note: string | null; findings: HistoryFinding[] }> {
  const [ta, tb] = [a.filter((x) => x.run.hasCct), b.filter((x) => x.run.hasCct)];
  if (ta.length === 0 || tb.length === 0)
    return {
      contexts: [],
      contextsBy: contextMeasureOf(metric),
      note: NOTHING_TO_EXPLAIN,
      findings: [cannotAnswer("contexts", NOTHING_TO_EXPLAIN), cannotAnswer("vcg", NOTHING_TO_EXPLAIN)],
    };
  const [ca, cb] = [await cctsOf(sources, ta), await cctsOf(sources, tb)];
  const [ra, rb] = [ca.map(rowsOf), cb.map(rowsOf)];
  const by = contextMeasureOf(metric);
  const contexts = explainChange(ra, rb, by);
  const vcg = () =>
    vcgOf(
      ca.map((x) => x.cct),
      cb.map((x) => x.cct),
      ca.some((x) => x.onCpu),
    );
  return {
    contexts,
    note: contexts.length === 0 ? "no context of the program's own code changed by 1 % or more" : null,
    contextsBy: by,
    findings: [contextsFinding(contexts, runChange(ra, rb, by), by), await answered("vcg", async () => vcg())],
  };
}

/** At most MAX_RUNS_A_SIDE runs, taken from every workload in turn (a trend needs the workloads' spread). */
function spread(runs: readonly SeriesRun[]): SeriesRun[] {
  const by = new Map<string, SeriesRun[]>();
  for (const x of runs) by.set(x.run.workload ?? "", [...(by.get(x.run.workload ?? "") ?? []), x]);
  const queues = [...by.values()].map((q) => [...q].reverse());
  const out: SeriesRun[] = [];
  while (out.length < MAX_RUNS_A_SIDE && queues.some((q) => q.length > 0))
    for (const q of queues) if (q.length > 0 && out.length < MAX_RUNS_A_SIDE) out.push(q.shift()!);
  return out.sort((x, y) => x.run.id - y.run.id);
}

async function cctsOf(sources: Sources, runs: readonly SeriesRun[]): Promise<{ cct: Cct; onCpu: boolean }[]> {
  const out: { cct: Cct; onCpu: boolean }[] = [];
  for (const { run } of runs) {
    const stored = await sources.cct(runTarget(run));
    // As `compare` does: only a trace with scheduler events has time off the CPU to take out.
    const waited = DEFAULT_ON_CPU && stored.functions.some((f) => frameKind(f) === "waiting");
    out.push({ cct: waited ? await sources.cct(runTarget(run), { onCpu: true }) : stored, onCpu: waited });
  }
  return out;
}

function rowsOf({ cct }: { cct: Cct }): ContextRow[] {
  return contextRows(mergeThreads(cct), cct.functions);
}
