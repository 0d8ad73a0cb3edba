// `uftrace`: the workload runs under `uftrace record` (its options passed
// through, e.g. -t 1us, -D 8, -A …); the data directory is stored as an
// artifact and its CCT built and stored when the run ends, with the per-thread
// timelines the pattern analyses read. The run's rusage is then that of
// uftrace with the workload under it.
import { join } from "node:path";
import { storeTrace } from "../../ingest/traceArtifacts.js";
import { keepRecordedTimelines } from "../../ingest/timelineJobs.js";
import type { Profiler } from "./profiler.js";
import { toolVersion } from "./toolVersion.js";
import { cctMeasures } from "../../cct/profilerMeasures.js";
import { missingHook, uftraceError } from "./uftraceHooks.js";

const DATA_DIR = "uftrace.data";

export const uftraceProfiler: Profiler = {
  name: "uftrace",
  command: (argv, runDir, options) => ["uftrace", "record", "-d", join(runDir, DATA_DIR), ...options, "--", ...argv],
  async collect(ws, { runDir }) {
    try {
      const stored = await storeTrace(ws.artifacts, join(runDir, DATA_DIR));
      // The pattern analyses' timelines, made now so that none of them reads this trace (issue 32 item 3).
      await keepRecordedTimelines(ws, stored.artifacts[0]);
      return { artifacts: stored.artifacts, written: stored.written, measures: cctMeasures(stored.cct) };
    } catch (e) {
      throw new Error(`uftrace left no readable trace: ${(e as Error).message}`);
    }
  },
  cannotWatch: missingHook,
  ownError: uftraceError,
  version: () => toolVersion("uftrace"),
};
