// Timing noise that swamps CF-TrendProf's models of time (issue 28 item 5c).
// The thesis models counts, not time, for this reason (002 §2.1.1: "Block
// counts are exact … The mechanism of measuring time distorts its own
// result"; §3.8). A call's time carries every interruption of its thread: a
// run traced without scheduler events counts a preempted call's time off the
// CPU as the call's own, a few milliseconds on calls of microseconds, and the
// models of §3.4.3 then lose to the constant: a program whose calls follow
// work.arg1² + 1 exactly had every model of its time collapse to a constant
// with a standard error of 1580% of the mean, silently. A model whose standard
// error is as large as the mean it models (S/ȳ ≥ 1, §3.4.5's "100% means the
// standard error is equal to the mean") describes the noise, not the cost;
// such models are marked, and the analysis says why and what to do instead.
import type { CfFunction, CfVariable, VariableKind } from "./cfResult.js";

/** S/ȳ at or above which a model of time is swamped: its errors are as large as the cost itself. */
export const SWAMPED_RELATIVE_ERROR = 1;
/** Variables that measure time under --cost time (the others count calls). */
const TIMED: ReadonlySet<VariableKind> = new Set(["self", "pure", "transitive", "via", "totalSelf", "totalTransitive"]);
/** Functions named in the note, costliest first. */
const NAMED = 3;

export interface SchedulerCoverage {
  readonly runs: number;
  /** Runs whose traces held scheduler events: their times are on-CPU time. */
  readonly withSchedulerEvents: number;
}

/** What a model of time rests on when some runs lack scheduler events, said even where no model is swamped:
 * a busy machine then bends the models without breaking them (bsort's compares fitted n^2.25 under load). */
export function offCpuNote(coverage: SchedulerCoverage): string | null {
  const missing = coverage.runs - coverage.withSchedulerEvents;
  if (missing === 0) return null;
  return `${missing} of ${coverage.runs} runs were traced without scheduler events (uftrace --no-event or --no-sched): their calls' times include time off the CPU (preempted or sleeping), which grows with the machine's load, not with the workload; record with scheduler events for on-CPU time, or model calls (--cost calls)`;
}

/** The functions with their swamped time models marked, and the note that says so (null: none swamped). */
export function markTimingNoise(
  functions: readonly CfFunction[],
  coverage: SchedulerCoverage,
): { functions: CfFunction[]; note: string | null } {
  let swamped = 0;
  let timed = 0;
  const worst: { v: CfVariable }[] = [];
  const out = functions.map((f) => ({
    ...f,
    variables: f.variables.map((v): CfVariable => {
      if (!TIMED.has(v.kind) || v.observations === 0) return v;
      timed++;
      const e = v.best.relativeError;
      if (!(e >= SWAMPED_RELATIVE_ERROR)) return v;
      swamped++;
      worst.push({ v });
      return { ...v, swamped: true };
    }),
  }));
  if (swamped === 0) return { functions: out, note: null };
  // The swamped models of the most time first: mean × observations is the time the variable holds in all.
  const weight = (v: CfVariable) => (Number.isFinite(v.mean) ? Math.abs(v.mean) * v.observations : 0);
  const named = [...worst]
    .sort((p, q) => weight(q.v) - weight(p.v))
    .slice(0, NAMED)
    .map(({ v }) => `${v.label} (SE/mean ${(100 * v.best.relativeError).toFixed(0)}%)`);
  const missing = coverage.runs - coverage.withSchedulerEvents;
  const why =
    missing > 0
      ? `${missing} of ${coverage.runs} runs were traced without scheduler events (uftrace --no-event or --no-sched), so a call's time includes the time its thread spent off the CPU (preempted or sleeping). Model calls instead (--cost calls), or record with scheduler events (leave out --no-event and --no-sched): the time off the CPU is then left out`
      : `the traces hold scheduler events, so the time is on-CPU time already: the noise is the calls' own (timer resolution, interrupts, caches, the tracer). Model calls instead (--cost calls)`;
  return {
    functions: out,
    note: `timing noise swamps ${swamped} of ${timed} models of time: their standard error is at least the mean they model, so they describe the noise, not the cost (shown as "noise"), e.g. ${named.join("; ")}. ${why}.`,
  };
}
