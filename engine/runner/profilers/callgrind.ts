// `callgrind`: the workload under `valgrind --tool=callgrind` (options passed
// through); its output file and the table read from it (exact self and
// inclusive instruction counts and call counts per function) stored with the run.
import { join } from "node:path";
import { readCallgrind } from "../../trace/callgrind/readCallgrind.js";
import { fileSource } from "../../io/fileSource.js";
import type { Profiler } from "./profiler.js";
import { storeArtifacts } from "./storeArtifact.js";
import { toolVersion } from "./toolVersion.js";
import { callgrindMeasures } from "../../cct/profilerMeasures.js";

const OUT = "callgrind.out";

export const callgrindProfiler: Profiler = {
  name: "callgrind",
  command: (argv, runDir, options) => [
    "valgrind",
    "--tool=callgrind",
    `--callgrind-out-file=${join(runDir, OUT)}`,
    ...options,
    ...argv,
  ],
  async collect(ws, { runDir }) {
    const file = join(runDir, OUT);
    let table;
    try {
      table = await readCallgrind(fileSource(file));
    } catch (e) {
      throw new Error(`callgrind left no readable output: ${(e as Error).message}`);
    }
    const stored = await storeArtifacts(ws, [
      ["callgrind-out", OUT, { file }, "text/plain"],
      ["callgrind-table", "callgrind.json", { text: JSON.stringify(table) }, "application/json"],
    ]);
    return { ...stored, measures: callgrindMeasures(table) };
  },
  version: () => toolVersion("valgrind"),
};
