// A project's history as series (issue 33): each design × workload × measure over the versions, one
// point per version, and apart for each environment, so that runs are compared only within one machine,
// kernel and tool version; where the environment changes between two versions, that is said as such.
import type { MeasureName } from "../campaign/measures.js";

export interface HistoryVersion {
  readonly label: string;
  readonly commit: string | null;
  readonly dirty: boolean | null;
}

/** One run's value, its version an index into the ordered versions. */
export interface HistoryObservation {
  readonly version: number;
  readonly design: string;
  readonly workload: string;
  readonly metric: MeasureName;
  /** Key of its environment (`environmentKey`). */
  readonly environment: string;
  readonly value: number;
}

/** A version's runs in one series: their median is the point E-Divisive reads, the rest its spread. */
export interface HistoryPoint {
  readonly version: number;
  readonly runs: number;
  readonly median: number;
  readonly min: number;
  readonly q1: number;
  readonly q3: number;
  readonly max: number;
}

export interface SeriesData {
  readonly design: string;
  readonly workload: string;
  readonly metric: MeasureName;
  readonly environment: string;
  /** In version order. */
  readonly points: readonly HistoryPoint[];
}

export interface EnvironmentChange {
  readonly design: string;
  readonly workload: string;
  readonly metric: MeasureName;
  /** The last version measured in the old environment and the first in the new. */
  readonly from: number;
  readonly to: number;
  readonly before: string;
  readonly after: string;
}

/** What identifies an environment: its fields, sorted, as text (the fields that are null left out). */
export function environmentKey(fields: Readonly<Record<string, string | number | null>>): string {
  const kept = Object.entries(fields)
    .filter(([, v]) => v !== null && v !== "")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return kept.length === 0 ? "not recorded" : kept.map(([k, v]) => `${k}=${String(v)}`).join("; ");
}

/** Joins a key's parts: a control character no name holds (names are checked words, campaign/names.ts). */
const SEP = "\u0001";

/** The series, and where a design × workload × measure moved from one environment to another. */
export function buildSeries(observations: readonly HistoryObservation[]): {
  series: SeriesData[];
  environmentChanges: EnvironmentChange[];
} {
  const byGroup = new Map<string, Map<string, Map<number, number[]>>>();
  // Runs come grouped (the store reads them by design and workload): the last group is looked up once.
  let last: { o: HistoryObservation; e: Map<number, number[]> } | null = null;
  for (const o of observations) {
    if (!Number.isFinite(o.value)) continue;
    let e: Map<number, number[]> | undefined;
    const l: HistoryObservation | undefined = last?.o;
    if (
      l &&
      l.design === o.design &&
      l.workload === o.workload &&
      l.metric === o.metric &&
      l.environment === o.environment
    )
      e = last!.e;
    else {
      const key = o.design + SEP + o.workload + SEP + o.metric;
      let g = byGroup.get(key);
      if (!g) byGroup.set(key, (g = new Map()));
      e = g.get(o.environment);
      if (!e) g.set(o.environment, (e = new Map()));
      last = { o, e };
    }
    const values = e.get(o.version);
    if (values) values.push(o.value);
    else e.set(o.version, [o.value]);
  }
  const series: SeriesData[] = [];
  const environmentChanges: EnvironmentChange[] = [];
  for (const [key, envs] of byGroup) {
    const [design, workload, metric] = key.split(SEP) as [string, string, MeasureName];
    for (const [environment, versions] of envs) {
      const points = [...versions.entries()].sort(([a], [b]) => a - b).map(([v, values]) => point(v, values));
      series.push({ design, workload, metric, environment, points });
    }
    environmentChanges.push(...changesOf(design, workload, metric, envs));
  }
  series.sort((a, b) => cmp(a.design, b.design) || cmp(a.workload, b.workload) || cmp(a.metric, b.metric));
  return { series, environmentChanges };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function point(version: number, values: number[]): HistoryPoint {
  const s = Float64Array.from(values).sort();
  return {
    version,
    runs: s.length,
    median: quantile(s, 0.5),
    min: s[0],
    q1: quantile(s, 0.25),
    q3: quantile(s, 0.75),
    max: s[s.length - 1],
  };
}

/** Hyndman & Fan's type 7 (R's default): linear between the order statistics around (n − 1)·p. */
function quantile(sorted: Float64Array, p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  return lo + 1 < sorted.length ? sorted[lo] + (h - lo) * (sorted[lo + 1] - sorted[lo]) : sorted[lo];
}

/** Versions in order with the environment(s) each was measured in; a change is said where they differ. */
function changesOf(
  design: string,
  workload: string,
  metric: MeasureName,
  envs: ReadonlyMap<string, ReadonlyMap<number, readonly number[]>>,
): EnvironmentChange[] {
  const at = new Map<number, string>();
  for (const [env, versions] of envs)
    for (const v of versions.keys()) at.set(v, at.has(v) ? `${at.get(v)} | ${env}` : env);
  const ordered = [...at.entries()].sort(([a], [b]) => a - b);
  const out: EnvironmentChange[] = [];
  for (let i = 1; i < ordered.length; i++)
    if (ordered[i][1] !== ordered[i - 1][1])
      out.push({
        design,
        workload,
        metric,
        from: ordered[i - 1][0],
        to: ordered[i][0],
        before: ordered[i - 1][1],
        after: ordered[i][1],
      });
  return out;
}
