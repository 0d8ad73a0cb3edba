// The measures each profiler's stored output gives (campaign/measures.ts): a
// trace's own times and calls from its CCT, callgrind's instruction total, and
// gcov's line executions. Computed when a run is recorded or imported, and
// once from the stored artifacts of runs recorded before measures existed.
import type { Cct } from "./cct.js";
import { traceMeasures } from "./traceMeasures.js";
import type { CallgrindTable } from "../trace/callgrind/readCallgrind.js";
import type { GcovTable } from "../trace/gcov/readGcov.js";

export function cctMeasures(cct: Cct): Record<string, number> {
  return { ...traceMeasures(cct) };
}

/** Ir, callgrind's instruction count: the sum of every function's self cost is the program's total (FORMATS.md). */
export function callgrindMeasures(t: CallgrindTable): Record<string, number> {
  const at = t.events.indexOf("Ir");
  if (at < 0) return {};
  const total = t.totals[at];
  return Number.isFinite(total) ? { ir: total } : {};
}

/** Executions of source lines summed: a line gcov lists once per function sharing it carries that function's count. */
export function gcovMeasures(t: GcovTable): Record<string, number> {
  let counts = 0;
  for (const l of t.lines) counts += l.count;
  return { counts };
}
