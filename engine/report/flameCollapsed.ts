// Flame graphs as collapsed stacks, the hand-off format of flamegraph.pl,
// speedscope and inferno: one line per call chain, "main;f;g 1234", the
// number the chain's own (self) time in nanoseconds per run. A differential
// graph gives difffolded.pl's two columns, A's then B's, which
// `flamegraph.pl` draws as a differential flame graph. Names are made safe for
// the format (";" separates frames, the last space the count).
import type { FlameGraph } from "../flame/flameGraph.js";
import type { FlameDiff } from "../flame/flameDiff.js";
import type { Exporter } from "./exporter.js";

const safe = (name: string) => name.replace(/;/g, ":").replace(/\s/g, "_");

/** Lines of every context with a count, depth-first from the root (each line is as long as its chain: the format's own cost). */
function collapsed(tree: Pick<FlameGraph, "parent" | "fn" | "functions">, counts: (node: number) => readonly number[]): string {
  const size = tree.parent.length;
  const children: number[][] = Array.from({ length: size }, () => []);
  for (let c = 1; c < size; c++) children[tree.parent[c]].push(c);
  const lines: string[] = [];
  const path: string[] = [];
  // Explicit stack of (node, depth): a chain may be as deep as the recursion that made it.
  const stack: [number, number][] = children[0].map((c) => [c, 0] as [number, number]).reverse();
  while (stack.length > 0) {
    const [n, depth] = stack.pop()!;
    path.length = depth;
    path.push(safe(tree.functions[tree.fn[n]]));
    const values = counts(n);
    if (values.some((v) => v > 0)) lines.push(`${path.join(";")} ${values.join(" ")}`);
    for (let i = children[n].length - 1; i >= 0; i--) stack.push([children[n][i], depth + 1]);
  }
  return lines.join("\n") + (lines.length ? "\n" : "");
}

export const flameCollapsed: Exporter<FlameGraph> = {
  mediaType: "text/plain",
  extension: "folded",
  render: (g) => collapsed(g, (n) => [Math.round(g.selfNs[n])]),
};

export const flameDiffCollapsed: Exporter<FlameDiff> = {
  mediaType: "text/plain",
  extension: "folded",
  render: (d) => collapsed(d, (n) => [Math.round(d.a.selfNs[n]), Math.round(d.b.selfNs[n])]),
};
