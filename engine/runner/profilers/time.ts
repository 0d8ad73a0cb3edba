// `time`: rusage only (wall, user, sys, peak RSS, context switches), which the
// wait4 helper reports for every run anyway; nothing else to keep.
import type { Profiler } from "./profiler.js";

export const timeProfiler: Profiler = {
  name: "time",
  command: (argv) => [...argv],
  collect: async () => ({ artifacts: [], written: [] }),
  version: () => "vbtime (wait4)",
};
