// The profilers' names (docs/design.md), apart from the spec's schema so the command line's
// declarations (`varbench bench --profiler`) name them without loading zod at every start.
export const PROFILER_NAMES = ["time", "uftrace", "callgrind", "gcov", "perf", "sampler"] as const;
export type ProfilerName = (typeof PROFILER_NAMES)[number];
