// A run cut into phase instances by its markers (paper 003 §2: "a phase marker
// is a basic block … such that if it executes, an instance of the phase it
// marks must follow"): an outer instance from one entry of the outer marker to
// the next (the last to the run's end), inner instances from one entry of any
// inner marker to the next. Each instance has its start, length and the calls
// made in it; each phase the spread of its instances' lengths (§4.4 scores
// phases by the coefficient of variation among their instances).

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
}

/** A thread's time on the CPU within [start, end), when the run's threads were followed (threadActivity.ts). */
export interface ThreadClock {
  readonly name: string;
  between(start: number, end: number): number;
}

export function segmentRun(outer: MarkerEntries | null, inner: readonly MarkerEntries[], run: { readonly start: number; readonly end: number; readonly calls: number }, clocks: readonly ThreadClock[] = []): Segmentation {
  const timed = (list: PhaseInstance[]) => (clocks.length === 0 ? list : list.map((i) => ({ ...i, threads: clocks.map((c) => ({ thread: c.name, onCpuNs: c.between(i.start, i.start + i.length) })).filter((x) => x.onCpuNs > 0) })));
  const outerInstances = timed(outer ? instances([outer], run) : []);
  const innerInstances = timed(instances(inner, run));
  const byPhase = new Map<string, PhaseInstance[]>();
  for (const i of [...outerInstances.map((o) => ({ ...o, phase: `${o.phase} (outer)` })), ...innerInstances]) {
    const list = byPhase.get(i.phase) ?? [];
    list.push(i);
    byPhase.set(i.phase, list);
  }
  return {
    outer: outerInstances,
    inner: innerInstances,
    phases: [...byPhase].map(([phase, list]) => summary(phase, list)),
    prologue: (outerInstances[0]?.start ?? run.end) - run.start,
  };
}

function instances(markers: readonly MarkerEntries[], run: { readonly end: number; readonly calls: number }): PhaseInstance[] {
  const all = markers.flatMap((m) => m.entries.map(([t, calls]) => ({ phase: m.name, t, calls }))).sort((a, b) => a.t - b.t || a.calls - b.calls);
  return all.map((e, i) => {
    const next = all[i + 1];
    const [end, endCalls] = next ? [next.t, next.calls] : [run.end, run.calls + 1];
    // calls so far counts the marker's own entry: an instance's calls run from it to the next marker, exclusive.
    return { phase: e.phase, start: e.t, length: end - e.t, calls: endCalls - e.calls };
  });
}

function summary(phase: string, list: readonly PhaseInstance[]): PhaseSummary {
  const n = list.length;
  const total = list.reduce((s, i) => s + i.length, 0);
  const mean = total / n;
  const sigma = n > 1 ? Math.sqrt(list.reduce((s, i) => s + (i.length - mean) ** 2, 0) / (n - 1)) : 0;
  return { phase, instances: n, meanLength: mean, sigmaLength: sigma, cov: mean > 0 ? sigma / mean : 0, totalLength: total };
}
