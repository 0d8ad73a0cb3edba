// Locations and their costs from what the profilers store with a run (paper
// 002 §2.1.2 "Other Notions of Location"): gcov's line counts (the thesis's
// basic-block counts, a line at a time), callgrind's per-function self
// instruction counts and calls, and a uftrace CCT's per-function calls and self
// time. Pure: the host reads the stored tables and hands them here.
import { frameKind } from "../cct/frameKinds.js";
import type { GcovTable } from "../trace/gcov/readGcov.js";
import type { CallgrindFunction, CallgrindTable } from "../trace/callgrind/readCallgrind.js";
import type { ContextColumns } from "../cct/contextTable.js";

export const TREND_SOURCES = ["gcov", "callgrind", "uftrace"] as const;
export type TrendSource = (typeof TREND_SOURCES)[number];

/** Locations named so count calls, not cost: left out of a workload's total. */
export const CALLS_SUFFIX = " (calls)";

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

/** Costs that include the callees' (a function's inclusive cost): for comparing designs, where the
 * same caller over different callees is the location both share; never summed with self costs. */
export const INCLUSIVE_MARK = "(inclusive";

/** Whether a location measures cost (lines run, instructions, time) rather than calls or costs already counted in its callees. */
export function isCostLocation(name: string): boolean {
  return !name.endsWith(CALLS_SUFFIX) && !name.includes(INCLUSIVE_MARK);
}

/** callgrind's name for a function's n-th level of recursion ("f'2", without --separate-recs=1): the function's own. */
const RECURSION_LEVEL = /'\d+$/;

/** callgrind: each function's self cost in its first event (instructions, Ir) and its calls, the
 * levels of a recursion as one function; with `inclusive`, the outermost level's inclusive cost too,
 * without its calls to itself (issue 28 item 5d). */
export function callgrindCosts(t: CallgrindTable, inclusive = false): CostTable {
  const out: CostTable = new Map();
  const event = t.events[0] ?? "cost";
  const add = (key: string, v: number) => out.set(key, (out.get(key) ?? 0) + v);
  const inclusiveName = inclusive ? inclusiveNames(t) : null;
  for (const f of t.functions) {
    const name = f.name.replace(RECURSION_LEVEL, "");
    add(`${name} (self ${event})`, f.self[0] ?? 0);
    add(name + CALLS_SUFFIX, f.calls);
    // A recursion kept as one function counts its calls to itself again at every level: left out.
    if (inclusiveName && name === f.name)
      add(`${inclusiveName(f)} ${INCLUSIVE_MARK} ${event})`, (f.inclusive[0] ?? 0) - (f.selfCalls?.[0] ?? 0));
  }
  return out;
}

/** The name an inclusive cost goes by. Self costs of functions that share a name add up to theirs, but
 * inclusive costs of two such functions, one calling the other, count the inner one's twice: glibc's
 * "(below main)" in the program (_start) calls __libc_start_main, which calls the "(below main)" of
 * libc.so.6 (__libc_start_call_main), and their sum was twice the program's (issue 28 item 5d). So a
 * name several functions share is told apart by their object's file name, then by their source file's. */
function inclusiveNames(t: CallgrindTable): (f: CallgrindFunction) => string {
  const base = (path: string) => path.replace(/^.*\//, "");
  const byObject = (f: CallgrindFunction) => `${f.name} [${base(f.object)}]`;
  const keys = new Map<string, Set<string>>();
  const add = (name: string, key: string) => keys.set(name, (keys.get(name) ?? new Set()).add(key));
  for (const f of t.functions) {
    if (RECURSION_LEVEL.test(f.name)) continue;
    add(f.name, f.key);
    add(byObject(f), f.key);
  }
  const shared = (name: string) => (keys.get(name)?.size ?? 1) > 1;
  return (f) =>
    !shared(f.name) ? f.name : !shared(byObject(f)) ? byObject(f) : `${f.name} [${base(f.object)}: ${base(f.file)}]`;
}

/** uftrace: each function's calls and self time (ns) over all its contexts and threads; with
 * `inclusive`, its inclusive time too, counted in its outermost contexts only (not twice in a recursion). */
export function cctCosts(cols: ContextColumns, functions: readonly string[], inclusive = false): CostTable {
  const out: CostTable = new Map();
  const add = (key: string, v: number) => out.set(key, (out.get(key) ?? 0) + v);
  const outermost = inclusive ? outermostContexts(cols) : null;
  // Scheduler waits and the profiler's own frames are no location of the program (cct/frameKinds.ts): a
  // wait grows with run time on a busy machine, and would rank as a trend of code.
  const notCode = functions.map((f) => frameKind(f) === "waiting" || frameKind(f) === "tool");
  for (let c = 1; c < cols.size; c++) {
    if (notCode[cols.fn[c]]) continue;
    const name = functions[cols.fn[c]];
    add(name + CALLS_SUFFIX, cols.n[c]);
    add(`${name} (self ns)`, cols.selfNs[c]);
    if (outermost?.[c]) add(`${name} ${INCLUSIVE_MARK} ns)`, cols.inclusiveNs[c]);
  }
  return out;
}

/** 1 for each context none of whose ancestors is of its function: a depth-first walk with open counts per function. */
function outermostContexts(cols: ContextColumns): Uint8Array {
  const first = new Int32Array(cols.size).fill(-1);
  const next = new Int32Array(cols.size).fill(-1);
  for (let c = cols.size - 1; c >= 1; c--) {
    const p = cols.parent[c];
    if (p < 0) continue;
    next[c] = first[p];
    first[p] = c;
  }
  const open = new Int32Array(cols.fn.reduce((m, f) => Math.max(m, f), 0) + 1);
  const out = new Uint8Array(cols.size);
  const stack: number[] = [];
  for (let c = first[0]; c >= 0; c = next[c]) stack.push(c);
  // A negative entry closes the context −(entry + 1) after its subtree.
  while (stack.length > 0) {
    const e = stack.pop()!;
    if (e < 0) {
      open[cols.fn[-(e + 1)]]--;
      continue;
    }
    if (open[cols.fn[e]] === 0) out[e] = 1;
    open[cols.fn[e]]++;
    stack.push(-(e + 1));
    for (let c = first[e]; c >= 0; c = next[c]) stack.push(c);
  }
  return out;
}

/** The locations of several runs as series over the runs (0 where a run never reached one), sorted by name. */
export function locationSeries(tables: readonly CostTable[]): { name: string; values: Float64Array }[] {
  const names = [...new Set(tables.flatMap((t) => [...t.keys()]))].sort();
  return names.map((name) => ({ name, values: Float64Array.from(tables, (t) => t.get(name) ?? 0) }));
}
