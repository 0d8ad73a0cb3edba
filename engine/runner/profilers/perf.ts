// `perf`: `perf stat` around the workload with software counters (and the
// hardware ones, which many machines, this one too, do not support: the run
// then says so plainly). Events can be replaced through the profiler options.
import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { readPerfStat } from "../../trace/perf/readPerfStat.js";
import type { Profiler } from "./profiler.js";

/** Software counters work on any Linux; instructions and cycles only where hardware counters exist. */
export const DEFAULT_PERF_EVENTS = "task-clock,context-switches,cpu-migrations,page-faults,instructions,cycles";
const OUT = "perf-stat.csv";
let version: string | undefined;

export const perfProfiler: Profiler = {
  name: "perf",
  command: (argv, runDir, options) => ["perf", "stat", "-x,", "-o", join(runDir, OUT), ...(options.includes("-e") ? [] : ["-e", DEFAULT_PERF_EVENTS]), ...options, "--", ...argv],
  async collect(ws, { runDir }) {
    let text: string;
    try {
      text = await readFile(join(runDir, OUT), "utf8");
    } catch {
      throw new Error("perf stat left no output (is perf installed and allowed to count here?)");
    }
    const counters = readPerfStat(text, "perf stat");
    const raw = await ws.artifacts.putBytes(text);
    const json = await ws.artifacts.putBytes(JSON.stringify({ counters }));
    const missing = counters.filter((c) => c.status !== "counted").map((c) => c.event);
    return {
      written: [raw, json],
      artifacts: [
        { kind: "perf-stat", name: OUT, path: raw.path, sha256: raw.sha256, sizeBytes: raw.sizeBytes, mediaType: "text/csv" },
        { kind: "perf-counters", name: "perf-counters.json", path: json.path, sha256: json.sha256, sizeBytes: json.sizeBytes, mediaType: "application/json" },
      ],
      ...(missing.length > 0 ? { note: `perf: ${missing.join(", ")} not supported on this machine` } : {}),
    };
  },
  version() {
    if (version === undefined) {
      try {
        version = execFileSync("perf", ["--version"], { encoding: "utf8" }).trim();
      } catch {
        version = "perf (not found)";
      }
    }
    return version;
  },
};
