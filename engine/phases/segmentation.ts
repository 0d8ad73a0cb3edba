// A run cut into phase instances by its markers (paper 003 §2: "a phase marker
// is a basic block … such that if it executes, an instance of the phase it
// marks must follow"; instances are "continuous segment[s] of program
// execution" that do not overlap, but need not fill the run): an outer
// instance from an entry of the outer marker to where its request's work ends
// — the last return, before the next entry, of a function run once per
// request (requestWindows.ts) —, inner instances from one entry of any inner
// marker to the next, cut at their request's end. Before the first request
// lies the prologue (start-up), after the last the epilogue (teardown), and
// between requests what the program does between them, in no instance. Each
// instance has its start, length and the calls made in it; each phase the
// spread of its instances' lengths (§4.4 scores phases by the coefficient of
// variation among their instances).
import { requestEnds } from "./requestWindows.js";

export interface MarkerEntries {
  readonly name: string;
  /** [logical time, calls made in the run so far] per entry. */
  readonly entries: readonly (readonly [number, number])[];
}

export interface PhaseInstance {
  readonly phase: string;
  readonly start: number;
  readonly length: number;
  readonly calls: number;
  /** Each thread's time on the CPU within it (ns), where the run's threads were followed (elapsed time). */
  readonly threads?: readonly ThreadTime[];
}

export interface ThreadTime {
  /** "pid/tid". */
  readonly thread: string;
  readonly onCpuNs: number;
}

export interface PhaseSummary {
  readonly phase: string;
  readonly instances: number;
  readonly meanLength: number;
  readonly sigmaLength: number;
  /** σ / mean of the instances' lengths. */
  readonly cov: number;
  readonly totalLength: number;
}

export interface Segmentation {
  readonly outer: readonly PhaseInstance[];
  readonly inner: readonly PhaseInstance[];
  readonly phases: readonly PhaseSummary[];
  /** Before the first outer instance: start-up. */
  readonly prologue: number;
  /** After the last outer instance's end: teardown. */
  readonly epilogue: number;
  /** Between one outer instance's end and the next one's start, summed: what the program does between requests. */
  readonly between: number;
  /** Outer instances whose request's end was not seen (no return of a function run once per request before the next
   * entry): they run to the next entry, the last to the run's end. */
  readonly unended: number;
}

/** A thread's time on the CPU within [start, end), when the run's threads were followed (threadActivity.ts). */
export interface ThreadClock {
  readonly name: string;
  between(start: number, end: number): number;
}

type Run = { readonly start: number; readonly end: number; readonly calls: number };

/** `ends`: the returns of the functions run once per request, as [logical time, calls so far + 1], in any order. */
export function segmentRun(
  outer: MarkerEntries | null,
  inner: readonly MarkerEntries[],
  run: Run,
  clocks: readonly ThreadClock[] = [],
  ends: readonly (readonly [number, number])[] = [],
): Segmentation {
  const timed = (list: PhaseInstance[]) =>
    clocks.length === 0
      ? list
      : list.map((i) => ({
          ...i,
          threads: clocks
            .map((c) => ({ thread: c.name, onCpuNs: c.between(i.start, i.start + i.length) }))
            .filter((x) => x.onCpuNs > 0),
        }));
  const { list: outerList, stops, unended } = outerInstances(outer, run, ends);
  const outerTimed = timed(outerList);
  const innerInstances = timed(instances(inner, run, stops));
  const byPhase = new Map<string, PhaseInstance[]>();
  for (const i of [...outerTimed.map((o) => ({ ...o, phase: `${o.phase} (outer)` })), ...innerInstances]) {
    const list = byPhase.get(i.phase) ?? [];
    list.push(i);
    byPhase.set(i.phase, list);
  }
  const last = outerList[outerList.length - 1];
  return {
    outer: outerTimed,
    inner: innerInstances,
    phases: [...byPhase].map(([phase, list]) => summary(phase, list)),
    prologue: (outerList[0]?.start ?? run.end) - run.start,
    epilogue: last ? Math.max(0, run.end - (last.start + last.length)) : 0,
    between: outerList
      .slice(1)
      .reduce((n, o, i) => n + Math.max(0, o.start - (outerList[i].start + outerList[i].length)), 0),
    unended,
  };
}

/** A point of the run: [logical time, calls so far]. */
type Point = readonly [number, number];

const byPoint = (a: Point, b: Point) => a[0] - b[0] || a[1] - b[1];

/** Each entry of the outer marker to its request's end, or where that was not seen, to the next entry (the last: the
 * run's end); `stops` are the instances' starts and ends, where inner instances stop. */
function outerInstances(
  outer: MarkerEntries | null,
  run: Run,
  ends: readonly Point[],
): { list: PhaseInstance[]; stops: Point[]; unended: number } {
  if (!outer) return { list: [], stops: [], unended: 0 };
  const entries = [...outer.entries].sort(byPoint);
  const sortedEnds = [...ends].sort(byPoint);
  const found = requestEnds(
    entries.map((e) => e[0]),
    sortedEnds.map((e) => e[0]),
  );
  const callsAt = new Map(sortedEnds.map(([t, calls]) => [t, calls]));
  let unended = 0;
  const stops: Point[] = [];
  const list = entries.map(([t, calls], i): PhaseInstance => {
    const seen = found[i];
    if (seen === null) unended++;
    const end: Point =
      seen !== null ? [seen, callsAt.get(seen)!] : i + 1 < entries.length ? entries[i + 1] : [run.end, run.calls + 1];
    stops.push([t, calls], end);
    return { phase: outer.name, start: t, length: end[0] - t, calls: end[1] - calls };
  });
  return { list, stops, unended };
}

/** From each entry of any marker to the next entry or the first of `stops` after it (the requests' starts and ends),
 * whichever comes first; the last to the run's end. */
function instances(markers: readonly MarkerEntries[], run: Run, stops: readonly Point[] = []): PhaseInstance[] {
  const all = markers
    .flatMap((m) => m.entries.map(([t, calls]) => ({ phase: m.name, t, calls })))
    .sort((a, b) => a.t - b.t || a.calls - b.calls);
  let s = 0;
  return all.map((e, i) => {
    while (s < stops.length && stops[s][0] <= e.t) s++;
    const next = all[i + 1];
    let end: Point = next ? [next.t, next.calls] : [run.end, run.calls + 1];
    if (s < stops.length && stops[s][0] < end[0]) end = stops[s];
    // calls so far counts the marker's own entry: an instance's calls run from it to its end, exclusive.
    return { phase: e.phase, start: e.t, length: end[0] - e.t, calls: end[1] - e.calls };
  });
}

function summary(phase: string, list: readonly PhaseInstance[]): PhaseSummary {
  const n = list.length;
  const total = list.reduce((s, i) => s + i.length, 0);
  const mean = total / n;
  const sigma = n > 1 ? Math.sqrt(list.reduce((s, i) => s + (i.length - mean) ** 2, 0) / (n - 1)) : 0;
  return {
    phase,
    instances: n,
    meanLength: mean,
    sigmaLength: sigma,
    cov: mean > 0 ? sigma / mean : 0,
    totalLength: total,
  };
}
