// The profilers a campaign can name.
import type { Profiler } from "./profiler.js";
import { timeProfiler } from "./time.js";
import { uftraceProfiler } from "./uftrace.js";
import { callgrindProfiler } from "./callgrind.js";
import { gcovProfiler } from "./gcov.js";
import { perfProfiler } from "./perf.js";
import { samplerProfiler } from "./sampler.js";

export const PROFILERS: Readonly<Record<string, Profiler>> = {
  time: timeProfiler,
  uftrace: uftraceProfiler,
  callgrind: callgrindProfiler,
  gcov: gcovProfiler,
  perf: perfProfiler,
  sampler: samplerProfiler,
};
