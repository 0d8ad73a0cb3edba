// `gcov`: the design is built with --coverage in its build folder (its
// `build` command says how); counters are reset before each run by deleting
// the .gcda files, and after it `gcov -j -t` on the data files found there
// becomes per-function execution counts and per-line counts.
import { execFileSync } from "node:child_process";
import { readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { readGcovJson } from "../../trace/gcov/readGcov.js";
import type { Profiler } from "./profiler.js";
import { storeArtifacts } from "./storeArtifact.js";
import { toolVersion } from "./toolVersion.js";
import { gcovMeasures } from "../../cct/profilerMeasures.js";

async function dataFiles(dir: string): Promise<string[]> {
  const all = (await readdir(dir, { recursive: true })) as string[];
  return all.filter((f) => f.endsWith(".gcda")).sort();
}

export const gcovProfiler: Profiler = {
  name: "gcov",
  command: (argv) => [...argv],
  async beforeRun({ buildDir }) {
    await Promise.all((await dataFiles(buildDir)).map((f) => rm(join(buildDir, f), { force: true })));
  },
  async collect(ws, { buildDir }) {
    const files = await dataFiles(buildDir);
    if (files.length === 0)
      throw new Error(`no coverage data (.gcda) in ${buildDir}: was the design built there with --coverage?`);
    let text: string;
    try {
      text = execFileSync("gcov", ["-j", "-t", ...files], {
        cwd: buildDir,
        encoding: "utf8",
        maxBuffer: 1 << 30,
        stdio: ["ignore", "pipe", "pipe"],
      });
    } catch (e) {
      throw new Error(
        `gcov failed in ${buildDir}: ${(e as { stderr?: string }).stderr?.trim() || (e as Error).message}`,
      );
    }
    const table = readGcovJson(text, `gcov in ${buildDir}`);
    const stored = await storeArtifacts(ws, [
      ["gcov-json", "gcov.json", { text }, "application/json"],
      ["gcov-table", "gcov-table.json", { text: JSON.stringify(table) }, "application/json"],
    ]);
    return { ...stored, measures: gcovMeasures(table) };
  },
  version: () => toolVersion("gcov"),
};
