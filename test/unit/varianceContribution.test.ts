// Contribution sets and underliers (paper 000 §2, §2.2) on cases worked by
// hand (issue 11): minimal sets, sets significant only together, a callee's
// own code as an origin beside its callees, and the cross-term test applied
// to inlined callees through the confirmation pass.
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

/** A covariance over (self, children…) from a symmetric matrix given as rows. */
function cov(rows: number[][]) {
  return { n: 10, mean: rows.map(() => 0), matrix: rows.flat(), childContexts: rows.slice(1).map((_, i) => i + 1) };
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
    const rows = Array.from({ length: 11 }, (_, i) => Array.from({ length: 11 }, (_, j) => (i === 0 || j === 0 ? 0 : i === j ? 1 : 0.5)));
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
});

/** Analyses call trees (one array per thread), the confirmation pass replaying the same events. */
function analyze(threads: readonly (readonly Call[])[]) {
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
  return completeAnalysis(prep);
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

const underliers = (r: ReturnType<typeof analyze>) => r.segments.map((s) => `${r.nodes[s.nodes[0]].fname}←${r.nodes[s.nodes.at(-1)!].fname}`).sort();

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
      const call = lay(["T", 0, [["G", 0, [["A", 1 + a, []], ["B", 1 + b, []]]], ["K", 1 + 400 - a, []]]], t);
      ts.push(call);
      t = call.end + 1;
    }
    const r = analyze([[{ fn: "main", start: -1, end: t + 1, children: ts }]]);
    // (Within G, A does vary G: G←A is right; into T it is cancelled.)
    assert.deepEqual(underliers(r).filter((u) => u.startsWith("T←")), ["T←B"]);
    const a = r.contributions.find((c) => c.descendant.at(-1) === "A")!;
    assert.ok(a.cf >= 0.1, "on its own A would pass the bar");
    assert.equal(a.confirmed, false, "but the pass measured its cross term with K");
  });
});
