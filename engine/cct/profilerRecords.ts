// What each profiler's runs record, declared once: the analyses declare which of
// these they read (engine/analyses/*.ts, `reads`), and the campaign page and the
// campaign report offer an analysis only where the campaign's profiler records
// all it reads. The measures each profiler gives are apart (profilerMeasures.ts).
import type { ProfilerName } from "../campaign/spec.js";

export type Recording = "timelines" | "callingContexts" | "locationCosts" | "callSequences";

/** Each recording in words, for the notes that say why an analysis does not apply. */
export const RECORDING_WORDS: Readonly<Record<Recording, string>> = {
  // Per-thread vectors over time (paper 004 §3): a tracer's calls, or /proc samples per thread.
  timelines: "per-thread timelines",
  // A tree of calling contexts with each context's time per call (paper 000 §2): a tracer's calls.
  callingContexts: "calling-context trees",
  // A cost per code location (paper 002 §2): gcov's line counts, callgrind's Ir, a trace's calls.
  locationCosts: "costs per location",
  // Every call entered and left, in order (paper 003 §3): only a tracer sees them.
  callSequences: "call sequences",
};

export const PROFILER_RECORDS: Readonly<Record<ProfilerName, readonly Recording[]>> = {
  time: [],
  perf: [],
  uftrace: ["timelines", "callingContexts", "locationCosts", "callSequences"],
  sampler: ["timelines"],
  callgrind: ["locationCosts"],
  gcov: ["locationCosts"],
};

/** Whether a profiler's runs record all of `reads` (an unknown profiler records nothing). */
export function recordsAll(profiler: string, reads: readonly Recording[]): boolean {
  const has: readonly Recording[] = Object.hasOwn(PROFILER_RECORDS, profiler)
    ? PROFILER_RECORDS[profiler as ProfilerName]
    : [];
  return reads.every((r) => has.includes(r));
}

/** The first of `reads` a profiler's runs do not record, or null. */
export function missingRecording(profiler: string, reads: readonly Recording[]): Recording | null {
  return reads.find((r) => !recordsAll(profiler, [r])) ?? null;
}

/** "uftrace and sampler": the profilers whose runs record `r`. */
export function recordedBy(r: Recording): string {
  const names = (Object.keys(PROFILER_RECORDS) as ProfilerName[]).filter((p) => PROFILER_RECORDS[p].includes(r));
  return names.length <= 1 ? (names[0] ?? "no profiler") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
