// The flame graph's chart builder without a browser: hand-worked icicle
// layouts (a frame's width is its share of the zoomed frame, children sit
// left-aligned in name order and the gap is the parent's own time), culling,
// the row limit, hit-testing, search shares, and the differential paint that
// marks contexts seen on one side only.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { frameAt, indexTree, layoutFlame, pathTo, type FlameLayout } from "../../renderer/src/flame/flameLayout.js";
import { matcher, searchFlame } from "../../renderer/src/flame/flameSearch.js";
import { changeOf, diffFill, heat, heatValue, COV_FULL } from "../../renderer/src/flame/flameColors.js";
import { diffPaint, variancePaint } from "../../renderer/src/flame/flameViews.js";
import { flameDiff } from "../../engine/flame/flameDiff.js";
import type { ContextColumns } from "../../engine/cct/contextTable.js";

// root(0) → main(1, 100 ns) → b(2, 30 ns), a(3, 50 ns) → c(4, 0.5 ns): main's own time is 20 ns.
const TREE = { parent: [-1, 0, 1, 1, 3], fn: [-1, 0, 1, 2, 3], functions: ["main", "b", "a", "c"] };
const WIDTH = [100, 100, 30, 50, 0.5];
const OPTS = { minWidth: 0.01, maxRows: 48, ancestors: 3 };

function frames(l: FlameLayout, name: (n: number) => string) {
  return Array.from({ length: l.count }, (_, i) => ({
    name: name(l.node[i]),
    x: +l.x[i].toFixed(6),
    w: +l.w[i].toFixed(6),
    row: l.row[i],
  }));
}

describe("flame graph layout", () => {
  const index = indexTree(TREE, "all");

  it("lays out the whole tree: widths are shares of the root, children in name order, the gap is own time", () => {
    const l = layoutFlame(index, WIDTH, 0, OPTS);
    // c is 0.5 of 100 = 0.005 of the width, under the 0.01 minimum: left out.
    assert.deepEqual(frames(l, index.name), [
      { name: "all", x: 0, w: 1, row: 0 },
      { name: "main", x: 0, w: 1, row: 1 },
      { name: "a", x: 0, w: 0.5, row: 2 },
      { name: "b", x: 0.5, w: 0.3, row: 2 },
    ]);
    // The children's widths sum to main's inclusive time less its own 20 ns (0.8 of 1).
    assert.equal(l.w[2] + l.w[3], 1 - 20 / 100);
    assert.equal(l.rows, 3);
    assert.equal(l.deeper, false);
  });

  it("zooms: ancestors full width above, the zoomed frame full width, its subtree scaled to it", () => {
    const l = layoutFlame(index, WIDTH, 3, OPTS);
    // a is 50 ns: c's 0.5 ns is now 0.01 of the width, just drawn.
    assert.deepEqual(frames(l, index.name), [
      { name: "all", x: 0, w: 1, row: 0 },
      { name: "main", x: 0, w: 1, row: 1 },
      { name: "a", x: 0, w: 1, row: 2 },
      { name: "c", x: 0, w: 0.01, row: 3 },
    ]);
    assert.deepEqual(pathTo(index, 4).map(index.name), ["all", "main", "a", "c"]);
  });

  it("finds the frame under a point, and nothing in a parent's own time", () => {
    const l = layoutFlame(index, WIDTH, 0, OPTS);
    assert.equal(index.name(l.node[frameAt(l, 0.6, 2)]), "b");
    assert.equal(index.name(l.node[frameAt(l, 0.1, 2)]), "a");
    assert.equal(frameAt(l, 0.9, 2), -1, "0.8–1 is main's own time");
    assert.equal(frameAt(l, 0.1, 7), -1);
  });

  it("draws at most maxRows rows, with a few ancestors above the zoomed frame, and says there is more", () => {
    // A chain 2,000 calls deep: no recursion in the layout, so any depth lays out.
    const depth = 2000;
    const chain = {
      parent: Array.from({ length: depth + 1 }, (_, i) => i - 1),
      fn: Array.from({ length: depth + 1 }, (_, i) => (i === 0 ? -1 : 0)),
      functions: ["f"],
    };
    const idx = indexTree(chain, "all");
    const width = new Array(depth + 1).fill(10);
    const top = layoutFlame(idx, width, 0, { ...OPTS, maxRows: 10 });
    assert.equal(top.rows, 10);
    assert.equal(top.deeper, true);
    const deep = layoutFlame(idx, width, 1500, { ...OPTS, maxRows: 10 });
    assert.equal(deep.top, 1497, "three ancestors kept above");
    assert.equal(idx.depth[deep.node[deep.order[deep.rowStart[3]]]], 1500);
  });
});

describe("flame graph search", () => {
  const index = indexTree(TREE, "all");

  it("sums the share of the matching frames under the zoomed one", () => {
    const m = matcher("/^[ab]$/");
    assert.equal(typeof m, "function");
    const s = searchFlame(TREE, index, WIDTH, 0, m as (n: string) => boolean);
    assert.equal(s.count, 2);
    assert.equal(s.share, 0.8);
    // Substring, case-insensitive: "MAIN" matches main, its whole time.
    assert.equal(searchFlame(TREE, index, WIDTH, 0, matcher("MAIN") as (n: string) => boolean).share, 1);
    assert.match(matcher("/(/") as string, /not a regular expression/);
  });

  it("counts a recursive function's time once, through its outermost call", () => {
    // f(10) → f(6) → f(2): the share of "f" is 10 of 10, not 18 of 10.
    const rec = { parent: [-1, 0, 1, 2], fn: [-1, 0, 0, 0], functions: ["f"] };
    const s = searchFlame(rec, indexTree(rec, "all"), [10, 10, 6, 2], 0, matcher("f") as (n: string) => boolean);
    assert.equal(s.count, 3);
    assert.equal(s.share, 1);
  });
});

/** Columns of a hand-made CCT: per context parent, function, N, mean, σ² (population) and inclusive time. */
function columns(
  rows: readonly { parent: number; fn: number; n: number; mean: number; variance: number }[],
): ContextColumns {
  const all = [{ parent: -1, fn: -1, n: 0, mean: 0, variance: 0 }, ...rows];
  const f = (g: (r: (typeof all)[number]) => number) => Float64Array.from(all, g);
  return {
    size: all.length,
    parent: Int32Array.from(all, (r) => r.parent),
    fn: Int32Array.from(all, (r) => r.fn),
    n: f((r) => r.n),
    meanNs: f((r) => r.mean),
    m2: f((r) => r.variance * r.n),
    minNs: f((r) => r.mean),
    maxNs: f((r) => r.mean),
    inclusiveNs: f((r) => r.n * r.mean),
    selfNs: f(() => 0),
    calledOnce: f(() => 0),
    covariance: all.map(() => null),
    covarianceOmitted: [],
  };
}

describe("differential flame graph paint", () => {
  // A: main → {x, old}; B: main → {x (slower), new}. Functions in different orders on each side.
  const a = columns([
    { parent: 0, fn: 0, n: 1, mean: 100, variance: 0 },
    { parent: 1, fn: 1, n: 10, mean: 5, variance: 1 },
    { parent: 1, fn: 2, n: 2, mean: 20, variance: 4 },
  ]);
  const b = columns([
    { parent: 0, fn: 1, n: 1, mean: 120, variance: 0 },
    { parent: 1, fn: 0, n: 10, mean: 10, variance: 1 },
    { parent: 1, fn: 2, n: 4, mean: 5, variance: 1 },
  ]);
  const d = flameDiff(
    { label: "A", runs: 1, columns: a, functions: ["main", "x", "old"] },
    { label: "B", runs: 1, columns: b, functions: ["x", "main", "new"] },
  );
  const node = (name: string) => d.fn.findIndex((f, i) => i > 0 && d.functions[f] === name);
  const theme = { dark: false };

  it("marks a context absent on one side, and tells the parent what the drawn shape leaves out", () => {
    const shapeB = diffPaint(d, "b", theme, (n) => d.functions[d.fn[n]] ?? "all");
    assert.equal(shapeB.hatched(node("new")), true, "new in B is marked");
    assert.equal(shapeB.hatched(node("x")), false);
    assert.equal(shapeB.width[node("old")], 0, "gone from B: no width in B's shape");
    const main = shapeB.tooltip(node("main")).rows.find(([k]) => k.startsWith("only in A below"));
    assert.ok(main, "main's tooltip names the context only A has");
    assert.match(main[1], /1 context\(s\), 40 ns per run/);
    const shapeA = diffPaint(d, "a", theme, (n) => d.functions[d.fn[n]] ?? "all");
    assert.equal(shapeA.hatched(node("old")), true, "gone in B is marked in A's shape");
    assert.equal(shapeA.width[node("old")], 40);
  });

  it("colours by the change of the mean: x doubled per call is slower, with Welch's t", () => {
    const x = node("x");
    assert.equal(d.relative[x], 1);
    // Welch: sample variances 10·1/9 on each side, se = √(2 · (10/9)/10) = 0.4714; t = 5 / 0.4714 = 10.61.
    assert.ok(Math.abs(d.welchT[x]! - 5 / Math.sqrt((2 * 10) / 9 / 10)) < 1e-9);
    assert.equal(changeOf(d.relative[x], d.minRelativeChange), "slower");
    const fill = diffPaint(d, "b", theme, () => "").fill(x);
    assert.equal(fill, diffFill("slower", d.welchT[x], theme));
    assert.match(fill, /^hsl\(2 /, "red hue");
    assert.match(diffFill("faster", 3, theme), /^hsl\(214 /, "blue hue");
    assert.equal(changeOf(0.005, 0.01), "unchanged");
  });
});

describe("variance flame graph colours", () => {
  it("puts paper 000's CoV threshold mid-scale and greys frames without a value", () => {
    assert.equal(heatValue("cov", 0.4), 0.4 / COV_FULL);
    assert.equal(heatValue("cov", 0.4), 0.5);
    assert.equal(heat(null, { dark: false }), heat(Number.NaN, { dark: false }));
    const g = {
      label: "r",
      runs: 1,
      thread: null,
      threads: [],
      functions: ["f"],
      parent: [-1, 0],
      fn: [-1, 0],
      inclusiveNs: [10, 10],
      selfNs: [0, 4],
      n: [0, 2],
      meanNs: [0, 5],
      stdNs: [0, 2],
      minNs: [0, 3],
      maxNs: [0, 7],
      varianceShare: [null, null],
      ownVarianceShare: [null, null],
      warnings: [],
    };
    const rows = Object.fromEntries(variancePaint(g, "cov", { dark: false }, () => "f").tooltip(1).rows);
    assert.equal(rows.CoV, "0.400");
    assert.equal(rows.N, "2");
  });
});
