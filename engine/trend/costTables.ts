// Locations and their costs from what the profilers store with a run (paper
// 002 §2.1.2 "Other Notions of Location"): gcov's line counts (the thesis's
// basic-block counts, a line at a time), callgrind's per-function self
// instruction counts and calls, and a uftrace CCT's per-function calls and self
// time. Pure: the host reads the stored tables and hands them here.
import type { GcovTable } from "../trace/gcov/readGcov.js";
import type { CallgrindTable } from "../trace/callgrind/readCallgrind.js";
import type { ContextColumns } from "../cct/contextTable.js";

export const TREND_SOURCES = ["gcov", "callgrind", "uftrace"] as const;
export type TrendSource = (typeof TREND_SOURCES)[number];

/** Locations named so count calls, not cost: left out of a workload's total. */
export const CALLS_SUFFIX = " (calls)";

/** Whether a location measures cost (lines run, instructions, time) rather than calls. */
export function isCostLocation(name: string): boolean {
  return !name.endsWith(CALLS_SUFFIX);
}

/** A run's cost per location name. */
export type CostTable = Map<string, number>;

/** gcov: every line's execution count, as "file:line". */
export function gcovCosts(t: GcovTable): CostTable {
  const out: CostTable = new Map();
  for (const l of t.lines) {
    const key = `${l.file}:${l.line}`;
    out.set(key, (out.get(key) ?? 0) + l.count);
  }
  return out;
}

/** callgrind: each function's self cost in its first event (instructions, Ir) and its calls. */
export function callgrindCosts(t: CallgrindTable): CostTable {
  const out: CostTable = new Map();
  const event = t.events[0] ?? "cost";
  for (const f of t.functions) {
    out.set(`${f.name} (self ${event})`, (out.get(`${f.name} (self ${event})`) ?? 0) + (f.self[0] ?? 0));
    out.set(f.name + CALLS_SUFFIX, (out.get(f.name + CALLS_SUFFIX) ?? 0) + f.calls);
  }
  return out;
}

/** uftrace: each function's calls and self time (ns) over all its contexts and threads. */
export function cctCosts(cols: ContextColumns, functions: readonly string[]): CostTable {
  const out: CostTable = new Map();
  for (let c = 1; c < cols.size; c++) {
    const name = functions[cols.fn[c]];
    out.set(name + CALLS_SUFFIX, (out.get(name + CALLS_SUFFIX) ?? 0) + cols.n[c]);
    out.set(`${name} (self ns)`, (out.get(`${name} (self ns)`) ?? 0) + cols.selfNs[c]);
  }
  return out;
}

/** The locations of several runs as series over the runs (0 where a run never reached one), sorted by name. */
export function locationSeries(tables: readonly CostTable[]): { name: string; values: Float64Array }[] {
  const names = [...new Set(tables.flatMap((t) => [...t.keys()]))].sort();
  return names.map((name) => ({ name, values: Float64Array.from(tables, (t) => t.get(name) ?? 0) }));
}
