// Flame graphs as collapsed stacks, the hand-off format of flamegraph.pl,
// speedscope and inferno: one line per call chain, "main;f;g 1234", the
// number the chain's own (self) time in nanoseconds per run. A differential
// graph gives difffolded.pl's two columns, A's then B's, which
// `flamegraph.pl` draws as a differential flame graph. Names are made safe for
// the format (";" separates frames, the last space the count); an empty name
// is written "(anonymous)". Each line spells its whole chain, so the output
// grows with depth × contexts: its size is known before a byte is written, and
// a tree whose lines would not fit is refused rather than half-written.
import type { FlameGraph } from "../flame/flameGraph.js";
import type { FlameDiff } from "../flame/flameDiff.js";
import { ExportRefused, type Exporter } from "./exporter.js";
import { grouped } from "../format/numbers.js";

/** Collapsed stacks longer than this (in UTF-16 units) are refused: one JavaScript string cannot
 * hold much more than 2²⁹, and no tool that reads the format handles such a file well. */
export const MAX_COLLAPSED_CHARS = 2 ** 28;

type Tree = Pick<FlameGraph, "parent" | "fn" | "functions">;

export const safeFrame = (name: string) => (name === "" ? "(anonymous)" : name.replace(/;/g, ":").replace(/\s/g, "_"));

/** Every line (without its newline), depth-first; memory bounded by the depth, not the output. */
export function* collapsedLines(tree: Tree, counts: (node: number) => readonly number[]): Generator<string> {
  const size = tree.parent.length;
  const names = tree.functions.map(safeFrame);
  // Chars of each node's chain (its prefix), and the output's total, before writing any of it.
  const chain = new Float64Array(size);
  let total = 0;
  for (let c = 1; c < size; c++) {
    chain[c] = (tree.parent[c] > 0 ? chain[tree.parent[c]] + 1 : 0) + names[tree.fn[c]].length;
    if (counts(c).some((v) => v > 0)) total += chain[c] + 24;
  }
  if (total > MAX_COLLAPSED_CHARS)
    throw new ExportRefused(
      `collapsed stacks of this tree would take about ${grouped(Math.round(total / 2 ** 20))} MiB (every line spells its whole call chain, and its chains are deep): export the flame graph as JSON instead`,
    );
  const children: number[][] = Array.from({ length: size }, () => []);
  for (let c = 1; c < size; c++) children[tree.parent[c]].push(c);
  const path: string[] = [];
  // Explicit stack of (node, depth): a chain may be as deep as the recursion that made it.
  const stack: [number, number][] = children[0].map((c) => [c, 0] as [number, number]).reverse();
  while (stack.length > 0) {
    const [n, depth] = stack.pop()!;
    path.length = depth;
    path.push(names[tree.fn[n]]);
    const values = counts(n);
    if (values.some((v) => v > 0)) yield `${path.join(";")} ${values.join(" ")}`;
    for (let i = children[n].length - 1; i >= 0; i--) stack.push([children[n][i], depth + 1]);
  }
}

export const flameCounts = (g: FlameGraph) => (n: number) => [Math.round(g.selfNs[n])];
export const flameDiffCounts = (d: FlameDiff) => (n: number) => [Math.round(d.a.selfNs[n]), Math.round(d.b.selfNs[n])];

function collapsed(tree: Tree, counts: (node: number) => readonly number[]): string {
  const lines = [...collapsedLines(tree, counts)];
  return lines.length ? `${lines.join("\n")}\n` : "";
}

export const flameCollapsed: Exporter<FlameGraph> = {
  mediaType: "text/plain",
  extension: "folded",
  render: (g) => collapsed(g, flameCounts(g)),
};

export const flameDiffCollapsed: Exporter<FlameDiff> = {
  mediaType: "text/plain",
  extension: "folded",
  render: (d) => collapsed(d, flameDiffCounts(d)),
};
