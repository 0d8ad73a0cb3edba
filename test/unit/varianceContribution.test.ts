// Contribution sets and underliers (paper 000 §2, §2.2) on cases worked by
// hand (issue 11): minimal sets, sets significant only together, a callee's
// own code as an origin beside its callees, the cross-term test applied to
// inlined callees through the confirmation pass and the numbers it measures,
// the cascade keeping a callee nothing below replaces, and loop callees.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { contributingSets } from "../../engine/variance/contribution.js";
import { completeAnalysis, prepareAnalysis } from "../../engine/variance/analyze.js";
import { DEFAULT_PARAMETERS } from "../../engine/variance/parameters.js";
import { CctBuilder } from "../../engine/cct/cctBuilder.js";
import { mergeThreads } from "../../engine/cct/merge.js";
import { EventBatch } from "../../engine/trace/eventBatch.js";
import type { TraceSink } from "../../engine/trace/sink.js";
import type { Call } from "../helpers/memorySource.js";

/** A covariance over (self, children…) from a symmetric matrix given as rows. The matrices are
 * worked by hand as exact: n is large enough for every correlation in them to be told from chance
 * (contribution.ts, noiseCorrelation: |r| ≥ 5/√999 ≈ 0.16 counts). */
function cov(rows: number[][]) {
  return { n: 1000, mean: rows.map(() => 0), matrix: rows.flat(), childContexts: rows.slice(1).map((_, i) => i + 1) };
}

describe("minimal contributing sets (000 §2)", () => {
  it("drops members linked to a contributor that cancel each other (G3 linked to G4, G4 to G5)", () => {
    // self, G3, G4, G5: G3 varies (100) and moves with G4 (C = 20); G4 and G5 exclusive (25, −25).
    // σ² = 100 + 25 + 25 − 2·25 + 2·20 = 140; bar 14. Without G3 the group sums to 0: G3 is needed,
    // G4 and G5 are not (the group keeps ≥ 14 without either).
    const c = cov([
      [0, 0, 0, 0],
      [0, 100, 20, 0],
      [0, 20, 25, -25],
      [0, 0, -25, 25],
    ]);
    assert.deepEqual(contributingSets(c, 0.1), [{ dims: [1], fraction: 100 / 140 }]);
  });

  it("finds a set significant only together: ten children, C_ii = 1, C_ij = 0.5", () => {
    const rows = Array.from({ length: 11 }, (_, i) =>
      Array.from({ length: 11 }, (_, j) => (i === 0 || j === 0 ? 0 : i === j ? 1 : 0.5)),
    );
    // σ² = 10 + 90·0.5 = 55; each child alone is 1/55 < 10%; all ten explain it all.
    assert.deepEqual(contributingSets(cov(rows), 0.1), [{ dims: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], fraction: 1 }]);
  });

  it("gives no back-edge to a negligible member of a linked pair", () => {
    // A (100) and a tiny B (1) linked by a cross term (2·8 = 16 ≥ bar 11.7): without B the set still
    // holds, without A it does not: A alone.
    const c = cov([
      [0, 0, 0],
      [0, 100, 8],
      [0, 8, 1],
    ]);
    assert.deepEqual(contributingSets(c, 0.1), [{ dims: [1], fraction: 100 / 117 }]);
  });

  it("does not join two unrelated contributors through a small member that moves with both", () => {
    // A and B: 100 each, uncorrelated; C: 1, correlation 0.6 with each (C_AC = C_BC = 0.6·√100 = 6).
    // σ² = 100 + 100 + 1 + 2·(6 + 6) = 225, bar 22.5. C links all three into one group (0.6 ≥ 0.5),
    // but A and B are each significant alone (100, no cancelling term) and not linked to each other:
    // two sets of one. C adds 2·(6 + 6) + 1 = 25 to the three together, yet on its own (1) it is
    // nothing: no set, no back-edge.
    const c = cov([
      [0, 0, 0, 0],
      [0, 100, 0, 6],
      [0, 0, 100, 6],
      [0, 6, 6, 1],
    ]);
    assert.deepEqual(contributingSets(c, 0.1), [
      { dims: [1], fraction: 100 / 225 },
      { dims: [2], fraction: 100 / 225 },
    ]);
  });
});

/** Prepares call trees (one array per thread), the confirmation pass replaying the same events. */
function prepare(threads: readonly (readonly Call[])[]) {
  const feed = (sink: TraceSink) =>
    threads.forEach((calls, t) => {
      const batch = new EventBatch(sink.thread({ pid: 1, tid: t + 1 }));
      const emit = (c: Call) => {
        batch.enter(sink.functionId(c.fn), c.start);
        c.children.forEach(emit);
        batch.exit(sink.functionId(c.fn), c.end);
      };
      calls.forEach(emit);
      batch.flush();
    });
  const b = new CctBuilder();
  feed(b);
  const cct = b.finish();
  const prep = prepareAnalysis(mergeThreads(cct), cct.functions, { ...DEFAULT_PARAMETERS, beta: 0 });
  if (prep.pass) {
    const again = new CctBuilder({ covariance: false, watch: prep.pass });
    feed(again);
    again.finish();
  }
  return prep;
}

const analyze = (threads: readonly (readonly Call[])[]) => completeAnalysis(prepare(threads));

/** Calls one after another under main, each from `invocation(start)`. */
function run(count: number, invocation: (i: number, start: number) => Call): Call[][] {
  const calls: Call[] = [];
  let t = 0;
  for (let i = 0; i < count; i++) {
    const call = invocation(i, t);
    calls.push(call);
    t = call.end + 1;
  }
  return [[{ fn: "main", start: -1, end: t + 1, children: calls }]];
}

/** Lays calls end to end: each child given as [name, duration, children]. */
type Spec = [string, number, Spec[]];
function lay(spec: Spec, start: number): Call {
  let t = start + 1;
  const children = spec[2].map((c) => {
    const call = lay(c, t);
    t = call.end + 1;
    return call;
  });
  return { fn: spec[0], start, end: Math.max(t, start + spec[1]), children };
}

const underliers = (r: ReturnType<typeof analyze>) =>
  r.segments.map((s) => `${r.nodes[s.nodes[0]].fname}←${r.nodes[s.nodes.at(-1)!].fname}`).sort();

describe("underliers and inlined callees (000 §2.2)", () => {
  it("keeps a callee as an origin when its own code varies, beside a callee of its own that varies too", () => {
    // T calls G1 once; G1's own code takes 100 or 1000 (i odd), and its callee A1 100 or 1000
    // (i / 2 odd), independently: scenario 2 and scenario 1 of 000 §2.2 at once.
    const ts: Call[] = [];
    let t = 0;
    for (let i = 0; i < 40; i++) {
      const own = i % 2 ? 1000 : 100;
      const a1 = (i >> 1) % 2 ? 1000 : 100;
      const call = lay(["T", 0, [["G1", own + a1 + 2, [["A1", a1, []]]]]], t);
      ts.push(call);
      t = call.end + 1;
    }
    const r = analyze([[{ fn: "main", start: -1, end: t + 1, children: ts }]]);
    assert.deepEqual(underliers(r), ["T←A1", "T←G1"]);
    const g1 = r.contributions.find((c) => c.descendant.at(-1) === "G1")!;
    assert.deepEqual([g1.ownCode, g1.confirmed, g1.exact], [true, true, false]);
  });

  it("applies the cross-term test to an inlined callee: one cancelled by the target's other child does not contribute", () => {
    // T calls G once, then K. G calls A (1 or 401) and B (1 or 1201), independently; K takes
    // 401 − A's extra: A and K cancel, so T varies with B alone (σ² = 600²).
    const ts: Call[] = [];
    let t = 0;
    for (let i = 0; i < 40; i++) {
      const a = i % 2 ? 400 : 0;
      const b = (i >> 1) % 2 ? 1200 : 0;
      const call = lay(
        [
          "T",
          0,
          [
            [
              "G",
              0,
              [
                ["A", 1 + a, []],
                ["B", 1 + b, []],
              ],
            ],
            ["K", 1 + 400 - a, []],
          ],
        ],
        t,
      );
      ts.push(call);
      t = call.end + 1;
    }
    const r = analyze([[{ fn: "main", start: -1, end: t + 1, children: ts }]]);
    // (Within G, A does vary G: G←A is right; into T it is cancelled.)
    assert.deepEqual(
      underliers(r).filter((u) => u.startsWith("T←")),
      ["T←B"],
    );
    const a = r.contributions.find((c) => c.descendant.at(-1) === "A")!;
    assert.ok(a.cf >= 0.1, "on its own A would pass the bar");
    assert.equal(a.confirmed, false, "but the pass measured its cross term with K");
  });
});

describe("contributing sets on recorded calls (000 §2)", () => {
  it("gives no back-edge to a cancelling pair or to small independent callees left over", () => {
    // 64 invocations of T, each combination of five independent bits twice: A takes 10 or 3000
    // (variance 1495² = 2 235 025), G4 or G5 runs for 1000 (each 500² = 250 000, cross term
    // −250 000), D1, D2, D3 take 10 or 1000 (each 495² = 245 025). σ²_T = 2 235 025 + 0 +
    // 3·245 025 = 2 970 100, bar 297 010: A is 75%; the pair together 0; each D 8.25%, and
    // uncorrelated with the others, so no set of them adds 10% per member.
    const bit = (i: number, b: number) => (i >> b) & 1;
    const threads = run(64, (i, t) =>
      lay(
        [
          "T",
          0,
          [
            ["A", bit(i, 0) ? 3000 : 10, []],
            [bit(i, 1) ? "G4" : "G5", 1000, []],
            ...[2, 3, 4].map((b): Spec => [`D${b - 1}`, bit(i, b) ? 1000 : 10, []]),
          ],
        ],
        t,
      ),
    );
    const r = analyze(threads);
    assert.deepEqual(underliers(r), ["T←A"]);
    const a = r.contributions.find((c) => c.descendant.at(-1) === "A")!;
    assert.ok(Math.abs(a.cf - 2235025 / 2970100) < 1e-9, `${a.cf}`);
  });
});

describe("the confirmation pass's numbers (000 §2.2, Eq. 1)", () => {
  /** T at b: G (own code 1 + gx) → C (own code 3) → X1 (x1), X2 (50); then K (5); T's own code 3. */
  const invocation = (b: number, gx: number, x1: number): Call => {
    const x1e = b + 3 + x1;
    const x2e = x1e + 1 + 50;
    const ge = x2e + 1 + gx;
    const x = (fn: string, start: number, end: number, children: Call[] = []): Call => ({ fn, start, end, children });
    return x("T", b, ge + 7, [
      x("G", b + 1, ge, [x("C", b + 2, x2e + 1, [x("X1", b + 3, x1e), x("X2", x1e + 1, x2e)])]),
      x("K", ge + 1, ge + 6),
    ]);
  };

  it("takes every callee's time from an inlined caller's own code, whether the callee is a component or inlined in turn", () => {
    // gx and x1 are 100 or 1000, independently (i odd, i/2 odd). Against σ²_T = 450² + 450² =
    // 405 000 (bar 40 500), G's own code and C each explain half, so G is inlined with its own code
    // a component; in C only X1 varies, so C is inlined and its own code (3) stays with T's.
    const prep = prepare(run(40, (i, t) => invocation(t, i % 2 ? 1000 : 100, (i >> 1) % 2 ? 1000 : 100)));
    const name = (c: number) => prep.functions[prep.cols.fn[c]];
    const p = prep.pass!.plans.findIndex((plan) => name(plan.target) === "T");
    assert.deepEqual(
      prep.pass!.plans[p].components.map((x) => `${name(x.context)}${x.own ? " own" : ""}`),
      ["T own", "G own", "X1", "X2", "K"],
    );
    const m = prep.pass!.matrix(p);
    // Means: T's own 3 + C's own 3 = 6; G's own 1 + (100 + 1000)/2 = 551; X1 550; X2 50; K 5.
    // (With C's time left in it, G's own code was G's whole time, 551 + 3 + 550 + 50 = 1154, and
    // T's own code 6 − (1154 − 551) = −597.)
    assert.deepEqual(
      m.mean.map((v) => Math.round(v * 1e6) / 1e6),
      [6, 551, 550, 50, 5],
    );
    // Variances: G's own code and X1 450² = 202 500 each, uncorrelated; all else constant.
    const expected = Array(25).fill(0);
    expected[1 * 5 + 1] = expected[2 * 5 + 2] = 202500;
    assert.deepEqual(
      m.matrix.map((v) => Math.round(v * 1e6) / 1e6),
      expected,
    );
    const r = completeAnalysis(prep);
    assert.deepEqual(
      underliers(r).filter((u) => u.startsWith("T←")),
      ["T←G", "T←X1"],
    );
    for (const c of r.contributions.filter((c) => c.target.at(-1) === "T"))
      assert.ok(Math.abs(c.cf - 0.5) < 1e-9, `${c.descendant.join(">")}: ${c.cf}`);
  });
});

describe("the cascade (000 §2.2)", () => {
  it("keeps a callee whole when nothing below it could replace it", () => {
    // 40 invocations: x = 0 or 250 (i odd) in both G's own code (10 + x; G also calls A, 50) and
    // K (10 + x); L takes 0 or 1200 (i/2 odd). Var G = Var K = C_GK = 125² = 15 625; Var L = 600² =
    // 360 000; σ²_T = 4·15 625 + 360 000 = 422 500, bar 42 250. G is called once, but in its own
    // matrix G's own code (15 625) and A (0) are under the bar: G stays one component, and G and K,
    // in synchrony, are a set: 15 625·4 = 62 500 ≥ 42 250, each adding 2·31 250 − 15 625 = 46 875.
    const threads = run(40, (i, t) => {
      const x = i % 2 ? 250 : 0;
      return lay(
        [
          "T",
          0,
          [
            ["G", 12 + x + 50, [["A", 50, []]]],
            ["K", 10 + x, []],
            ["L", (i >> 1) % 2 ? 1201 : 1, []],
          ],
        ],
        t,
      );
    });
    const r = analyze(threads);
    assert.deepEqual(underliers(r), ["T←G", "T←K", "T←L"]);
    const g = r.contributions.find((c) => c.descendant.at(-1) === "G")!;
    assert.deepEqual([g.ownCode, g.exact], [false, true]);
    assert.ok(Math.abs(g.setFraction! - 62500 / 422500) < 1e-9, `${g.setFraction}`);
  });

  it("inlines a loop callee whose callee varies from call to call: B1 is the origin, G3 its transmitter", () => {
    // F calls G3 twice; each G3 calls B1 (100 or 1100: per call, Var = 500² = 250 000) and B2 (50).
    // Per F: Y^{F|B1} = b1 + b2, independent (i odd, i/2 odd), Var = 2·250 000 = σ²_F. G3's own
    // matrix is per call: twice 250 000 ≥ 10% of σ²_F, so B1 is a candidate (000 §2.2: "treating the
    // body of G3 as implicitly inlined into F. Then B1 and B2 will directly get terms"), and the pass
    // measures Var Y^{F|B1} = 500 000: cf 1.
    const threads = run(40, (i, t) =>
      lay(
        [
          "F",
          0,
          [0, 1].map((j): Spec => [
            "G3",
            0,
            [
              ["B1", (i >> j) % 2 ? 1100 : 100, []],
              ["B2", 50, []],
            ],
          ]),
        ],
        t,
      ),
    );
    const r = analyze(threads);
    assert.deepEqual(underliers(r), ["F←B1"]);
    assert.deepEqual(
      r.segments[0].nodes.map((id) => r.nodes[id].fname),
      ["F", "G3", "B1"],
    );
    assert.ok(Math.abs(r.segments[0].cf - 1) < 1e-9, `${r.segments[0].cf}`);
  });

  it("keeps a loop callee that takes the same time in every call: the loop is the origin (000 §3.1, Listing 1)", () => {
    // F calls G3 2 or 20 times; G3 calls B1 for 100 every time. G3's own matrix is all zero: nothing
    // below it varies, so G3, standing for the loop block, keeps the back-edge.
    const threads = run(40, (i, t) =>
      lay(["F", 0, Array.from({ length: i % 2 ? 20 : 2 }, (): Spec => ["G3", 0, [["B1", 100, []]]])], t),
    );
    assert.deepEqual(underliers(analyze(threads)), ["F←G3"]);
  });
});
