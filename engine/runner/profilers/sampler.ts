// `sampler`: every N ms (default 5, option `--interval-ms=N`) per thread of the
// workload, from /proc: CPU time, last CPU, context switches, stored as a
// per-thread time series.
import type { Profiler } from "./profiler.js";
import { storeArtifacts } from "./storeArtifact.js";
import { ProcSampler, type SampleSet } from "./procSampler.js";

/** Default sampling interval (docs/design.md: "sampler … at fixed intervals", issue 3: 5 ms). */
export const DEFAULT_SAMPLE_INTERVAL_MS = 5;

export const samplerProfiler: Profiler = {
  name: "sampler",
  command: (argv) => [...argv],
  watch(helperPid, options) {
    const opt = options.find((o) => o.startsWith("--interval-ms="));
    const interval = opt ? Number(opt.slice("--interval-ms=".length)) : DEFAULT_SAMPLE_INTERVAL_MS;
    if (!Number.isFinite(interval) || interval < 1)
      throw new Error(`sampler: --interval-ms must be a number of milliseconds ≥ 1, not ${opt}`);
    const sampler = new ProcSampler(helperPid, interval);
    let data: SampleSet | undefined;
    return {
      stop: () => {
        data ??= sampler.stop();
        return data;
      },
    };
  },
  async collect(ws, _context, watched) {
    const data = watched?.stop() as SampleSet | undefined;
    if (!data) throw new Error("sampler: no samples were taken");
    const stored = await storeArtifacts(ws, [
      ["samples", "samples.json", { text: JSON.stringify(data) }, "application/json"],
    ]);
    return {
      ...stored,
      ...(data.threads.length === 0 ? { note: "sampler: the run ended before its first sample" } : {}),
    };
  },
  version: () => `sampler (/proc, every ${DEFAULT_SAMPLE_INTERVAL_MS} ms unless --interval-ms)`,
};
