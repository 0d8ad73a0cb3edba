// Properties of the CCT statistics on generated call trees, checked against
// plain two-pass formulas over the invocations themselves (not the code under test).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { cctOf, type Call } from "../helpers/memorySource.js";
import { CctBuilder } from "../../engine/cct/cctBuilder.js";
import { EventBatch } from "../../engine/trace/eventBatch.js";
import { mergeThreads } from "../../engine/cct/merge.js";
import { functionRows } from "../../engine/cct/query.js";
import type { ContextColumns } from "../../engine/cct/contextTable.js";
import type { Cct } from "../../engine/cct/cct.js";

const CHILDREN = ["G1", "G2", "G3", "G4"];

/** One invocation of F: its own work, then calls to some of G1..G4 (some repeated). */
const invocation = fc.record({
  selfBefore: fc.integer({ min: 0, max: 50 }),
  calls: fc.array(
    fc.record({
      child: fc.integer({ min: 0, max: 3 }),
      dur: fc.integer({ min: 1, max: 200 }),
      gap: fc.integer({ min: 0, max: 20 }),
    }),
    { maxLength: 6 },
  ),
});
type Invocation = { selfBefore: number; calls: { child: number; dur: number; gap: number }[] };

/** Lays invocations end to end on a timeline under `main`; returns the calls and the per-invocation vectors Y. */
function layOut(invs: readonly Invocation[], t0 = 0): { main: Call; ys: number[][] } {
  let t = t0 + 1;
  const fs: Call[] = [];
  const ys: number[][] = [];
  for (const inv of invs) {
    const start = t;
    t += inv.selfBefore;
    const y = [inv.selfBefore, 0, 0, 0, 0];
    const children: Call[] = [];
    for (const c of inv.calls) {
      t += c.gap;
      y[0] += c.gap;
      children.push({ fn: CHILDREN[c.child], start: t, end: t + c.dur, children: [] });
      t += c.dur;
      y[1 + c.child] += c.dur;
    }
    t += 1;
    y[0] += 1;
    fs.push({ fn: "F", start, end: t, children });
    ys.push(y);
  }
  return { main: { fn: "main", start: t0, end: t + 1, children: fs }, ys };
}

function naiveCov(ys: number[][], i: number, j: number): number {
  const n = ys.length;
  const mi = ys.reduce((s, y) => s + y[i], 0) / n;
  const mj = ys.reduce((s, y) => s + y[j], 0) / n;
  return ys.reduce((s, y) => s + (y[i] - mi) * (y[j] - mj), 0) / n;
}

function contextOf(cols: ContextColumns, cct: Cct, path: string[]): number {
  for (let c = 1; c < cols.size; c++) {
    const p: string[] = [];
    for (let x = c; x > 0; x = cols.parent[x]) p.unshift(cct.functions[cols.fn[x]]);
    if (p.join(">") === path.join(">")) return c;
  }
  return -1;
}

function assertMatchesNaive(cols: ContextColumns, cct: Cct, ys: number[][]): void {
  const f = contextOf(cols, cct, ["main", "F"]);
  const totals = ys.map((y) => y.reduce((a, b) => a + b, 0));
  const n = ys.length;
  const mean = totals.reduce((a, b) => a + b, 0) / n;
  const variance = totals.reduce((s, x) => s + (x - mean) ** 2, 0) / n;
  const close = (a: number, b: number, what: string) =>
    assert.ok(Math.abs(a - b) <= 1e-7 * Math.max(1, Math.abs(b)), `${what}: ${a} vs ${b}`);
  assert.equal(cols.n[f], n);
  close(cols.meanNs[f], mean, "mean");
  close(cols.m2[f] / n, variance, "variance");
  const cov = cols.covariance[f]!;
  assert.ok(cov, "F keeps its covariance");
  const k = cov.mean.length;
  // Dimension of each child context: 1 + its position in childContexts.
  const dimOf = (child: number) => {
    const ctx = contextOf(cols, cct, ["main", "F", CHILDREN[child]]);
    return ctx < 0 ? -1 : cov.childContexts.indexOf(ctx) + 1;
  };
  const dims = [0, ...[0, 1, 2, 3].map(dimOf)];
  for (let a = 0; a < 5; a++) {
    for (let b = 0; b < 5; b++) {
      if (dims[a] < 0 || dims[b] < 0) continue;
      close(cov.matrix[dims[a] * k + dims[b]], naiveCov(ys, a, b), `C[${a}][${b}]`);
    }
  }
  // Paper 000 §2 Eq. 2: the variance of X is the sum of all entries of C.
  close(
    cov.matrix.reduce((a, b) => a + b, 0),
    variance,
    "Σ C = σ²",
  );
}

/** Per child of F, the invocations of F in which it was called exactly once, counted from the invocations themselves. */
function assertOnceCounts(cols: ContextColumns, cct: Cct, invs: readonly Invocation[]): void {
  for (let child = 0; child < CHILDREN.length; child++) {
    const ctx = contextOf(cols, cct, ["main", "F", CHILDREN[child]]);
    if (ctx < 0) continue;
    const once = invs.filter((inv) => inv.calls.filter((c) => c.child === child).length === 1).length;
    assert.equal(cols.calledOnce[ctx], once, `${CHILDREN[child]} called exactly once`);
  }
}

describe("CCT statistics", () => {
  it("per-context N, mean, variance and child covariance equal the two-pass formulas", () => {
    fc.assert(
      fc.property(fc.array(invocation, { minLength: 1, maxLength: 40 }), (invs) => {
        const { main, ys } = layOut(invs);
        const cct = cctOf([[main]]);
        assertMatchesNaive(cct.threads[0].contexts, cct, ys);
        assertOnceCounts(cct.threads[0].contexts, cct, invs);
      }),
      { numRuns: 200 },
    );
  });

  it("merged statistics equal the statistics of the merged data", () => {
    fc.assert(
      fc.property(
        fc.array(invocation, { minLength: 1, maxLength: 25 }),
        fc.array(invocation, { minLength: 1, maxLength: 25 }),
        (a, b) => {
          const x = layOut(a);
          const y = layOut(b, 5);
          const cct = cctOf([[x.main], [y.main]]);
          assertMatchesNaive(mergeThreads(cct), cct, [...x.ys, ...y.ys]);
          assertOnceCounts(mergeThreads(cct), cct, [...a, ...b]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("for every context the child covariance matrix sums to its variance (Eq. 2)", () => {
    const call = (fn: string, start: number, dur: number, children: Call[] = []): Call => ({
      fn,
      start,
      end: start + dur,
      children,
    });
    const tree: Call[] = [];
    for (let i = 0; i < 30; i++) {
      const s = i * 1000;
      const w = (i % 4) * 37 + 5;
      tree.push(
        call("H", s, 600, [
          call("U", s + 10, 300 + w, [call("V", s + 20, 200 + w, [call("W", s + 30, 100 + w)])]),
          call("K", s + 400, 50 + (i % 3)),
        ]),
      );
    }
    const cct = cctOf([tree]);
    const cols = cct.threads[0].contexts;
    for (let c = 1; c < cols.size; c++) {
      const cov = cols.covariance[c]!;
      const sum = cov.matrix.reduce((a, b) => a + b, 0);
      assert.ok(Math.abs(sum - cols.m2[c] / cols.n[c]) <= 1e-6 * Math.max(1, sum), `context ${c}`);
    }
  });

  it("leaves out the covariance of contexts over the child limit and says which", () => {
    const children = Array.from({ length: 5 }, (_, i) => ({
      fn: `c${i}`,
      start: 10 * i + 1,
      end: 10 * i + 5,
      children: [],
    }));
    const cct = cctOf([[{ fn: "F", start: 0, end: 100, children }]], 4);
    const cols = cct.threads[0].contexts;
    assert.deepEqual(cols.covarianceOmitted, [1]);
    assert.equal(cols.covariance[1], null);
    assert.ok(cols.covariance[2], "a leaf keeps its 1×1 matrix");
  });

  it("counts a recursive function's nested activations once in function totals", () => {
    // fib(2) → fib(1), fib(0): total of fib is the outer call's 100 ns, not 100 + 30 + 20.
    const cct = cctOf([
      [
        {
          fn: "fib",
          start: 0,
          end: 100,
          children: [
            { fn: "fib", start: 10, end: 40, children: [] },
            { fn: "fib", start: 50, end: 70, children: [] },
          ],
        },
      ],
    ]);
    const fib = functionRows(cct.threads[0].contexts, cct.functions).find((r) => r.name === "fib")!;
    assert.deepEqual(
      { calls: fib.calls, total: fib.totalNs, self: fib.selfNs },
      { calls: 3, total: 100, self: 50 + 30 + 20 },
    );
  });

  it("the time filter folds short calls into their caller and leaves no empty contexts", () => {
    const b = new CctBuilder();
    b.setTimeFilter(100);
    const batch = new EventBatch(b.thread({ pid: 1, tid: 1 }));
    const [F, short, inner, long] = ["F", "short", "inner", "long"].map((n) => b.functionId(n));
    // F [0, 1000): short [10, 20) with inner [12, 15) (both under 100 ns), long [100, 300).
    batch.enter(F, 0);
    batch.enter(short, 10);
    batch.enter(inner, 12);
    batch.exit(inner, 15);
    batch.exit(short, 20);
    batch.enter(long, 100);
    batch.exit(long, 300);
    batch.exit(F, 1000);
    batch.flush();
    const cct = b.finish();
    const cols = cct.threads[0].contexts;
    assert.deepEqual(
      [...cols.fn].map((f) => (f < 0 ? "root" : cct.functions[f])),
      ["root", "F", "long"],
    );
    assert.deepEqual([cols.inclusiveNs[1], cols.selfNs[1]], [1000, 800]);
    const cov = cols.covariance[1]!;
    assert.deepEqual(cov.childContexts, [2]);
    assert.deepEqual(cov.mean, [800, 200]);
  });

  it("the same input gives the same tree", () => {
    const { main } = layOut([
      {
        selfBefore: 3,
        calls: [
          { child: 2, dur: 9, gap: 1 },
          { child: 0, dur: 4, gap: 0 },
        ],
      },
    ]);
    assert.deepEqual(cctOf([[main]]), cctOf([[main]]));
  });
});
