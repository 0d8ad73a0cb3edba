// Which runs the Phases view names and loads (paper 003): what a selection
// is (its route is phases/routes.ts), each run's part in active profiling (§3.1), and the handful of
// inputs Figure 6 overlays. Pure: unit-tested without a browser.
import type { Granularity, LogicalTime } from "../../../engine/phases/callSequence.js";
import type { PhaseMarkersResult } from "../../../engine/phases/result.js";

export interface PhasesQuery {
  readonly campaignId: number;
  /** The run cut into phases, if one is selected. */
  readonly run: number | null;
  /** What distances, gaps and lengths are measured in: elapsed time or calls made (both calls use it). */
  readonly time: LogicalTime;
  /** Candidate markers: functions, or call chains. */
  readonly granularity: Granularity;
}

/** Figure 6 overlays a handful of inputs. Each is one phaseSegments call, and one not yet kept by the engine
 * reads the campaign's regular and irregular runs again besides its own: more would make the page slow. */
export const MAX_HISTOGRAM_RUNS = 5;

/** A run's part in active profiling (003 §3.1): the regular input of f identical requests, or an irregular one of g. */
export interface RunRole {
  readonly role: "regular" | "irregular";
  readonly requests: number;
}

export function rolesOf(m: PhaseMarkersResult | null): Map<number, RunRole> {
  if (!m) return new Map();
  return new Map<number, RunRole>([
    [m.regularRun.runId, { role: "regular", requests: m.regularRun.requests }],
    ...m.irregularRuns.map((r): [number, RunRole] => [r.runId, { role: "irregular", requests: r.requests }]),
  ]);
}

/** Figure 6's runs: the selected one, then the regular input and the irregular ones, at most MAX_HISTOGRAM_RUNS. */
export function histogramRuns(selected: number | null, m: PhaseMarkersResult | null): number[] {
  const ids = [
    ...(selected !== null ? [selected] : []),
    ...(m ? [m.regularRun.runId, ...m.irregularRuns.map((r) => r.runId)] : []),
  ];
  return [...new Set(ids)].slice(0, MAX_HISTOGRAM_RUNS);
}

/** "run 3 · other-7, g = 7": a run by its input and its requests. */
export function runLabel(runId: number, workload: string | null | undefined, role: RunRole | undefined): string {
  return `run ${runId}${workload ? ` · ${workload}` : ""}${role ? `, ${role.role === "regular" ? "f" : "g"} = ${role.requests}` : ""}`;
}
