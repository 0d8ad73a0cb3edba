// Dominant variance arithmetic against hand-worked cases and the papers'
// numbers: contribution sets (000 §2, Listing 1), the Chebyshev threshold and
// statements (000 §2.1, §8.1), the KS difference (000 §6) and merged
// statistics (000 §6.1).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { contributingSets } from "../../engine/variance/contribution.js";
import { chebyshevCovThreshold, chebyshevT } from "../../engine/variance/parameters.js";
import { softRealTime } from "../../engine/variance/realtime.js";
import { ksDifference } from "../../engine/variance/ks.js";
import { mergeStats } from "../../engine/variance/vcgTypes.js";
import { tagContexts } from "../../engine/variance/tagging.js";
import { prepareAnalysis } from "../../engine/variance/analyze.js";
import { detectionPatterns, evaluatePatterns } from "../../engine/variance/detection.js";
import { DEFAULT_PARAMETERS } from "../../engine/variance/parameters.js";
import { mergeThreads } from "../../engine/cct/merge.js";
import { cctOf, type Call } from "../helpers/memorySource.js";

/** A covariance over (self, children…) from a symmetric matrix given as rows. The matrices are
 * worked by hand as exact: n is large enough for every correlation in them to be told from chance
 * (contribution.ts, noiseCorrelation: |r| ≥ 5/√999 ≈ 0.16 counts). */
function cov(rows: number[][]) {
  return { n: 1000, mean: rows.map(() => 0), matrix: rows.flat(), childContexts: rows.slice(1).map((_, i) => i + 1) };
}

describe("variance contribution (000 §2)", () => {
  it("counts a varying loop and not two mutually exclusive callees of equal cost", () => {
    // dims: self, G1, G3 (loop), G4, G5 (exclusive): C33 = 100, C44 = C55 = 25, C45 = −25.
    const c = cov([
      [0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0],
      [0, 0, 100, 0, 0],
      [0, 0, 0, 25, -25],
      [0, 0, 0, -25, 25],
    ]);
    // σ² = 100 + 25 + 25 − 2·25 = 100. {G4} alone would be 25% of it, but the cross term couples
    // G4 and G5, and together they contribute 0.
    assert.deepEqual(contributingSets(c, 0.1), [{ dims: [2], fraction: 1 }]);
  });

  it("keeps callees that vary in synchrony together (positive cross terms)", () => {
    const c = cov([
      [0, 0, 0],
      [0, 10, 10],
      [0, 10, 10],
    ]);
    assert.deepEqual(contributingSets(c, 0.1), [{ dims: [1, 2], fraction: 1 }]);
  });

  it("can exceed 100% when other components cancel part of the variance (000 §8: 129%)", () => {
    const c = cov([
      [4, -3],
      [-3, 10],
    ]);
    // σ² = 4 + 10 − 6 = 8. Bar 0.8: |2·C01| = 6 ≥ 0.8 links self and child; each is significant on
    // its own after the cross term that diminishes it (4 − 3 = 1, 10 − 3 = 7), and they are linked:
    // one set, 100%.
    assert.deepEqual(contributingSets(c, 0.1), [{ dims: [0, 1], fraction: 1 }]);
    // Bar 6.4: 6 < 6.4 and the correlation 3/√40 = 0.47 < 0.5 no longer link them; the child,
    // 10 − 3 = 7 ≥ 6.4 after the self code's cancelling term, is a set alone: 10/8 = 125%.
    assert.deepEqual(contributingSets(c, 0.8), [{ dims: [1], fraction: 1.25 }]);
    // Bar 7.2: what the child contributes against that term, 7/8 = 87.5%, falls short.
    assert.deepEqual(contributingSets(c, 0.9), []);
  });
});

describe("Chebyshev (000 §2.1, §8.1)", () => {
  it("derives CoV 0.4 from a 200% window at 96%", () => {
    assert.ok(Math.abs(chebyshevCovThreshold(2, 0.96) - 0.4) < 1e-12);
    assert.equal(chebyshevT(0.04), 5);
  });

  it("reproduces the mpeg2enc statements of 000 §8.1", () => {
    // μ = 493.9·10⁶ cycles, γ = 0.518: < 4% probability of exceeding (1 + γ/0.2)·μ = 1.77·10⁹ cycles.
    const s = softRealTime(1, 493.9e6, 0.518);
    assert.ok(Math.abs(s.statements[0].exceedsNs - 1.773e9) < 0.001e9);
    assert.equal(s.statements[0].probability, 0.04);
    // and < 25% of exceeding (1 + γ/0.5)·μ.
    assert.ok(Math.abs(s.statements[1].exceedsNs - (1 + 0.518 / 0.5) * 493.9e6) < 1);
  });
});

describe("KS difference of Gaussians (000 §6)", () => {
  it("matches hand-computed values", () => {
    // N(0,1) vs N(1,1): 2Φ(0.5) − 1 = 0.38292.
    assert.ok(
      Math.abs(ksDifference({ n: 1, meanNs: 0, varianceNs2: 1 }, { n: 1, meanNs: 1, varianceNs2: 1 }) - 0.382925) <
        1e-5,
    );
    // N(0,1) vs N(0,2²): densities cross at ±1.3596; Φ(1.3596) − Φ(0.6798) = 0.16134.
    assert.ok(
      Math.abs(ksDifference({ n: 1, meanNs: 0, varianceNs2: 1 }, { n: 1, meanNs: 0, varianceNs2: 4 }) - 0.16134) < 1e-4,
    );
    assert.equal(ksDifference({ n: 1, meanNs: 5, varianceNs2: 2 }, { n: 1, meanNs: 5, varianceNs2: 2 }), 0);
    // Against an absent node (all mass at 0) a clearly positive metric differs almost fully.
    assert.ok(ksDifference({ n: 1, meanNs: 10, varianceNs2: 4 }, { n: 0, meanNs: 0, varianceNs2: 0 }) > 0.999);
  });
});

describe("merged statistics (000 §6.1)", () => {
  it("equal the statistics of the pooled observations", () => {
    const stats = (xs: number[]) => {
      const m = xs.reduce((s, x) => s + x, 0) / xs.length;
      return { n: xs.length, meanNs: m, varianceNs2: xs.reduce((s, x) => s + (x - m) ** 2, 0) / xs.length };
    };
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1e6 }), { minLength: 1, maxLength: 30 }),
        fc.array(fc.integer({ min: 0, max: 1e6 }), { minLength: 1, maxLength: 30 }),
        (a, b) => {
          const merged = mergeStats(stats(a), stats(b));
          const pooled = stats([...a, ...b]);
          assert.equal(merged.n, pooled.n);
          assert.ok(Math.abs(merged.meanNs - pooled.meanNs) <= 1e-9 * Math.max(1, pooled.meanNs));
          assert.ok(Math.abs(merged.varianceNs2 - pooled.varianceNs2) <= 1e-7 * Math.max(1, pooled.varianceNs2));
        },
      ),
    );
  });
});

describe("tagging and evaluation details (issue 11)", () => {
  const call = (fn: string, start: number, end: number, children: Call[] = []): Call => ({ fn, start, end, children });

  it("tags a context whose CoV is exactly the paper's 0.4", () => {
    // F takes 6 and 14: mean 10, σ 4 (population), CoV 4/10 = 0.4.
    const cct = cctOf([[call("main", 0, 30, [call("F", 1, 7), call("F", 10, 24)])]]);
    const cols = mergeThreads(cct);
    const f = [...Array(cols.size).keys()].find((c) => c > 0 && cct.functions[cols.fn[c]] === "F")!;
    const t = tagContexts(cols, DEFAULT_PARAMETERS);
    assert.equal(t.cov[f], 0.4);
    assert.equal(t.highVariant[f], 1);
  });

  it("evaluates a pattern on every occurrence in the other input, significant or not (001 §4)", () => {
    // Profiling input: G > F is high-variant. Regression input: G > F occurs, but its time is far
    // under the significance cut-off beside a long H.
    const a = cctOf([
      [call("main", 0, 1000, [call("G", 1, 500, [call("F", 2, 10), call("F", 20, 400)]), call("H", 501, 900)])],
    ]);
    const b = cctOf([
      [call("main", 0, 1e9, [call("G", 1, 30, [call("F", 2, 5), call("F", 6, 20)]), call("H", 31, 1e9 - 1)])],
    ]);
    const pa = prepareAnalysis(mergeThreads(a), a.functions, DEFAULT_PARAMETERS);
    const pb = prepareAnalysis(mergeThreads(b), b.functions, DEFAULT_PARAMETERS);
    const found = detectionPatterns(pa.cols, pa.functions, pa.tagging, DEFAULT_PARAMETERS.chebyshevProbability);
    const f = found.find((p) => p.chain.at(-1) === "F")!;
    assert.ok(f, "F is a detection pattern of the profiling input");
    const [evaluated] = evaluatePatterns(
      [f],
      pb.cols,
      pb.functions,
      pb.tagging,
      DEFAULT_PARAMETERS.chebyshevProbability,
    );
    assert.equal(pb.tagging.significant[evaluated.contexts[0]], 0, "the occurrence is insignificant there");
    assert.equal(evaluated.stats.n, 2);
  });
});

describe("implicit inlining (000 §2.2)", () => {
  /** 20 invocations of F under main; in each, G is called `calls[i]` times; each G calls K,
   * whose time alternates between 10 and 1000, so F is high-variant through G and K. */
  function program(calls: readonly number[]) {
    let t = 0;
    const fs: Call[] = calls.map((k, i) => {
      const start = ++t;
      const gs: Call[] = [];
      for (let j = 0; j < k; j++) {
        const g = ++t;
        const kd = (i + j) % 2 ? 1000 : 10;
        gs.push({
          fn: "G",
          start: g,
          end: (t += kd + 2),
          children: [{ fn: "K", start: g + 1, end: g + 1 + kd, children: [] }],
        });
      }
      return { fn: "F", start, end: ++t, children: gs };
    });
    const cct = cctOf([[{ fn: "main", start: 0, end: ++t, children: fs }]]);
    const prep = prepareAnalysis(mergeThreads(cct), cct.functions, DEFAULT_PARAMETERS);
    const ctx = (name: string) =>
      [...Array(prep.cols.size).keys()].find((c) => c > 0 && prep.functions[prep.cols.fn[c]] === name)!;
    return { prep, g: ctx("G") };
  }

  it("counts the invocations in which a callee ran exactly once", () => {
    const calls = [...Array(18).fill(1), 0, 2];
    const { prep, g } = program(calls);
    assert.equal(prep.cols.n[g], 20, "N_G = N_F: the ratio alone would call it once per invocation");
    assert.equal(prep.cols.calledOnce[g], 18);
  });

  it("inlines a callee called exactly once in more than 95% of its parent's invocations, and no other conditional callee", () => {
    // A component two levels down (F → G → K) exists only if G was inlined.
    const below = (calls: readonly number[]) =>
      program(calls).prep.plans.some((plan) => plan.components.some((x) => x.path.length === 2));
    // Always once: G is inlined and K, below it, is a component (measured by the pass).
    assert.equal(below(Array(20).fill(1)), true);
    // Once in 19 of 20 and never more: 95% is not more than 95%, and an if-statement "prevents us
    // from expressing C_22^F in terms of σ²_G2" (000 §2): not inlined.
    assert.equal(below([...Array(19).fill(1), 0]), false);
  });
});
