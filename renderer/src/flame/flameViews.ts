// What a flame graph draws, from either analysis' result: the widths, each
// frame's fill and whether it is hatched, and the lines of its tooltip. The
// variance graph colours by a chosen measure (flameColors.ts); the
// differential one draws one side's shape coloured by the change of the mean.
import type { FlameDiff, FlameGraph } from "../../../engine/api/types.js";
import { formatNs } from "../../../engine/format/numbers.js";
import { IN_A, IN_B } from "../../../engine/flame/flameDiff.js";
import { changeOf, diffFill, heat, heatValue, oneSideFill, type FlameMeasure, type ThemeFill } from "./flameColors.js";

export interface Tooltip {
  readonly title: string;
  readonly rows: readonly (readonly [string, string])[];
}

export interface FlamePaint {
  readonly width: ArrayLike<number>;
  fill(node: number): string;
  hatched(node: number): boolean;
  tooltip(node: number): Tooltip;
}

const pct = (v: number | null) => (v === null || !Number.isFinite(v) ? "—" : `${(100 * v).toFixed(1)}%`);

/** A context's CoV of invocation times; null where it was never called or its mean is 0. */
export function covOf(g: Pick<FlameGraph, "n" | "meanNs" | "stdNs">, node: number): number | null {
  return g.n[node] > 0 && g.meanNs[node] > 0 ? g.stdNs[node] / g.meanNs[node] : null;
}

export function measureValue(g: FlameGraph, measure: FlameMeasure, node: number): number | null {
  if (measure === "cov") return covOf(g, node);
  if (measure === "self") return g.inclusiveNs[node] > 0 ? g.selfNs[node] / g.inclusiveNs[node] : null;
  return g.varianceShare[node];
}

export function variancePaint(
  g: FlameGraph,
  measure: FlameMeasure,
  theme: ThemeFill,
  name: (node: number) => string,
): FlamePaint {
  const total = g.inclusiveNs[0] ?? 0;
  const per = g.runs > 1 ? " per run" : "";
  return {
    width: g.inclusiveNs,
    fill: (node) => heat(node === 0 ? null : heatValue(measure, measureValue(g, measure, node)), theme),
    hatched: () => false,
    tooltip: (node) => {
      const time: [string, string] = [
        `time${per}`,
        `${formatNs(g.inclusiveNs[node])} (${pct(total > 0 ? g.inclusiveNs[node] / total : null)} of all)`,
      ];
      if (node === 0) return { title: name(0), rows: [time, ["contexts", (g.parent.length - 1).toLocaleString()]] };
      const cov = covOf(g, node);
      return {
        title: name(node),
        rows: [
          time,
          [`self${per}`, formatNs(g.selfNs[node])],
          [g.runs > 1 ? `N (${g.runs} runs)` : "N", g.n[node].toLocaleString()],
          ["mean", formatNs(g.meanNs[node])],
          ["σ", formatNs(g.stdNs[node])],
          ["CoV", cov === null ? "—" : cov.toFixed(3)],
          ["min – max", `${formatNs(g.minNs[node])} – ${formatNs(g.maxNs[node])}`],
          ["share of parent's variance", pct(g.varianceShare[node])],
          ["own code's share of its variance", pct(g.ownVarianceShare[node])],
        ],
      };
    },
  };
}

export type DiffShape = "a" | "b";

/** One side's shape (`shape`), each frame coloured by B's change from A; frames the other side lacks hatched. */
export function diffPaint(
  d: FlameDiff,
  shape: DiffShape,
  theme: ThemeFill,
  name: (node: number) => string,
): FlamePaint {
  const other = shape === "b" ? IN_A : IN_B;
  const side = d[shape];
  const total = side.inclusiveNs[0] ?? 0;
  // Per frame: the other side's contexts under it that this shape cannot draw.
  const missing = new Float64Array(d.parent.length);
  const missingCount = new Int32Array(d.parent.length);
  const otherSide = d[shape === "b" ? "a" : "b"];
  for (let u = 1; u < d.parent.length; u++) {
    if (d.present[u] & (shape === "b" ? IN_B : IN_A)) continue;
    const p = d.parent[u];
    if (d.present[p] & (shape === "b" ? IN_B : IN_A)) ((missing[p] += otherSide.inclusiveNs[u]), missingCount[p]++);
  }
  const stat = (s: FlameDiff["a"], u: number) =>
    s.n[u] > 0
      ? `${s.n[u].toLocaleString()} × ${formatNs(s.meanNs[u])}, CoV ${s.meanNs[u] > 0 ? (s.stdNs[u] / s.meanNs[u]).toFixed(3) : "—"}`
      : "absent";
  return {
    width: side.inclusiveNs,
    fill: (u) =>
      u === 0
        ? diffFill("unchanged", null, theme)
        : !(d.present[u] & other)
          ? oneSideFill(theme)
          : diffFill(changeOf(d.relative[u], d.minRelativeChange), d.welchT[u], theme),
    hatched: (u) => u > 0 && !(d.present[u] & other),
    tooltip: (u) => {
      const rows: [string, string][] = [
        [
          `time per run (${shape.toUpperCase()})`,
          `${formatNs(side.inclusiveNs[u])} (${pct(total > 0 ? side.inclusiveNs[u] / total : null)})`,
        ],
      ];
      if (u > 0) {
        rows.push(["A", stat(d.a, u)], ["B", stat(d.b, u)]);
        if (!(d.present[u] & other)) rows.push(["only in", shape === "b" ? "B (new)" : "A (gone in B)"]);
        else {
          rows.push(
            ["Δ mean", `${d.deltaNs[u] >= 0 ? "+" : "−"}${formatNs(Math.abs(d.deltaNs[u]))}`],
            ["change", d.relative[u] === null ? "—" : `${d.relative[u]! >= 0 ? "+" : ""}${pct(d.relative[u])}`],
          );
          rows.push(["Welch's t", d.welchT[u] === null ? "— (fewer than 2 calls on a side)" : d.welchT[u]!.toFixed(1)]);
        }
      }
      if (missingCount[u] > 0)
        rows.push([
          `only in ${shape === "b" ? "A" : "B"} below`,
          `${missingCount[u]} context(s), ${formatNs(missing[u])} per run: draw ${shape === "b" ? "A" : "B"}'s shape to see them`,
        ]);
      return { title: name(u), rows };
    },
  };
}

/** The call chain of a node, root excluded: the path the CCT table and the comparison use. */
export function chainOf(
  parent: readonly number[],
  fn: readonly number[],
  functions: readonly string[],
  node: number,
): string[] {
  const out: string[] = [];
  for (let n = node; n > 0; n = parent[n]) out.push(functions[fn[n]]);
  return out.reverse();
}
