// The VCG forest drawn the way paper 000's figures draw it: Task boxes,
// Contrast ovals, Contributor dashed boxes, tree edges from parent to child,
// and back-edges as dashed arcs from the underlier to the originator labelled
// with the contribution fraction. Each pattern is laid out as a tidy tree
// (leaves side by side, a parent centred over its children), patterns left to right,
// drawn at one pixel per layout unit: the chart is as wide as the forest (the
// view scrolls it), so no scaling ever brings two boxes closer than X_STEP.
import type { EChartsOption } from "echarts";
import type { DominantVarianceResult, VcgResultNode } from "../../../engine/variance/result.js";
import { formatNs } from "../../../engine/format/numbers.js";
import type { ChartColors } from "../../../engine/charts/colors.js";
import { html, labelText } from "../../../engine/charts/chartText.js";

/** A node's box, in pixels: wide enough for its two lines of numbers at 11 px. */
export const NODE_WIDTH = 150;
export const NODE_HEIGHT = 64;
/** Horizontal and vertical distance between node centres, in pixels: a node's box and a gap.
 * Nodes of one depth are at least one slot apart (layoutForest), so boxes never overlap. */
export const X_STEP = NODE_WIDTH + 20;
export const Y_STEP = 110;
/** Room around the drawing: half a node at every edge (positions are node centres), and more
 * sideways for the back-edges' arcs and their labels. */
const MARGIN_X = NODE_WIDTH / 2 + 40;
const MARGIN_Y = NODE_HEIGHT / 2 + 16;
/** A node's name is cut to its box (the tooltip has it whole). */
const LABEL_WIDTH = NODE_WIDTH - 10;

/** A chart option and the pixel size that draws it at scale 1 (the view's panel scrolls it). */
export interface VcgDrawing {
  readonly option: EChartsOption;
  readonly width: number;
  readonly height: number;
}

export interface Placed {
  readonly id: number;
  readonly x: number;
  readonly y: number;
}

/** Positions of every node: depth gives y, leaves take consecutive slots, parents sit over their children. */
export function layoutForest(r: DominantVarianceResult): Placed[] {
  const byId = new Map(r.nodes.map((n) => [n.id, n]));
  const out: Placed[] = [];
  let slot = 0;
  const place = (n: VcgResultNode, depth: number): number => {
    const xs = n.children.map((c) => place(byId.get(c)!, depth + 1));
    const x = xs.length > 0 ? (xs[0] + xs[xs.length - 1]) / 2 : slot++;
    out.push({ id: n.id, x, y: depth });
    return x;
  };
  for (const p of r.patterns) {
    place(byId.get(p.root)!, 0);
    slot += 0.5; // a gap between patterns
  }
  return out.sort((a, b) => a.id - b.id).map((p) => ({ id: p.id, x: p.x * X_STEP, y: p.y * Y_STEP }));
}

/** Graph nodes and links of one result; ids prefixed, x shifted, `marked` nodes outlined. */
function graphData(
  r: DominantVarianceResult,
  colors: ChartColors,
  marked: ReadonlySet<number>,
  prefix: string,
  dx: number,
) {
  const placed = layoutForest(r);
  const nodes = r.nodes.map((n) => {
    const p = placed[n.id];
    const shape =
      n.type === "Contrast"
        ? { symbol: "circle", symbolSize: [NODE_WIDTH, NODE_HEIGHT] }
        : { symbol: "rect", symbolSize: [NODE_WIDTH, NODE_HEIGHT] };
    return {
      id: `${prefix}${n.id}`,
      name: `${prefix ? `${prefix.toUpperCase()} ` : ""}(${n.id}) ${n.fname}`,
      x: p.x + dx,
      y: p.y,
      ...shape,
      value: n.vim,
      itemStyle: {
        color: colors.nodeFill,
        borderColor: marked.has(n.id) ? colors.accent : colors.primary,
        borderWidth: marked.has(n.id) ? 3 : 1.5,
        borderType: n.type === "Contributor" ? ("dashed" as const) : ("solid" as const),
      },
      label: nodeLabel(n, colors),
      tooltip: { formatter: nodeTooltip(n) },
    };
  });
  const tree = r.nodes.flatMap((n) =>
    n.children.map((c) => ({
      source: `${prefix}${n.id}`,
      target: `${prefix}${c}`,
      lineStyle: { color: colors.axis, width: 1.5, type: "solid" as const, curveness: 0 },
    })),
  );
  const back = r.segments.map((s) => ({
    source: `${prefix}${s.nodes[s.nodes.length - 1]}`,
    target: `${prefix}${s.nodes[0]}`,
    symbol: ["none", "arrow"],
    lineStyle: { color: colors.accent, width: 1.5, type: "dashed" as const, curveness: 0.45 },
    label: { show: true, formatter: labelText(`cf ${(s.cf * 100).toFixed(0)}%`), color: colors.accent, fontSize: 11 },
  }));
  return { nodes, links: [...tree, ...back], width: Math.max(0, ...placed.map((p) => p.x)) };
}

/** Node ids to mark (e.g. nodes the other side of a comparison lacks). */
export function vcgGraphOption(
  r: DominantVarianceResult,
  colors: ChartColors,
  marked: ReadonlySet<number> = new Set(),
): EChartsOption {
  return vcgDrawing(r, colors, marked).option;
}

/** One result's drawing and its size. */
export function vcgDrawing(
  r: DominantVarianceResult,
  colors: ChartColors,
  marked: ReadonlySet<number> = new Set(),
): VcgDrawing {
  const { nodes, links } = graphData(r, colors, marked, "", 0);
  return graphDrawing(nodes, links);
}

/** Two results in one drawing, A left and B right, matched nodes (same chain of names and
 * types from their pattern root) joined by dotted lines, unmatched nodes outlined. */
export function vcgPairOption(
  a: DominantVarianceResult,
  b: DominantVarianceResult,
  colors: ChartColors,
): EChartsOption {
  return vcgPairDrawing(a, b, colors).option;
}

/** Two results' drawing (vcgPairOption) and its size. */
export function vcgPairDrawing(a: DominantVarianceResult, b: DominantVarianceResult, colors: ChartColors): VcgDrawing {
  const left = graphData(a, colors, unmatchedNodes(a, b), "a", 0);
  const right = graphData(b, colors, unmatchedNodes(b, a), "b", left.width + 2 * X_STEP);
  const sigB = new Map([...nodeSignatures(b)].map(([id, sig]) => [sig, id]));
  const matches = [...nodeSignatures(a)].flatMap(([id, sig]) => {
    const other = sigB.get(sig);
    return other === undefined
      ? []
      : [
          {
            source: `a${id}`,
            target: `b${other}`,
            lineStyle: { color: colors.points, width: 1, type: "dotted" as const, curveness: 0.12 },
            tooltip: { formatter: "matched node" },
          },
        ];
  });
  return graphDrawing([...left.nodes, ...right.nodes], [...left.links, ...right.links, ...matches]);
}

/** Links between matched nodes of a pair drawing: how many nodes of A have a counterpart in B. */
export function matchedCount(a: DominantVarianceResult, b: DominantVarianceResult): number {
  return a.nodes.length - unmatchedNodes(a, b).size;
}

/** The series' box is the nodes' extent, so ECharts maps layout pixels to screen pixels one to one. */
function graphDrawing(nodes: readonly { x: number; y: number }[], links: unknown[]): VcgDrawing {
  const xs = nodes.map((n) => n.x);
  const ys = nodes.map((n) => n.y);
  // ECharts widens a zero extent to 2 (a single chain, one node): the same here keeps scale 1.
  const width = Math.max(2, Math.max(0, ...xs) - Math.min(0, ...xs));
  const height = Math.max(2, Math.max(0, ...ys) - Math.min(0, ...ys));
  const option = {
    animation: false,
    tooltip: { trigger: "item", confine: true },
    series: [
      {
        type: "graph",
        layout: "none",
        roam: true,
        // One scale for x and y: a single chain has no width, and a stretched
        // view would squeeze its boxes into a bar.
        preserveAspect: true,
        left: MARGIN_X,
        top: MARGIN_Y,
        width,
        height,
        data: nodes,
        links,
        edgeLabel: { show: false },
        emphasis: { focus: "adjacency" },
      },
    ],
  } as EChartsOption;
  return { option, width: width + 2 * MARGIN_X, height: height + 2 * MARGIN_Y };
}

function nodeTooltip(n: VcgResultNode): string {
  const ccs = n.ccs.map((c) => html`&nbsp;&nbsp;${c}`).join("<br/>");
  const rt = n.realTime.statements.map((s) => html`${s.text}`).join("<br/>");
  return (
    html`<b>(${n.id}) ${n.fname}</b> — ${n.type}<br/>mean ${formatNs(n.meanNs)}, CoV ${n.cov.toFixed(3)}, N ${n.n}, W ${formatNs(n.weightNs)}, VIM ${n.vim.toExponential(3)}<br/>` +
    rt +
    "<br/>call contexts:<br/>" +
    ccs
  );
}

/** A node's label on the canvas: its name in bold (rich text), unless the name holds a brace, which
 * rich text would read as markup (a C++ lambda's "{lambda()#1}"): then the label is plain. */
function nodeLabel(n: VcgResultNode, colors: ChartColors) {
  const numbers = `μ ${formatNs(n.meanNs)}  γ ${n.cov.toFixed(2)}\nN ${n.n}  V ${n.vim.toExponential(1)}`;
  const plain = /[{}]/.test(n.fname);
  return {
    show: true,
    color: colors.text,
    fontSize: 11,
    lineHeight: 14,
    width: LABEL_WIDTH,
    overflow: "truncate" as const,
    formatter: labelText(plain ? `(${n.id}) ${n.fname}\n${numbers}` : `{b|(${n.id}) ${n.fname}}\n${numbers}`),
    ...(plain ? {} : { rich: { b: { fontWeight: "bold" as const, fontSize: 12 } } }),
  };
}

/** A node's place for matching across two results: the chain of names from its pattern root,
 * with each node's type unless `withTypes` is false. Nodes match with types (a changed role is
 * a difference to show); back-edges match by names alone, so the same path through the
 * program is compared even where one design made a Task of what the other calls a Contributor. */
export function nodeSignatures(r: DominantVarianceResult, withTypes = true): Map<number, string> {
  const byId = new Map(r.nodes.map((n) => [n.id, n]));
  const sig = new Map<number, string>();
  const walk = (n: VcgResultNode, prefix: string) => {
    const s = withTypes ? `${prefix}/${n.fname}:${n.type}` : `${prefix}/${n.fname}`;
    sig.set(n.id, s);
    for (const c of n.children) walk(byId.get(c)!, s);
  };
  for (const p of r.patterns) walk(byId.get(p.root)!, "");
  return sig;
}

/** Ids of the nodes of `a` with no node of the same signature in `b`. */
export function unmatchedNodes(a: DominantVarianceResult, b: DominantVarianceResult): Set<number> {
  const other = new Set(nodeSignatures(b).values());
  return new Set([...nodeSignatures(a)].filter(([, s]) => !other.has(s)).map(([id]) => id));
}
