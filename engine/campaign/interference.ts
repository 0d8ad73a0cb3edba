// How much of the machine other processes took while runs ran. A verdict or a
// set of patterns drawn from runs that shared the machine with other work
// rests on times that include that contention (a load that slows one thread
// in some runs even makes patterns of its own: paper 004 §2 counts "the
// relative execution speed among cores" in a pattern), so the answer says so.
import type { RunRow } from "./readModels.js";

/** What a run's helper and runner measured around it (runner/runProcess.ts). */
export interface RunUsage {
  readonly userNs?: number;
  readonly sysNs?: number;
  /** The busy time of the CPUs the run may use while it ran, over those CPUs (vbtime reads /proc/stat around it). */
  readonly machineBusyNs?: number;
  readonly usableCpus?: number;
  /** The runner's own CPU time meanwhile (a sampler's reads): Varbench's, not another program's. */
  readonly runnerCpuNs?: number;
}

/** What other processes took of the CPUs the run may use while it ran, in CPU ns, and how many CPUs those are; null
 * where the helper could not read /proc. /proc counts in ticks (10 ms on Linux), so one run's figure is within a few
 * ticks of the truth and can come out below zero: it is kept signed, so that over many runs the rounding cancels
 * instead of adding up. */
export function otherCpuOf(u: RunUsage): { readonly otherCpuNs: number; readonly usableCpus: number } | null {
  if (u.machineBusyNs === undefined || u.usableCpus === undefined || u.userNs === undefined) return null;
  return {
    otherCpuNs: u.machineBusyNs - u.userNs - (u.sysNs ?? 0) - (u.runnerCpuNs ?? 0),
    usableCpus: u.usableCpus,
  };
}

export interface Interference {
  /** Runs that measured it, of those given. */
  readonly measured: number;
  readonly of: number;
  /** Other processes' CPU time over what the runs' CPUs could give while the measured runs ran (wall × CPUs). */
  readonly share: number;
}

/** Over the runs that measured it: the sum of what others took over the sum of what the machine had. */
export function interferenceOf(runs: readonly RunRow[]): Interference | null {
  let other = 0;
  let capacity = 0;
  let measured = 0;
  for (const r of runs) {
    if (r.otherCpuNs === null || r.usableCpus === null || r.wallNs === null || r.wallNs <= 0) continue;
    other += r.otherCpuNs;
    capacity += r.wallNs * r.usableCpus;
    measured++;
  }
  return measured === 0 ? null : { measured, of: runs.length, share: Math.max(0, other / capacity) };
}

/** From this share on, the answer says the machine was shared: an idle desktop's daemons take 1–3%. */
export const NOTED_SHARE = 0.1;

/** What contention does to a verdict's times. */
export const TIMES_INCLUDE_IT = "their times include that contention, and a quiet machine may answer differently";

export interface NoteOptions {
  /** What the runs are, where an answer rests on some of a campaign's runs: "plain timing runs". */
  readonly kind?: string;
  /** What the contention does to this answer. */
  readonly effect: string;
  /** Runs the campaign ran at a time (its spec's concurrency): above 1, its own runs took some of it. */
  readonly concurrency?: number;
}

/** The note an answer drawn from these runs carries when other processes took a noted share of the CPUs they could
 * use, with what that does to this answer. */
export function interferenceNote(runs: readonly RunRow[], o: NoteOptions): string | null {
  const i = interferenceOf(runs);
  if (i === null || i.share < NOTED_SHARE) return null;
  const kind = o.kind ?? "runs";
  const which = i.measured === i.of ? `these ${i.of} ${kind}` : `${i.measured} of these ${i.of} ${kind}`;
  const own =
    (o.concurrency ?? 1) > 1
      ? `; the campaign ran ${o.concurrency} runs at a time, so its own other runs are among those processes`
      : "";
  return `while ${which} ran, other processes took ${Math.round(i.share * 100)}% of the CPU time of the CPUs they could use (read from /proc around each run, less the run's own time and Varbench's${own}): ${o.effect}`;
}
