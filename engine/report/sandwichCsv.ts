// A function's sandwich as CSV: one row per node of its callers' and its
// callees' trees, the chain from the function outwards, times in ns per run.
import type { SandwichResult } from "../flame/sandwichResult.js";
import { sandwichRows } from "../flame/sandwichResult.js";
import type { SandwichTree } from "../flame/sandwich.js";
import type { Exporter } from "./exporter.js";
import { toCsv } from "./csv.js";

const rows = (side: "callers" | "callees", t: SandwichTree) =>
  sandwichRows(t).map((r) => ({
    side,
    depth: r.depth,
    chain: r.path.join(side === "callers" ? " < " : " > "),
    function: r.path.at(-1),
    time_ns: t.inclusiveNs[r.node],
    self_ns: side === "callees" ? t.selfNs[r.node] : null,
  }));

export const sandwichCsv: Exporter<SandwichResult> = {
  mediaType: "text/csv",
  extension: "csv",
  render: (s) => toCsv([...rows("callers", s.callers), ...rows("callees", s.callees)]) + "\n",
};
