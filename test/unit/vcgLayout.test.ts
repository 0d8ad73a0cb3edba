// The VCG drawing at scale 1 (issue 31 item 6: two designs' nodes were drawn on top of each
// other once the forest was squeezed into the page's width): on any forest, no two node boxes
// overlap in screen pixels, and the drawing's size is what the view's scrolling panel gives it.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { LIGHT } from "../../engine/charts/colors.js";
import { NODE_HEIGHT, NODE_WIDTH, vcgDrawing, vcgPairDrawing } from "../../renderer/src/vcg/vcgGraph.js";

type Result = Parameters<typeof vcgDrawing>[0];

/** A forest from a parent list: parent[i] < i, or -1 for a root. */
function forest(parents: readonly number[]): Result {
  const nodes = parents.map((p, id) => ({
    id,
    fname: `a_rather_long_function_name_${id}`,
    type: (["Task", "Contrast", "Contributor"] as const)[id % 3],
    n: 10,
    meanNs: 1000,
    varianceNs2: 1e4,
    cov: 0.1,
    weightNs: 1e4,
    vim: 1000,
    ccs: ["[0]"],
    parent: p < 0 ? null : p,
    children: parents.flatMap((q, c) => (q === id ? [c] : [])),
    realTime: { n: 10, meanNs: 1000, cov: 0.1, statements: [] },
  }));
  return {
    nodes,
    segments: [],
    patterns: nodes.filter((n) => n.parent === null).map((n) => ({ root: n.id, vim: 1, nodes: 1 })),
  } as unknown as Result;
}

const parentLists = fc
  .array(fc.nat(), { minLength: 1, maxLength: 40 })
  .map((xs) => xs.map((x, i) => (i === 0 || x % 4 === 0 ? -1 : x % i)));

interface Series {
  left: number;
  top: number;
  width: number;
  height: number;
  data: { x: number; y: number }[];
}
const seriesOf = (o: unknown) => (o as { series: Series[] }).series[0];

/** The screen boxes ECharts draws: the series box maps the nodes' extent onto itself (scale `width / extent`). */
function screenBoxes(s: Series) {
  const xs = s.data.map((d) => d.x);
  const ys = s.data.map((d) => d.y);
  const [x0, y0] = [Math.min(...xs), Math.min(...ys)];
  const scaleX = s.width / Math.max(2, Math.max(...xs) - x0);
  const scaleY = s.height / Math.max(2, Math.max(...ys) - y0);
  assert.equal(scaleX, 1, "drawn at one pixel per layout unit");
  assert.equal(scaleY, 1);
  return s.data.map((d) => ({ x: s.left + (d.x - x0) * scaleX, y: s.top + (d.y - y0) * scaleY }));
}

function assertNoOverlap(boxes: readonly { x: number; y: number }[]) {
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const apart = Math.abs(boxes[i].x - boxes[j].x) >= NODE_WIDTH || Math.abs(boxes[i].y - boxes[j].y) >= NODE_HEIGHT;
      assert.ok(apart, `nodes ${i} and ${j} overlap at ${JSON.stringify([boxes[i], boxes[j]])}`);
    }
}

describe("VCG drawing at scale 1", () => {
  it("never draws two nodes of one result over each other, and gives the size that holds them", () => {
    fc.assert(
      fc.property(parentLists, (parents) => {
        const d = vcgDrawing(forest(parents), LIGHT);
        const s = seriesOf(d.option);
        const boxes = screenBoxes(s);
        assertNoOverlap(boxes);
        for (const b of boxes) {
          assert.ok(b.x - NODE_WIDTH / 2 >= 0 && b.x + NODE_WIDTH / 2 <= d.width, "inside the drawing's width");
          assert.ok(b.y - NODE_HEIGHT / 2 >= 0 && b.y + NODE_HEIGHT / 2 <= d.height, "inside its height");
        }
      }),
    );
  });

  it("never draws a node of A over a node of B", () => {
    fc.assert(
      fc.property(parentLists, parentLists, (pa, pb) => {
        assertNoOverlap(screenBoxes(seriesOf(vcgPairDrawing(forest(pa), forest(pb), LIGHT).option)));
      }),
    );
  });

  it("cuts a long name to its box, the whole name in the tooltip", () => {
    const s = seriesOf(vcgDrawing(forest([-1]), LIGHT).option) as unknown as {
      data: { label: { width: number; overflow: string }; tooltip: { formatter: string } }[];
    };
    assert.ok(s.data[0].label.width < NODE_WIDTH);
    assert.equal(s.data[0].label.overflow, "truncate");
    assert.match(s.data[0].tooltip.formatter, /a_rather_long_function_name_0/);
  });
});
