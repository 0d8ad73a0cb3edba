// The sandwich view (issue 31 item 4) on trees worked by hand: a recursion
// (its total counts the outermost frame only, as speedscope does), a function
// called from two callers, a mutual recursion and a call at the top of the
// stack; and a fast-check property over random trees: a function's callers
// share out exactly its total, its callees hold at most its total, and its
// total is the inclusive time of the frames with no ancestor of the same
// function (found here by walking each frame's ancestors, not by the code under test).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { functionTable, sandwich, type SandwichInput, type SandwichTree } from "../../engine/flame/sandwich.js";

/** A frame: its function, its self time, its callees. */
type Frame = readonly [string, number, readonly Frame[]];

/** The flame analysis' shape of these top-level frames, one invocation per frame. */
function treeOf(top: readonly Frame[]): SandwichInput {
  const functions: string[] = [];
  const parent = [-1];
  const fn = [-1];
  const selfNs = [0];
  const inclusiveNs = [0];
  const visit = (f: Frame, p: number): number => {
    const id = functions.indexOf(f[0]) >= 0 ? functions.indexOf(f[0]) : functions.push(f[0]) - 1;
    const node = parent.length;
    (parent.push(p), fn.push(id), selfNs.push(f[1]), inclusiveNs.push(0));
    inclusiveNs[node] = f[1] + f[2].reduce((s, c) => s + visit(c, node), 0);
    return inclusiveNs[node];
  };
  inclusiveNs[0] = top.reduce((s, f) => s + visit(f, 0), 0);
  return { parent, fn, functions, selfNs, inclusiveNs, n: parent.map((_, i) => (i === 0 ? 0 : 1)) };
}

/** A merged tree as "a>b: total/self" lines, paths from its root, in any order. */
function lines(t: SandwichTree): string[] {
  const name = (i: number): string => (t.parent[i] >= 0 ? `${name(t.parent[i])}>` : "") + t.functions[t.fn[i]];
  return t.parent.map((_, i) => `${name(i)}: ${t.inclusiveNs[i]}/${t.selfNs[i]}`).sort();
}

const row = (t: SandwichInput, name: string) => functionTable(t).find((r) => r.name === name)!;

describe("sandwich", () => {
  it("counts a recursion once per stack", () => {
    const t = treeOf([["main", 1, [["f", 2, [["f", 3, [["g", 4, []]]]]]]]]);
    assert.deepEqual(row(t, "f"), { fn: 1, name: "f", selfNs: 5, totalNs: 9, calls: 2 });
    assert.deepEqual(row(t, "main"), { fn: 0, name: "main", selfNs: 1, totalNs: 10, calls: 1 });
    const s = sandwich(t, 1);
    assert.equal(s.totalNs, 9);
    assert.deepEqual(lines(s.callers), ["f: 9/0", "f>main: 9/9"]);
    assert.deepEqual(lines(s.callees), ["f: 9/2", "f>f: 7/3", "f>f>g: 4/4"]);
  });

  it("splits a function's time between its two callers and merges its callees", () => {
    const t = treeOf([
      [
        "main",
        1,
        [
          ["a", 1, [["f", 2, [["g", 3, []]]]]],
          ["b", 1, [["f", 4, []]]],
        ],
      ],
    ]);
    const f = row(t, "f");
    assert.deepEqual([f.selfNs, f.totalNs, f.calls], [6, 9, 2]);
    const s = sandwich(t, f.fn);
    assert.deepEqual(lines(s.callers), ["f: 9/0", "f>a: 5/0", "f>a>main: 5/5", "f>b: 4/0", "f>b>main: 4/4"]);
    assert.deepEqual(lines(s.callees), ["f: 9/6", "f>g: 3/3"]);
  });

  it("follows a mutual recursion from its outermost frame", () => {
    const t = treeOf([["main", 1, [["f", 1, [["g", 2, [["f", 3, [["g", 4, []]]]]]]]]]]);
    assert.deepEqual([row(t, "f").totalNs, row(t, "f").selfNs], [10, 4]);
    assert.deepEqual([row(t, "g").totalNs, row(t, "g").selfNs, row(t, "g").calls], [9, 6, 2]);
    const s = sandwich(t, row(t, "g").fn);
    assert.deepEqual(lines(s.callers), ["g: 9/0", "g>f: 9/0", "g>f>main: 9/9"]);
    assert.deepEqual(lines(s.callees), ["g: 9/2", "g>f: 7/3", "g>f>g: 4/4"]);
  });

  it("keeps a call at the top of the stack as the callers tree's own time", () => {
    const t = treeOf([
      ["f", 5, []],
      ["main", 1, [["f", 2, []]]],
    ]);
    const s = sandwich(t, row(t, "f").fn);
    assert.deepEqual(lines(s.callers), ["f: 7/5", "f>main: 2/2"]);
  });

  it("shares out a function's total among its callers on any tree", () => {
    const arb = fc
      .array(fc.tuple(fc.nat(), fc.nat({ max: 5 }), fc.nat({ max: 1000 })), { minLength: 1, maxLength: 60 })
      .map((nodes): SandwichInput => {
        const parent = [-1, ...nodes.map(([p], i) => p % (i + 1))];
        const fn = [-1, ...nodes.map(([, f]) => f)];
        const selfNs = [0, ...nodes.map(([, , s]) => s)];
        const inclusiveNs = [...selfNs];
        for (let i = parent.length - 1; i > 0; i--) inclusiveNs[parent[i]] += inclusiveNs[i];
        inclusiveNs[0] -= selfNs[0];
        const functions = ["a", "b", "c", "d", "e", "f"];
        return { parent, fn, functions, selfNs, inclusiveNs, n: fn.map((f) => (f < 0 ? 0 : 1)) };
      });
    fc.assert(
      fc.property(arb, (t) => {
        for (const r of functionTable(t)) {
          // The total by definition: frames of r.fn with no ancestor of r.fn.
          let expected = 0;
          for (let i = 1; i < t.parent.length; i++) {
            if (t.fn[i] !== r.fn) continue;
            let a = t.parent[i];
            while (a > 0 && t.fn[a] !== r.fn) a = t.parent[a];
            if (a <= 0) expected += t.inclusiveNs[i];
          }
          assert.equal(r.totalNs, expected);
          assert.ok(r.selfNs <= r.totalNs && r.totalNs <= t.inclusiveNs[0]);
          const s = sandwich(t, r.fn);
          const sumKids = (x: SandwichTree, p: number) =>
            x.parent.reduce((sum, q, i) => (q === p ? sum + x.inclusiveNs[i] : sum), 0);
          assert.equal(s.callers.inclusiveNs[0], r.totalNs);
          assert.equal(sumKids(s.callers, 0) + s.callers.selfNs[0], r.totalNs);
          assert.equal(s.callees.inclusiveNs[0], r.totalNs);
          for (let u = 0; u < s.callees.parent.length; u++)
            assert.equal(s.callees.inclusiveNs[u], s.callees.selfNs[u] + sumKids(s.callees, u));
          for (let u = 0; u < s.callers.parent.length; u++)
            assert.equal(s.callers.inclusiveNs[u], s.callers.selfNs[u] + sumKids(s.callers, u));
        }
      }),
      { numRuns: 300 },
    );
  });
});
