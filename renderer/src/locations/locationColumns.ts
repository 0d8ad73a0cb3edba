// The columns of a run's costs per location (runs.locationCosts): a callgrind
// run's functions with their exact instruction counts, a gcov run's functions
// with their executions and line counts. Counts are exact: shown whole, with
// separators, and as a share of the program's total.
import type { CallgrindFunctionCost, GcovFunctionCost } from "../../../engine/trace/locationCosts.js";
import type { Column } from "../shared/columns.js";

export const count = (n: number): string => n.toLocaleString("en-US");
export const share = (n: number, total: number): string => (total > 0 ? `${((100 * n) / total).toFixed(1)}%` : "—");
/** The last part of a path: the full path is in the cell's tooltip. */
export const baseName = (path: string): string => path.slice(path.lastIndexOf("/") + 1) || path;

export type Ranked<T> = T & { readonly rank: number };

/** The rows whose function or file holds `filter` (any case), the `top` largest by `by`, each with its rank as key. */
export function topRows<T extends { readonly name: string; readonly file: string }>(
  rows: readonly T[],
  filter: string,
  by: (r: T) => number,
  top: number,
): Ranked<T>[] {
  const f = filter.trim().toLowerCase();
  const kept = f ? rows.filter((r) => r.name.toLowerCase().includes(f) || r.file.toLowerCase().includes(f)) : rows;
  return [...kept]
    .sort((a, b) => by(b) - by(a))
    .slice(0, top)
    .map((r, rank) => ({ ...r, rank }));
}

export function callgrindColumns(event: string, total: number): Column<Ranked<CallgrindFunctionCost>>[] {
  return [
    {
      key: "name",
      label: "function",
      text: (r) => r.name,
      width: "minmax(12rem, 2fr)",
      hint: (r) => `${r.name}\n${r.file}\n${r.object}`,
    },
    { key: "file", label: "file", text: (r) => baseName(r.file), width: "minmax(8rem, 1fr)", hint: (r) => r.file },
    {
      key: "object",
      label: "object",
      text: (r) => baseName(r.object),
      width: "minmax(7rem, 1fr)",
      hint: (r) => r.object,
    },
    {
      key: "self",
      label: `self ${event}`,
      text: (r) => count(r.self),
      sort: (r) => r.self,
      numeric: true,
      width: "8.5rem",
      title: `${event} of the function's own instructions (callgrind_annotate --inclusive=no)`,
    },
    {
      key: "selfShare",
      label: "% self",
      text: (r) => share(r.self, total),
      sort: (r) => r.self,
      numeric: true,
      width: "5rem",
    },
    {
      key: "inclusive",
      label: `inclusive ${event}`,
      text: (r) => `${r.recursive > 0 ? "↻ " : ""}${count(r.inclusive)}`,
      sort: (r) => r.inclusive,
      numeric: true,
      width: "10rem",
      title: `${event} of the function and all it called (callgrind_annotate --inclusive=yes)`,
      hint: (r) =>
        r.recursive > 0
          ? `${count(r.inclusive)}: its calls to itself counted again at every level, as callgrind_annotate counts them; each instruction once: ${count(r.inclusive - r.recursive)}`
          : count(r.inclusive),
    },
    {
      key: "inclusiveShare",
      label: "% incl.",
      text: (r) => share(r.inclusive - r.recursive, total),
      sort: (r) => r.inclusive - r.recursive,
      numeric: true,
      width: "5rem",
      title: "share of the program total, each instruction counted once (a recursion's calls to itself not again)",
    },
    { key: "calls", label: "calls", text: (r) => count(r.calls), sort: (r) => r.calls, numeric: true, width: "6.5rem" },
  ];
}

export function gcovColumns(total: number): Column<Ranked<GcovFunctionCost>>[] {
  return [
    { key: "name", label: "function", text: (r) => r.name, width: "minmax(12rem, 2fr)" },
    {
      key: "file",
      label: "file",
      text: (r) => `${baseName(r.file)}:${r.startLine}`,
      width: "minmax(8rem, 1fr)",
      hint: (r) => `${r.file}:${r.startLine}`,
    },
    {
      key: "executions",
      label: "calls",
      text: (r) => count(r.executions),
      sort: (r) => r.executions,
      numeric: true,
      width: "7rem",
      title: "times the function was entered (gcov's execution_count)",
    },
    {
      key: "lineExecutions",
      label: "line executions",
      text: (r) => count(r.lineExecutions),
      sort: (r) => r.lineExecutions,
      numeric: true,
      width: "10.5rem",
      title: "its lines' counts summed",
    },
    {
      key: "share",
      label: "% all",
      text: (r) => share(r.lineExecutions, total),
      sort: (r) => r.lineExecutions,
      numeric: true,
      width: "5rem",
    },
    {
      key: "lines",
      label: "lines run",
      text: (r) => `${r.linesExecuted} / ${r.lines}`,
      sort: (r) => (r.lines > 0 ? r.linesExecuted / r.lines : 0),
      numeric: true,
      width: "6.5rem",
      title: "lines executed at least once, of the lines gcov counts in the function",
    },
  ];
}
