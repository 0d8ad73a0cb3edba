// runs.locationCosts: one run's costs per location, read from the tables its
// profiler stored (callgrind-table, gcov-table), with the source text of a gcov
// run's hottest lines read from the files gcov names, where they are readable.
// A method of runs rather than an analysis: it reads one stored table and
// computes nothing worth caching, takes no arguments and feeds no campaign view.
import { readFile, stat } from "node:fs/promises";
import { isAbsolute, resolve } from "node:path";
import type { Workspace } from "../store/workspace.js";
import { artifactsOf } from "../store/repositories.js";
import { ApiError } from "../errors/errors.js";
import type { CallgrindTable } from "../trace/callgrind/readCallgrind.js";
import type { GcovTable } from "../trace/gcov/readGcov.js";
import { callgrindCosts, gcovCosts, HOT_LINES, type RunLocationCosts } from "../trace/locationCosts.js";

/** A source file larger than this is no source a person reads line by line: its text is not shown. */
const MAX_SOURCE_BYTES = 16 << 20;

export async function runLocationCosts(
  ws: Workspace,
  runId: number,
  finishedAt: string | null,
): Promise<RunLocationCosts> {
  const artifacts = artifactsOf(ws.db, runId);
  const text = async (kind: string) => {
    const a = artifacts.find((x) => x.kind === kind);
    return a ? ws.artifacts.readText(a.path) : null;
  };
  const callgrind = await text("callgrind-table");
  if (callgrind !== null) return callgrindCosts(runId, JSON.parse(callgrind) as CallgrindTable);
  const gcov = await text("gcov-table");
  if (gcov === null)
    throw new ApiError(
      "not-found",
      `run ${runId} holds no costs per location (a run under callgrind or gcov records them)`,
    );
  const table = JSON.parse(gcov) as GcovTable;
  const sources = await readSources(table, compileDir(await text("gcov-json")), finishedAt);
  return gcovCosts(runId, table, (file, line) => sources.lines.get(file)?.[line - 1] ?? null, sources.notes);
}

/** gcov's `current_working_directory` (where the program was compiled): relative file names are relative to it. */
function compileDir(raw: string | null): string | null {
  const first = raw?.split("\n", 1)[0];
  if (!first) return null;
  try {
    const cwd = (JSON.parse(first) as { current_working_directory?: unknown }).current_working_directory;
    return typeof cwd === "string" ? cwd : null;
  } catch {
    return null;
  }
}

/** The lines of the files holding the hottest lines; notes for files unreadable or changed since the run. */
async function readSources(
  table: GcovTable,
  cwd: string | null,
  finishedAt: string | null,
): Promise<{ lines: Map<string, string[]>; notes: string[] }> {
  const hot = gcovCosts(0, table).hotLines.slice(0, HOT_LINES);
  const lines = new Map<string, string[]>();
  const notes: string[] = [];
  const ranAt = finishedAt ? Date.parse(finishedAt) : NaN;
  for (const file of new Set(hot.map((h) => h.file))) {
    const path = isAbsolute(file) || cwd === null ? file : resolve(cwd, file);
    try {
      const s = await stat(path);
      if (s.size > MAX_SOURCE_BYTES) throw new Error("too large");
      lines.set(file, (await readFile(path, "utf8")).split("\n"));
      if (s.mtimeMs > ranAt) notes.push(`${file} changed after the run: its lines shown may not be the lines that ran`);
    } catch {
      notes.push(`${file}: source not readable here (${path}), lines shown without their text`);
    }
  }
  return { lines, notes };
}
