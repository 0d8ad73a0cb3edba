// Flame graph data (issue 15) on trees built through the real CctBuilder:
// widths and statistics worked by hand, the share of a parent's variance its
// children and own code carry (000 Eq. 2) worked by hand from the invocations,
// pooling two CCTs with different function tables, and the differential join
// (random trees of any shape: test/stress/flameTree.test.ts).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { CctBuilder } from "../../engine/cct/cctBuilder.js";
import { EventBatch } from "../../engine/trace/eventBatch.js";
import type { Cct } from "../../engine/cct/cct.js";
import { flameDiff, IN_A, IN_B } from "../../engine/flame/flameDiff.js";
import type { Call } from "../helpers/memorySource.js";
import { checkShape, close, graphOf, side, type Tree } from "../helpers/flameCheck.js";

/** A CCT of these top-level calls per thread, its function table started with `names` in that order. */
function build(threads: readonly (readonly Call[])[], names: readonly string[] = []): Cct {
  const b = new CctBuilder();
  for (const n of names) b.functionId(n);
  threads.forEach((calls, t) => {
    const batch = new EventBatch(b.thread({ pid: 1, tid: t + 1 }));
    const emit = (c: Call) => {
      batch.enter(b.functionId(c.fn), c.start);
      c.children.forEach(emit);
      batch.exit(b.functionId(c.fn), c.end);
    };
    calls.forEach(emit);
    batch.flush();
  });
  return b.finish();
}

const leaf = (fn: string, start: number, end: number): Call => ({ fn, start, end, children: [] });
const call = (fn: string, start: number, end: number, ...children: Call[]): Call => ({ fn, start, end, children });

/** Node of the call chain `chain` ("main>P>A"), by names (never by the ids under test). */
function node(g: Tree, chain: string): number {
  const names = (c: number): string => (c === 0 ? "" : `${names(g.parent[c])}>${g.functions[g.fn[c]]}`);
  const found = g.parent.map((_, c) => c).filter((c) => names(c) === `>${chain}`);
  assert.equal(found.length, 1, `one node for ${chain}`);
  return found[0];
}

describe("flameGraph", () => {
  // Thread 1: main [0,80] calls P three times; P calls A then B. Per invocation of P
  // (self, A, B): (4, 2, 6), (4, 6, 2), (7, 4, 7) → P = 12, 12, 18. Then atexit [85,90].
  // Thread 2: worker [0,30] calls A [5,25].
  const p1 = call("P", 10, 22, leaf("A", 11, 13), leaf("B", 14, 20));
  const p2 = call("P", 30, 42, leaf("A", 31, 37), leaf("B", 38, 40));
  const p3 = call("P", 50, 68, leaf("A", 51, 55), leaf("B", 56, 63));
  const cct = build([
    [call("main", 0, 80, p1, p2, p3), leaf("atexit", 85, 90)],
    [call("worker", 0, 30, leaf("A", 5, 25))],
  ]);
  const g = graphOf([cct]);

  it("gives every context its widths and invocation statistics", () => {
    const expect = (
      chain: string,
      incl: number,
      self: number,
      n: number,
      mean: number,
      variance: number,
      min: number,
      max: number,
    ) => {
      const c = node(g, chain);
      assert.deepEqual(
        [g.inclusiveNs[c], g.selfNs[c], g.n[c], g.minNs[c], g.maxNs[c]],
        [incl, self, n, min, max],
        chain,
      );
      close(g.meanNs[c], mean, `${chain} mean`);
      close(g.stdNs[c], Math.sqrt(variance), `${chain} σ`);
    };
    // main: 80 − (12 + 12 + 18) = 38 of its own.
    expect("main", 80, 38, 1, 80, 0, 80, 80);
    // P: mean 42/3 = 14, deviations −2, −2, 4 → σ² = 24/3 = 8; self 4 + 4 + 7.
    expect("main>P", 42, 15, 3, 14, 8, 12, 18);
    // A: 2, 6, 4 → mean 4, σ² = (4 + 4 + 0)/3; B: 6, 2, 7 → mean 5, σ² = (1 + 9 + 4)/3.
    expect("main>P>A", 12, 12, 3, 4, 8 / 3, 2, 6);
    expect("main>P>B", 15, 15, 3, 5, 14 / 3, 2, 7);
    expect("atexit", 5, 5, 1, 5, 0, 5, 5);
    expect("worker", 30, 10, 1, 30, 0, 30, 30);
    expect("worker>A", 20, 20, 1, 20, 0, 20, 20);
    // The root stands for both threads: the sum of the top-level contexts, 80 + 5 + 30.
    assert.deepEqual([g.parent[0], g.fn[0], g.inclusiveNs[0]], [-1, -1, 115]);
    assert.deepEqual(g.functions.slice().sort(), ["A", "B", "P", "atexit", "main", "worker"]);
    checkShape(g);
  });

  it("splits P's variance over its own code and its children by rows of their covariance (000 Eq. 2)", () => {
    // Deviations from the means (5, 4, 5) per invocation: (−1, −2, 1), (−1, 2, −3), (2, 0, 2).
    // C_ss = 6/3 = 2, C_AA = 8/3, C_BB = 14/3, C_sA = (2 − 2 + 0)/3 = 0, C_sB = (−1 + 3 + 4)/3 = 2,
    // C_AB = (−2 − 6 + 0)/3 = −8/3. Σ_ij C_ij = 2 + 8/3 + 14/3 + 2(0 + 2 − 8/3) = 8 = σ²_P.
    // Rows: self 2 + 0 + 2 = 4, A 0 + 8/3 − 8/3 = 0, B 2 − 8/3 + 14/3 = 4 → 1/2, 0, 1/2:
    // A varies, but its covariance with B cancels it, so it carries none of P's variance.
    const [p, a, b] = ["main>P", "main>P>A", "main>P>B"].map((c) => node(g, c));
    close(g.ownVarianceShare[p], 0.5, "P's own code");
    close(g.varianceShare[a], 0, "A");
    close(g.varianceShare[b], 0.5, "B");
    // A leaf that varies carries all of its own variance; one that does not, or a parent called once, has no shares.
    assert.deepEqual([g.ownVarianceShare[a], g.ownVarianceShare[b]], [1, 1]);
    for (const c of ["main", "atexit", "worker", "worker>A"]) assert.equal(g.ownVarianceShare[node(g, c)], null, c);
    for (const c of ["main", "main>P", "atexit", "worker"]) assert.equal(g.varianceShare[node(g, c)], null, c);
  });

  // Known bug, reported with its fix: Σ_ij C_ij is tested against 0 rather than against the rounding of its terms.
  it("gives no shares to a parent whose time never varies, however its children split it", () => {
    // P always takes 78; A takes 29, 30, 20, 10 of it. Self 49, 48, 58, 68: C_ss = C_AA = −C_sA = 260.75/4,
    // so Σ_ij C_ij = 0 and P has no variance to share out; computed, it is 1.4e-14 and P's own code gets all of it.
    const ps = [29, 30, 20, 10].map((a, i) => call("P", 100 * i, 100 * i + 78, leaf("A", 100 * i, 100 * i + a)));
    const flat = graphOf([build([[call("main", 0, 400, ...ps)]])]);
    assert.equal(flat.stdNs[node(flat, "main>P")], 0);
    assert.deepEqual(
      [flat.ownVarianceShare[node(flat, "main>P")], flat.varianceShare[node(flat, "main>P>A")]],
      [null, null],
    );
  });
});

describe("mergeCcts", () => {
  // X's function table is main, f, g; Y's is h, g, f, main, and Y calls g before f and h after.
  // X: main [0,100]: f 10, 20, 30 and g 5 → main's own 35. Y: main [0,120]: g 15, f 40, 40, h 5 → own 20.
  const x = build([[call("main", 0, 100, leaf("f", 1, 11), leaf("f", 12, 32), leaf("f", 33, 63), leaf("g", 64, 69))]]);
  const y = build(
    [[call("main", 0, 120, leaf("g", 1, 16), leaf("f", 17, 57), leaf("f", 58, 98), leaf("h", 99, 104))]],
    ["h", "g", "f", "main"],
  );
  const g = graphOf([x, y]);

  it("pools the runs context by context over one function table, widths per run", () => {
    assert.deepEqual(g.functions.slice().sort(), ["f", "g", "h", "main"]);
    assert.equal(g.parent.length, 5, "root, main and its three children");
    const f = node(g, "main>f");
    // f: 10, 20, 30 | 40, 40. Chan: n 3 + 2, δ = 40 − 20 = 20, mean 20 + 20·2/5 = 28,
    // M2 = 200 + 0 + 20²·3·2/5 = 680, σ² = 680/5 = 136. Width (60 + 80)/2 = 70.
    assert.deepEqual([g.n[f], g.inclusiveNs[f], g.selfNs[f], g.minNs[f], g.maxNs[f]], [5, 70, 70, 10, 40]);
    close(g.meanNs[f], 28, "f mean");
    close(g.stdNs[f], Math.sqrt(136), "f σ");
    const m = node(g, "main");
    // main: 100 | 120 → mean 110, σ 10; own (35 + 20)/2.
    assert.deepEqual([g.n[m], g.inclusiveNs[m], g.selfNs[m], g.meanNs[m], g.stdNs[m]], [2, 110, 27.5, 110, 10]);
    // g: 5 | 15 → mean 10, σ 5, width 10; h only in Y: width 5/2.
    const [gg, h] = ["main>g", "main>h"].map((c) => node(g, c));
    assert.deepEqual(
      [g.n[gg], g.inclusiveNs[gg], g.meanNs[gg], g.stdNs[gg], g.n[h], g.inclusiveNs[h], g.meanNs[h], g.inclusiveNs[0]],
      [2, 10, 10, 5, 1, 2.5, 5, 110],
    );
  });

  it("pools main's child covariance across the renamed dimensions", () => {
    // Per invocation of main (self, f, g, h): X (35, 60, 5, 0), Y (20, 80, 15, 5); means (27.5, 70, 10, 2.5),
    // X's deviations d = (7.5, −10, −5, −2.5), Y's −d, so C = d dᵀ, Σ C = (Σd)² = 100 = σ²_main,
    // and row i is d_i·Σd: shares −0.75, 1, 0.5, 0.25 (own code carries a negative share).
    close(g.ownVarianceShare[node(g, "main")], -0.75, "main's own code");
    close(g.varianceShare[node(g, "main>f")], 1, "f");
    close(g.varianceShare[node(g, "main>g")], 0.5, "g");
    close(g.varianceShare[node(g, "main>h")], 0.25, "h");
  });
});

describe("flameDiff", () => {
  // A: main [0,100]: f 10, 12 and g 5. B: main [0,110]: f 20, 22, 24 and h 7 (B's table starts h, f).
  const a = build([[call("main", 0, 100, leaf("f", 1, 11), leaf("f", 11, 23), leaf("g", 30, 35))]]);
  const b = build(
    [[call("main", 0, 110, leaf("f", 1, 21), leaf("f", 21, 43), leaf("f", 43, 67), leaf("h", 70, 77))]],
    ["h", "f"],
  );
  const d = flameDiff(side("A", [a]), side("B", [b]));

  it("marks the side each context was seen on, with zero width where it is absent", () => {
    const [main, f, g, h] = ["main", "main>f", "main>g", "main>h"].map((c) => node(d, c));
    assert.equal(d.parent.length, 5);
    assert.deepEqual(
      [0, main, f, g, h].map((c) => d.present[c]),
      [3, IN_A | IN_B, 3, IN_A, IN_B],
    );
    assert.deepEqual(
      [d.a.inclusiveNs[g], d.b.inclusiveNs[g], d.a.inclusiveNs[h], d.b.inclusiveNs[h], d.a.n[h], d.b.n[g]],
      [5, 0, 0, 7, 0, 0],
    );
    assert.deepEqual(
      [d.a.inclusiveNs[f], d.b.inclusiveNs[f], d.a.inclusiveNs[0], d.b.inclusiveNs[0]],
      [22, 66, 100, 110],
    );
    assert.deepEqual(
      [d.deltaNs[g], d.relative[g], d.welchT[g], d.deltaNs[h], d.relative[h], d.welchT[h]],
      [0, null, null, 0, null, null],
    );
  });

  it("gives the change of the mean, relative and with Welch's t", () => {
    const [main, f] = ["main", "main>f"].map((c) => node(d, c));
    // main: 110 − 100; one invocation a side, so no t.
    assert.deepEqual([d.deltaNs[main], d.welchT[main]], [10, null]);
    close(d.relative[main], 0.1, "main relative");
    // f: A 10, 12 → mean 11, sample variance 2; B 20, 22, 24 → mean 22, sample variance 8/2 = 4.
    // t = (22 − 11)/√(2/2 + 4/3) = 11/√(7/3).
    assert.equal(d.deltaNs[f], 11);
    close(d.relative[f], 1, "f relative");
    close(d.welchT[f], 11 / Math.sqrt(7 / 3), "f Welch t");
    close(d.a.stdNs[f], 1, "A's σ of f");
    close(d.b.stdNs[f], Math.sqrt(8 / 3), "B's σ of f");
  });
});
