// Dominant variance analysis survives any CCT shape (issue 11): random programs
// (recursion, branches taken sometimes, loops with varying trip counts, several
// threads, heavy tails) through every step — tagging, contributions, the
// confirmation pass over the same events, extraction, merging, trimming, the
// sweep, detection patterns evaluated on a second program — with covariance on
// and off, children capped, and random parameters. Nothing may throw, the
// result must be well formed, and the confirmation pass's numbers must add up:
// every own code is a time (never negative), and a target's components sum to
// its time, so their matrix sums to its variance (000 Eq. 1–2).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { CctBuilder } from "../../engine/cct/cctBuilder.js";
import { mergeThreads } from "../../engine/cct/merge.js";
import {
  completeAnalysis,
  patternsReport,
  prepareAnalysis,
  type PreparedAnalysis,
} from "../../engine/variance/analyze.js";
import { sweep } from "../../engine/variance/sweep.js";
import { DEFAULT_PARAMETERS, type VarianceParameters } from "../../engine/variance/parameters.js";
import type { DominantVarianceResult } from "../../engine/variance/result.js";
import { programArb, runProgram, type Program } from "../helpers/randomProgram.js";

const settings = fc.record({
  covariance: fc.boolean(),
  maxChildren: fc.constantFrom(1, 2, 3, 64),
  covThreshold: fc.double({ min: 0.01, max: 1.5, noNaN: true }),
  cutoff: fc.constantFrom(0, 0.0002, 0.01, 0.1),
  minContribution: fc.constantFrom(0.01, 0.1, 0.5),
  tauS: fc.double({ min: 0, max: 1, noNaN: true }),
  beta: fc.double({ min: 0, max: 0.99, noNaN: true }),
  // The tracer's cost per call taken out (issue 28), often more than a call's time: means below 0.
  toolCost: fc.constantFrom(0, 0, 0.5, 4),
  toolCostInside: fc.double({ min: 0, max: 1, noNaN: true }),
});
type Settings = typeof settings extends fc.Arbitrary<infer S> ? S : never;

function prepare(p: Program, s: Settings): PreparedAnalysis {
  const cost = { toolCostNs: s.toolCost, toolCostInsideNs: s.toolCost * s.toolCostInside };
  const b = new CctBuilder({ covariance: s.covariance, maxCovarianceChildren: s.maxChildren, ...cost });
  runProgram(p, b);
  const cct = b.finish();
  const parameters: VarianceParameters = {
    ...DEFAULT_PARAMETERS,
    covThreshold: s.covThreshold,
    significanceCutoff: s.cutoff,
    minContribution: s.minContribution,
    tauS: s.tauS,
    beta: s.beta,
  };
  const prep = prepareAnalysis(mergeThreads(cct), cct.functions, parameters, { onCpu: false, ...cost });
  // The confirmation pass reads the same events again (000 §2.2), with the same cost taken out.
  if (prep.pass) {
    const again = new CctBuilder({ covariance: false, watch: prep.pass, ...cost });
    runProgram(p, again);
    again.finish();
  }
  return prep;
}

function checkWellFormed(r: DominantVarianceResult): void {
  const ids = new Set(r.nodes.map((n) => n.id));
  for (const n of r.nodes) {
    assert.ok(n.parent === null || ids.has(n.parent));
    for (const c of n.children) assert.equal(r.nodes[c].parent, n.id);
    assert.ok(
      Number.isFinite(n.meanNs) &&
        Number.isFinite(n.varianceNs2) &&
        n.varianceNs2 >= -1e-6 * Math.max(1, n.meanNs ** 2),
    );
    assert.ok(Number.isFinite(n.cov) && n.cov >= 0 && Number.isFinite(n.vim));
  }
  for (const s of r.segments) {
    assert.ok(s.nodes.length >= 2 && s.nodes.every((id) => ids.has(id)), "a segment joins nodes of the result");
    assert.ok(Number.isFinite(s.cf));
  }
  for (const p of r.patterns)
    assert.ok(ids.has(p.root) && r.nodes[p.root].parent === null && p.shownVim <= p.vim * (1 + 1e-9) + 1e-9);
  assert.ok(r.time && Number.isFinite(r.time.noTimeLeft.count));
  // Patterns in descending VIM as merged, the VIM that ranks them (000 §4).
  r.patterns.forEach((p, i) => assert.ok(i === 0 || p.vim <= r.patterns[i - 1].vim));
  JSON.stringify(r);
}

/** The measured matrices against the CCT: own-code means ≥ 0 (with no tracer's cost taken out: a
 * cost larger than a call's own time leaves less than nothing), Σ_ij C_ij = σ²_T (Eq. 2), N = N_T. */
function checkMeasured(prep: PreparedAnalysis): void {
  const pass = prep.pass;
  if (!pass) return;
  pass.plans.forEach((plan, p) => {
    const m = pass.matrix(p);
    const t = plan.target;
    assert.equal(m.n, prep.cols.n[t], "the pass sees every invocation of the target");
    const scale = Math.max(1, prep.cols.meanNs[t]);
    if (prep.time?.toolCostNs === 0)
      plan.components.forEach((x, i) =>
        assert.ok(!x.own || m.mean[i] >= -1e-9 * scale, `own code of component ${i} has mean ${m.mean[i]}`),
      );
    const total = m.matrix.reduce((v, c) => v + c, 0);
    const sigma2 = prep.tagging.variance[t];
    assert.ok(Math.abs(total - sigma2) <= 1e-6 * Math.max(sigma2, 1), `Σ C_ij = ${total}, σ²_T = ${sigma2}`);
  });
}

/** Programs per run. 2,000 took half the unit suite's time; the first 500 of seed 11 (fast-check
 * draws the same programs from a seed whatever the count) hold 43 that need the confirmation pass,
 * the implicit-inlining cascade where the crash was (175 of 2,000), and catch two bugs put in by
 * hand: the pass leaving an inlined callee's callees in its own code (own code counted twice, the
 * bug behind a mean of −597) at program 40, and inlining a callee whose covariance was not kept at
 * program 10. */
const RUNS = 500;

describe("dominant variance on random programs", () => {
  it("never throws in any step, and its results are well formed", () => {
    let withPass = 0;
    fc.assert(
      fc.property(programArb, programArb, settings, (p, q, s) => {
        const prep = prepare(p, s);
        if (prep.pass) withPass++;
        checkMeasured(prep);
        checkWellFormed(completeAnalysis(prep));
        const swept = sweep(prep, [0, 0.5, 1], [0, s.beta]);
        assert.equal(swept.rows.length, 6);
        const report = patternsReport(prep, prepare(q, s));
        assert.ok(report.regression && report.regression.overlap >= 0 && report.regression.overlap <= 1);
      }),
      { seed: 11, numRuns: RUNS },
    );
    // The programs reach the implicit-inlining cascade and its confirmation pass, where the crash was.
    assert.ok(withPass >= 20, `${withPass} of ${RUNS} programs needed a confirmation pass`);
  });
});
