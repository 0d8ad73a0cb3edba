// One run's costs per location, as its page shows them (issue 31 item 6): a
// callgrind run's instructions per function (self and inclusive, as
// callgrind_annotate lists them, with the program total it prints), a gcov
// run's line executions per function and per file and its hottest lines. Shaped
// here from the tables the profilers stored (readCallgrind.ts, readGcov.ts); the
// source text of the hottest lines is read by the host (api/runLocationCosts.ts).
import type { CallgrindTable } from "./callgrind/readCallgrind.js";
import type { GcovTable } from "./gcov/readGcov.js";

/** Lines sent with their source text: a page's worth of the hottest; the per-file and per-function sums cover the rest. */
export const HOT_LINES = 50;

export interface CallgrindFunctionCost {
  readonly name: string;
  readonly file: string;
  readonly object: string;
  /** Self and inclusive cost of `event` (callgrind_annotate's `--inclusive=no` and `=yes` columns). */
  readonly self: number;
  readonly inclusive: number;
  readonly calls: number;
  /** The part of `inclusive` spent in calls to itself (a recursion level, `fib'2`): callgrind_annotate counts it again
   * at every level, so `inclusive` can exceed the program total; `inclusive − recursive` counts each instruction once. */
  readonly recursive: number;
}

export interface CallgrindCosts {
  readonly profiler: "callgrind";
  readonly runId: number;
  readonly command: string;
  /** The event shown: Ir where recorded (instructions), else the file's first event. */
  readonly event: string;
  readonly events: readonly string[];
  /** callgrind_annotate's PROGRAM TOTALS for `event`: the file's `totals:` line (the sum of every self cost). */
  readonly programTotal: number;
  readonly functions: readonly CallgrindFunctionCost[];
}

export interface GcovFunctionCost {
  readonly name: string;
  readonly file: string;
  readonly startLine: number;
  /** Times the function was entered. */
  readonly executions: number;
  /** Its lines' counts summed, and how many of its lines ran of those gcov counts. */
  readonly lineExecutions: number;
  readonly lines: number;
  readonly linesExecuted: number;
}

export interface GcovFileCost {
  readonly file: string;
  readonly functions: number;
  readonly lineExecutions: number;
  readonly lines: number;
  readonly linesExecuted: number;
}

export interface GcovHotLine {
  readonly file: string;
  readonly line: number;
  /** Executions of the line, summed over the functions gcov lists it under. */
  readonly count: number;
  readonly functions: readonly string[];
  /** The line's source text, or null when the file could not be read. */
  readonly text: string | null;
}

export interface GcovCosts {
  readonly profiler: "gcov";
  readonly runId: number;
  readonly gccVersion: string;
  /** Every line execution of the run (the run's `counts` measure). */
  readonly lineExecutions: number;
  readonly functions: readonly GcovFunctionCost[];
  readonly files: readonly GcovFileCost[];
  /** The HOT_LINES most executed lines, most first. */
  readonly hotLines: readonly GcovHotLine[];
  /** What the source text rests on: files not readable, or changed since the run. */
  readonly notes: readonly string[];
}

export type RunLocationCosts = CallgrindCosts | GcovCosts;

export function callgrindCosts(runId: number, t: CallgrindTable): CallgrindCosts {
  const at = Math.max(0, t.events.indexOf("Ir"));
  return {
    profiler: "callgrind",
    runId,
    command: t.command,
    event: t.events[at] ?? "Ir",
    events: t.events,
    programTotal: t.totals[at] ?? 0,
    functions: t.functions
      .map((f) => ({
        name: f.name,
        file: f.file,
        object: f.object,
        self: f.self[at] ?? 0,
        inclusive: f.inclusive[at] ?? 0,
        calls: f.calls,
        recursive: f.selfCalls?.[at] ?? 0,
      }))
      .sort((a, b) => b.inclusive - a.inclusive || b.self - a.self || a.name.localeCompare(b.name)),
  };
}

interface LineSum {
  file: string;
  line: number;
  count: number;
  functions: string[];
}

/** Per (file, line): gcov lists a line once per function sharing it, each with that function's count; they add up. */
function linesOf(t: GcovTable): Map<string, LineSum> {
  const byLine = new Map<string, LineSum>();
  for (const l of t.lines) {
    const key = `${l.file}\u0000${l.line}`;
    const s = byLine.get(key) ?? { file: l.file, line: l.line, count: 0, functions: [] };
    s.count += l.count;
    if (l.function && !s.functions.includes(l.function)) s.functions.push(l.function);
    byLine.set(key, s);
  }
  return byLine;
}

/** The costs of a gcov run; `sourceLine(file, line)` gives a hot line's text (null: unreadable). */
export function gcovCosts(
  runId: number,
  t: GcovTable,
  sourceLine: (file: string, line: number) => string | null = () => null,
  notes: readonly string[] = [],
): GcovCosts {
  const byLine = linesOf(t);
  const perFunction = new Map<string, { lineExecutions: number; lines: number; linesExecuted: number }>();
  for (const l of t.lines) {
    const key = `${l.file}\u0000${l.function}`;
    const f = perFunction.get(key) ?? { lineExecutions: 0, lines: 0, linesExecuted: 0 };
    f.lineExecutions += l.count;
    f.lines += 1;
    if (l.count > 0) f.linesExecuted += 1;
    perFunction.set(key, f);
  }
  const functions = t.functions.map((fn) => ({
    name: fn.demangledName,
    file: fn.file,
    startLine: fn.startLine,
    executions: fn.executionCount,
    ...(perFunction.get(`${fn.file}\u0000${fn.name}`) ?? { lineExecutions: 0, lines: 0, linesExecuted: 0 }),
  }));
  const files = new Map<string, GcovFileCost>();
  for (const s of byLine.values()) {
    const f = files.get(s.file) ?? { file: s.file, functions: 0, lineExecutions: 0, lines: 0, linesExecuted: 0 };
    files.set(s.file, {
      ...f,
      lineExecutions: f.lineExecutions + s.count,
      lines: f.lines + 1,
      linesExecuted: f.linesExecuted + (s.count > 0 ? 1 : 0),
    });
  }
  for (const fn of t.functions) {
    const f = files.get(fn.file);
    if (f) files.set(fn.file, { ...f, functions: f.functions + 1 });
  }
  const hot = [...byLine.values()]
    .filter((s) => s.count > 0)
    .sort((a, b) => b.count - a.count || a.file.localeCompare(b.file) || a.line - b.line)
    .slice(0, HOT_LINES);
  return {
    profiler: "gcov",
    runId,
    gccVersion: t.gccVersion,
    lineExecutions: t.lines.reduce((n, l) => n + l.count, 0),
    functions: functions.sort((a, b) => b.lineExecutions - a.lineExecutions || a.name.localeCompare(b.name)),
    files: [...files.values()].sort((a, b) => b.lineExecutions - a.lineExecutions || a.file.localeCompare(b.file)),
    hotLines: hot.map((s) => ({ ...s, text: sourceLine(s.file, s.line) })),
    notes,
  };
}
