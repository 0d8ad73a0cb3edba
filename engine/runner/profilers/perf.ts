// `perf`: `perf stat` around the workload with software counters (and the
// hardware ones, which many machines, this one too, do not support: the run
// then says so plainly). Events can be replaced through the profiler options.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { readPerfStat } from "../../trace/perf/readPerfStat.js";
import type { Profiler } from "./profiler.js";
import { storeArtifacts } from "./storeArtifact.js";
import { toolVersion } from "./toolVersion.js";

/** Software counters work on any Linux; instructions and cycles only where hardware counters exist. */
export const DEFAULT_PERF_EVENTS = "task-clock,context-switches,cpu-migrations,page-faults,instructions,cycles";
const OUT = "perf-stat.csv";

export const perfProfiler: Profiler = {
  name: "perf",
  command: (argv, runDir, options) => [
    "perf",
    "stat",
    "-x,",
    "-o",
    join(runDir, OUT),
    ...(options.includes("-e") ? [] : ["-e", DEFAULT_PERF_EVENTS]),
    ...options,
    "--",
    ...argv,
  ],
  async collect(ws, { runDir }) {
    let text: string;
    try {
      text = await readFile(join(runDir, OUT), "utf8");
    } catch {
      throw new Error("perf stat left no output (is perf installed and allowed to count here?)");
    }
    const counters = readPerfStat(text, "perf stat");
    const stored = await storeArtifacts(ws, [
      ["perf-stat", OUT, { text }, "text/csv"],
      ["perf-counters", "perf-counters.json", { text: JSON.stringify({ counters }) }, "application/json"],
    ]);
    const missing = counters.filter((c) => c.status !== "counted").map((c) => c.event);
    return {
      ...stored,
      ...(missing.length > 0 ? { note: `perf: ${missing.join(", ")} not supported on this machine` } : {}),
    };
  },
  version: () => toolVersion("perf"),
};
