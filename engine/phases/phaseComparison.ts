// §4.4's comparison of behaviour phases with interval and procedure phases,
// each scored by the coefficient of variation of a behaviour metric among the
// instances of each phase ("If one uses the average of a phase's instances as
// its behavior prediction, the CoV is the expected difference between the
// prediction and the actual value"). The paper measures IPC and cache hit
// rates; a function trace has neither, so the metric is the rate of calls
// (calls made per millisecond), the work a stretch of the run gets through.
//   behaviour: each inner phase's instances (the outer phase's listed too, but
//              Figure 10's bars span the inner phases, unless there are none);
//   interval:  the run cut into as many equal intervals as there are inner
//              instances, grouped by k-means on their rate into as many
//              clusters as inner phases ("the upper bound across all possible
//              methods using an optimal partitioning, approximated by k-means");
//   procedure: functions taking at least θ_weight of the run with invocations
//              of at least θ_grain on average (Huang et al.), each invocation an instance.
import { settle } from "../stats/kmeans.js";
import type { CallHistogram } from "./callHistogram.js";
import type { ProcedureStats } from "./procedureStats.js";
import type { PhaseComparison, PhaseMethodScore } from "./result.js";
import type { PhaseInstance } from "./segmentation.js";

/** Huang et al.'s θ_weight, as §4.4 quotes it: a procedure phase takes at least 5% of the run. */
export const THETA_WEIGHT = 0.05;
/** Huang et al.'s θ_grain of 10,000 instructions, as time: 5 µs (about two instructions a nanosecond). */
export const THETA_GRAIN_NS = 5000;

const cov = (values: readonly number[]) => {
  const n = values.length;
  if (n < 2) return 0;
  const mean = values.reduce((s, v) => s + v, 0) / n;
  const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1));
  return mean > 0 ? sd / mean : 0;
};
const rate = (calls: number, ns: number) => (ns > 0 ? (calls * 1e6) / ns : 0);

export function comparePhaseMethods(
  outer: readonly PhaseInstance[],
  inner: readonly PhaseInstance[],
  histogram: CallHistogram,
  procedures: readonly ProcedureStats[],
  span: { readonly start: number; readonly end: number },
): PhaseComparison {
  const names = [...new Set(inner.map((i) => i.phase))];
  const behaviour = [
    ...(outer.length > 0
      ? [{ name: `${outer[0].phase} (outer)`, values: outer.map((i) => rate(i.calls, i.length)) }]
      : []),
    ...names.map((name) => ({
      name,
      values: inner.filter((i) => i.phase === name).map((i) => rate(i.calls, i.length)),
    })),
  ];
  const length = span.end - span.start;
  const intervals = Array.from(histogram.intervals(inner.length, span.start, span.end), (calls) =>
    rate(calls, length / Math.max(1, inner.length)),
  );
  const clusters = clusterRates(intervals, Math.min(names.length, intervals.length));
  // The time per invocation of Huang et al.'s θ_grain is over the invocations totalNs counts: the outermost.
  const chosen = procedures.filter(
    (p) => p.totalNs >= THETA_WEIGHT * length && p.outermost > 0 && p.totalNs / p.outermost >= THETA_GRAIN_NS,
  );
  return {
    metric: "calls per ms",
    methods: [
      score(
        "behaviour",
        `${names.length} inner phase${names.length === 1 ? "" : "s"}, the outer phase listed beside them`,
        behaviour.map((b) => ({ name: b.name, instances: b.values.length, cov: cov(b.values) })),
        names.length > 0 ? (p) => !p.name.endsWith(" (outer)") : () => true,
      ),
      score(
        "interval",
        `${intervals.length} equal intervals in ${clusters.length} k-means cluster${clusters.length === 1 ? "" : "s"} of their rate`,
        clusters.map((c, i) => ({ name: `cluster ${i + 1}`, instances: c.length, cov: cov(c) })),
      ),
      score(
        "procedure",
        `functions over ${THETA_WEIGHT * 100}% of the run and ${THETA_GRAIN_NS / 1000} µs an invocation`,
        chosen.map((p) => ({
          name: p.name,
          instances: p.invocations,
          cov: p.invocations > 1 && p.rateMean > 0 ? Math.sqrt(p.rateM2 / (p.invocations - 1)) / p.rateMean : 0,
        })),
      ),
    ],
  };
}

/** 1-D k-means of the rates from k equal-count groups of the sorted rates (deterministic). */
function clusterRates(values: readonly number[], k: number): number[][] {
  if (values.length === 0 || k <= 0) return [];
  const order = values.map((_, i) => i).sort((a, b) => values[a] - values[b]);
  const groups = Array.from({ length: k }, (_, g) =>
    order.slice(Math.floor((g * order.length) / k), Math.floor(((g + 1) * order.length) / k)),
  ).filter((g) => g.length > 0);
  const p = settle({ data: Float64Array.from(values), n: values.length, dims: 1 }, groups);
  const out: number[][] = Array.from({ length: p.k }, () => []);
  p.assignment.forEach((c, i) => out[c].push(values[i]));
  return out;
}

/** A phase of one instance has no spread to measure: it is listed but left out of the lowest, mean and highest, as are those `scored` leaves out. */
function score(
  method: PhaseMethodScore["method"],
  setup: string,
  phases: PhaseMethodScore["phases"],
  scored: (p: PhaseMethodScore["phases"][number]) => boolean = () => true,
): PhaseMethodScore {
  const covs = phases.filter((p) => p.instances > 1 && scored(p)).map((p) => p.cov);
  return {
    method,
    setup,
    phases,
    min: covs.length > 0 ? Math.min(...covs) : 0,
    mean: covs.length > 0 ? covs.reduce((s, v) => s + v, 0) / covs.length : 0,
    max: covs.length > 0 ? Math.max(...covs) : 0,
  };
}
