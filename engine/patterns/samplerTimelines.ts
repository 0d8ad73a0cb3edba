// Per-thread timelines from the /proc sampler (runner/profilers/sampler.ts):
// where no function trace exists, a thread's CPU progress between samples is
// its activity (paper 004 §3.1.1: what separates runs is "the relative
// execution speed among different cores" besides their paths). Three
// quantities, each on an axis of its own: time on the CPU; that time again
// when the thread came back on another CPU (a migration, §3.1.1 Fig. 4); and
// again when another thread of the run was last seen on the same CPU (they
// shared it). The CPU's number itself is left out: which core a thread gets is
// the thread-to-core mapping that core alignment exists to factor out (§3.2.2),
// and on two cores it would split every pattern in two by placement alone.
import { axisOf } from "./projection.js";
import { Timeline } from "./timeline.js";
import type { ThreadTimeline } from "./traceTimelines.js";

/** One thread's samples, as the sampler stores them. */
export interface SampledThread {
  readonly pid: number;
  readonly tid: number;
  readonly name: string;
  readonly tMs: readonly number[];
  /** Cumulative CPU time (schedstat). */
  readonly cpuNs: readonly number[];
  /** The CPU last run on. */
  readonly cpu: readonly number[];
}

const RUNNING = 0;
const MIGRATING = 1;
const SHARING = 2;

export function samplerTimelines(threads: readonly SampledThread[], dims: number): ThreadTimeline[] {
  const axes = [axisOf(RUNNING, dims), axisOf(MIGRATING, dims), axisOf(SHARING, dims)];
  const cpuAt = sampleCpus(threads);
  return threads
    .filter((s) => s.tMs.length >= 2)
    .map((s) => {
      const timeline = new Timeline(dims);
      for (let i = 1; i < s.tMs.length; i++) {
        const t0 = s.tMs[i - 1] * 1e6;
        const t1 = s.tMs[i] * 1e6;
        const ran = s.cpuNs[i] - s.cpuNs[i - 1];
        if (!(ran > 0 && t1 > t0)) continue;
        // The CPU time spread evenly over the span between the samples; one thread cannot run
        // more than the time that passed (a sample read a little late can say so: it counts as busy).
        const rate = Math.min(1, ran / (t1 - t0));
        timeline.add(t0, t1, axes[RUNNING], rate);
        if (s.cpu[i] !== s.cpu[i - 1]) timeline.add(t0, t1, axes[MIGRATING], rate, 0);
        if (cpuAt.get(s.tMs[i])?.some((o) => o.tid !== s.tid && o.cpu === s.cpu[i] && o.ran))
          timeline.add(t0, t1, axes[SHARING], rate, 0);
      }
      // A thread that never ran between samples stays, idle: waiting is behaviour too.
      return {
        pid: s.pid,
        tid: s.tid,
        name: s.name,
        firstNs: s.tMs[0] * 1e6,
        lastNs: s.tMs[s.tMs.length - 1] * 1e6,
        timeline,
      };
    });
}

/** Which thread sat on which CPU at each sample time, and whether it ran since the previous sample. */
function sampleCpus(threads: readonly SampledThread[]): Map<number, { tid: number; cpu: number; ran: boolean }[]> {
  const at = new Map<number, { tid: number; cpu: number; ran: boolean }[]>();
  for (const s of threads) {
    for (let i = 1; i < s.tMs.length; i++) {
      const list = at.get(s.tMs[i]) ?? [];
      list.push({ tid: s.tid, cpu: s.cpu[i], ran: s.cpuNs[i] > s.cpuNs[i - 1] });
      at.set(s.tMs[i], list);
    }
  }
  return at;
}
