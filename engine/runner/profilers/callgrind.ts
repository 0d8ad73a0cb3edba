// `callgrind`: the workload under `valgrind --tool=callgrind` (options passed
// through); its output file and the table read from it (exact self and
// inclusive instruction counts and call counts per function) stored with the run.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { readCallgrind } from "../../trace/callgrind/readCallgrind.js";
import { fileSource } from "../../host/fileSource.js";
import type { Profiler } from "./profiler.js";

const OUT = "callgrind.out";
let version: string | undefined;

export const callgrindProfiler: Profiler = {
  name: "callgrind",
  command: (argv, runDir, options) => ["valgrind", "--tool=callgrind", `--callgrind-out-file=${join(runDir, OUT)}`, ...options, ...argv],
  async collect(ws, { runDir }) {
    const file = join(runDir, OUT);
    let table;
    try {
      table = await readCallgrind(fileSource(file));
    } catch (e) {
      throw new Error(`callgrind left no readable output: ${(e as Error).message}`);
    }
    const raw = await ws.artifacts.putFile(file);
    const json = await ws.artifacts.putBytes(JSON.stringify(table));
    return {
      written: [raw, json],
      artifacts: [
        { kind: "callgrind-out", name: OUT, path: raw.path, sha256: raw.sha256, sizeBytes: raw.sizeBytes, mediaType: "text/plain" },
        { kind: "callgrind-table", name: "callgrind.json", path: json.path, sha256: json.sha256, sizeBytes: json.sizeBytes, mediaType: "application/json" },
      ],
    };
  },
  version() {
    if (version === undefined) {
      try {
        version = execFileSync("valgrind", ["--version"], { encoding: "utf8" }).trim();
      } catch {
        version = "valgrind (not found)";
      }
    }
    return version;
  },
};
