// A function's sandwich as text: its totals, then who called it and what it
// called, each as an indented tree, the heaviest first (times per run).
import type { SandwichResult } from "../flame/sandwichResult.js";
import { sandwichRows } from "../flame/sandwichResult.js";
import type { SandwichTree } from "../flame/sandwich.js";
import { formatNs, grouped } from "../format/numbers.js";
import { table } from "../format/text.js";
import type { Exporter } from "./exporter.js";

const pct = (part: number, whole: number) => (whole > 0 ? `${((100 * part) / whole).toFixed(1)} %` : "-");

function treeTable(t: SandwichTree, totalNs: number, withSelf: boolean): string {
  const rows = sandwichRows(t).map((r) => [
    formatNs(t.inclusiveNs[r.node]),
    pct(t.inclusiveNs[r.node], totalNs),
    ...(withSelf ? [formatNs(t.selfNs[r.node])] : []),
    `${"  ".repeat(r.depth)}${r.path.at(-1)}`,
  ]);
  return table(["time", "of its total", ...(withSelf ? ["self"] : []), "function"], rows);
}

export function sandwichText(s: SandwichResult): string {
  const per = s.runs > 1 ? " per run" : "";
  const f = s.function;
  return [
    `${f.name} in ${s.label}${s.thread === null ? "" : `, thread ${s.thread}`}:`,
    `  total ${formatNs(f.totalNs)}${per} (${pct(f.totalNs, s.allNs)} of all), self ${formatNs(f.selfNs)}${per}, ` +
      `${grouped(f.calls)} calls (a recursion counted once per stack)`,
    "",
    `Callers (who called ${f.name}; each line: the time spent in ${f.name} through that chain):`,
    treeTable(s.callers, f.totalNs, false),
    "",
    `Callees (what ${f.name} called, all its contexts merged):`,
    treeTable(s.callees, f.totalNs, true),
    ...s.warnings.map((w) => `warning: ${w}`),
  ].join("\n");
}

export const sandwichTextExporter: Exporter<SandwichResult> = {
  mediaType: "text/plain",
  extension: "txt",
  render: (s) => sandwichText(s) + "\n",
};
