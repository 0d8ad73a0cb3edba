// Dominant variance analysis on the shapes real programs give (issue 11 review):
// a recursion 10,000 calls deep and a function with 5,000 callees, through every
// step — the CCT and its calledOnce counts, tagging, contributions, the
// confirmation pass (CctBuilder's `watch`), extraction, merging, trimming, the
// sweep, detection patterns and their evaluation on a second run — and VCG
// patterns 10,000 nodes deep or 5,000 wide through merging and prioritising.
// Nothing may throw (a recursive walk runs out of stack long before 10,000),
// and the results must be well formed and mean what the papers say. No test
// here measures time.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { CctBuilder } from "../../engine/cct/cctBuilder.js";
import { mergeThreads } from "../../engine/cct/merge.js";
import type { ContextColumns } from "../../engine/cct/contextTable.js";
import { EventBatch } from "../../engine/trace/eventBatch.js";
import type { TraceSink } from "../../engine/trace/sink.js";
import {
  completeAnalysis,
  patternsReport,
  prepareAnalysis,
  type PreparedAnalysis,
} from "../../engine/variance/analyze.js";
import { sweep } from "../../engine/variance/sweep.js";
import { detectionPatterns, evaluatePatterns, type DetectionPattern } from "../../engine/variance/detection.js";
import { mergePatterns } from "../../engine/variance/merge.js";
import { prioritize, subtreeVim } from "../../engine/variance/prioritize.js";
import { DEFAULT_PARAMETERS, type VarianceParameters } from "../../engine/variance/parameters.js";
import { preorder, vim, type VcgNode } from "../../engine/variance/vcgTypes.js";
import type { DominantVarianceResult } from "../../engine/variance/result.js";
import { assertVcgWellFormed } from "../helpers/vcgWellFormed.js";

const DEPTH = 10_000;
const FAN_OUT = 5_000;
const INVOCATIONS = 20;

/** A seeded generator, so a second pass reads the same events. */
function random(seed: number): () => number {
  let state = seed;
  return () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
}

/** main calls rec, which calls itself DEPTH deep; each level runs 1–10 ns, and the innermost
 * call runs 0 or 2200 ns, so the innermost few hundred levels are high-variant and each level
 * calls the next exactly once (implicitly inlined, 000 §2.2: a confirmation pass). */
function recursion(seed: number): (sink: TraceSink) => void {
  return (sink) => {
    const rand = random(seed);
    const batch = new EventBatch(sink.thread({ pid: 1, tid: 1 }));
    const main = sink.functionId("main");
    const rec = sink.functionId("rec");
    let t = 0;
    batch.enter(main, t++);
    for (let i = 0; i < INVOCATIONS; i++) {
      for (let d = 0; d < DEPTH; d++) batch.enter(rec, (t += 1 + Math.floor(rand() * 10)));
      t += i % 2 === 0 ? 0 : 2200;
      for (let d = 0; d < DEPTH; d++) batch.exit(rec, (t += 1));
    }
    batch.exit(main, t + 1);
    batch.flush();
  };
}

/** How often dispatch calls callee h`i` in its invocation k: mostly once, sometimes twice or not at all. */
const callsOf = (i: number, k: number) => ((i + k) % 7 === 0 ? 2 : (i + k) % 11 === 0 ? 0 : 1);

/** main calls dispatch, which calls FAN_OUT callees h0, h1, …, each of which calls work; work
 * runs 1 or 51 ns and each callee some more. */
function fanOut(seed: number): (sink: TraceSink) => void {
  return (sink) => {
    const rand = random(seed);
    const batch = new EventBatch(sink.thread({ pid: 1, tid: 1 }));
    const [main, dispatch, work] = ["main", "dispatch", "work"].map((f) => sink.functionId(f));
    const callees = Array.from({ length: FAN_OUT }, (_, i) => sink.functionId(`h${i}`));
    let t = 0;
    batch.enter(main, t++);
    for (let k = 0; k < INVOCATIONS; k++) {
      batch.enter(dispatch, t++);
      callees.forEach((h, i) => {
        for (let c = 0; c < callsOf(i, k); c++) {
          batch.enter(h, t++);
          batch.enter(work, t);
          batch.exit(work, (t += rand() < 0.3 ? 51 : 1));
          batch.exit(h, (t += 1 + Math.floor(rand() * 20)));
        }
      });
      batch.exit(dispatch, t++);
    }
    batch.exit(main, t + 1);
    batch.flush();
  };
}

/** Prepared analysis of one run, its confirmation pass run over the same events. */
function analyse(feed: (sink: TraceSink) => void, parameters: VarianceParameters): PreparedAnalysis {
  const builder = new CctBuilder();
  feed(builder);
  const cct = builder.finish();
  const prep = prepareAnalysis(mergeThreads(cct), cct.functions, parameters);
  if (prep.pass) {
    const again = new CctBuilder({ covariance: false, watch: prep.pass });
    feed(again);
    again.finish();
  }
  return prep;
}

/** Names on each context's path from the root, counted without building the paths. */
function depths(cols: ContextColumns): Int32Array {
  const depth = new Int32Array(cols.size);
  for (let c = 1; c < cols.size; c++) depth[c] = depth[cols.parent[c]] + 1;
  return depth;
}

/** The path to context c ends with `chain`. */
function endsWith(
  cols: ContextColumns,
  functions: readonly string[],
  depth: Int32Array,
  c: number,
  chain: readonly string[],
): boolean {
  if (depth[c] < chain.length) return false;
  for (let i = chain.length - 1; i >= 0; i--, c = cols.parent[c]) if (functions[cols.fn[c]] !== chain[i]) return false;
  return true;
}

function checkWellFormed(r: DominantVarianceResult): void {
  assertVcgWellFormed(r);
  JSON.stringify(r);
}

/** Algorithm 1 (001 §3.2): a pattern's chain ends every one of its contexts' paths, which are
 * high-variant; and unless it is a whole path, no significant context of the function that is
 * not high-variant ends with it. */
function checkDetection(prep: PreparedAnalysis, patterns: readonly DetectionPattern[]): void {
  const { cols, functions, tagging } = prep;
  const depth = depths(cols);
  const untagged = new Map<number, number[]>();
  for (let c = 1; c < cols.size; c++)
    if (tagging.significant[c] && !tagging.highVariant[c])
      untagged.set(cols.fn[c], [...(untagged.get(cols.fn[c]) ?? []), c]);
  for (const p of patterns) {
    assert.ok(p.contexts.length > 0 && Number.isFinite(p.vim));
    for (const c of p.contexts)
      assert.ok(
        tagging.highVariant[c] && endsWith(cols, functions, depth, c, p.chain),
        "the chain ends each context's path",
      );
    if (p.chain.length === depth[p.contexts[0]]) continue;
    for (const o of untagged.get(cols.fn[p.contexts[0]]) ?? [])
      assert.ok(!endsWith(cols, functions, depth, o, p.chain), "the chain tells its contexts apart");
  }
}

/** Evaluated on another run, a pattern counts exactly the contexts that ran whose path ends with its chain. */
function checkEvaluated(prep: PreparedAnalysis, evaluated: readonly DetectionPattern[]): void {
  const { cols, functions } = prep;
  const depth = depths(cols);
  for (const p of evaluated) {
    const expected: number[] = [];
    for (let c = 1; c < cols.size; c++)
      if (cols.n[c] > 0 && endsWith(cols, functions, depth, c, p.chain)) expected.push(c);
    assert.deepEqual(p.contexts, expected);
  }
}

/** Every step after the pass, on a prepared run and a second one. */
function checkAllSteps(prep: PreparedAnalysis, second: PreparedAnalysis): void {
  // The pass saw every invocation of every target it measures.
  for (const [i, plan] of (prep.pass?.plans ?? []).entries())
    assert.equal(prep.pass!.matrix(i).n, prep.cols.n[plan.target], "a target's every invocation measured");
  const r = completeAnalysis(prep);
  checkWellFormed(r);
  assert.ok(r.detection.length > 0, "detection patterns found");
  const swept = sweep(prep, [0, 0.4, 1], [0, 0.1]);
  assert.equal(swept.rows.length, 6);
  for (const row of swept.rows) assert.ok(row.nodes >= row.patterns && row.nodes <= swept.initial.nodes);
  const found = detectionPatterns(prep.cols, prep.functions, prep.tagging, prep.parameters.chebyshevProbability);
  checkDetection(prep, found);
  checkEvaluated(
    second,
    evaluatePatterns(found, second.cols, second.functions, second.tagging, prep.parameters.chebyshevProbability),
  );
  const report = patternsReport(prep, second);
  assert.ok(report.regression && report.regression.overlap >= 0 && report.regression.overlap <= 1);
}

describe("dominant variance on deep and wide CCTs", () => {
  it("survives a recursion 10,000 calls deep through every step", () => {
    const prep = analyse(recursion(7), DEFAULT_PARAMETERS);
    const depth = depths(prep.cols);
    assert.equal(Math.max(...depth), DEPTH + 1, "main and 10,000 levels of rec");
    assert.ok(prep.pass, "rec calls itself exactly once per invocation: a confirmation pass");
    const tagged = prep.tagging.highVariant.reduce((n, x) => n + x, 0);
    assert.ok(tagged > 100 && tagged < DEPTH / 2, `the innermost levels are high-variant (${tagged})`);
    checkAllSteps(prep, analyse(recursion(8), DEFAULT_PARAMETERS));
  });

  it("survives a function with 5,000 callees through every step, and counts their single calls", () => {
    // Each callee takes 1/5,000 of the time: below the default significance cutoff.
    const parameters = { ...DEFAULT_PARAMETERS, significanceCutoff: 0 };
    const prep = analyse(fanOut(7), parameters);
    const { cols, functions } = prep;
    const dispatch = Array.from(cols.fn).findIndex((f) => functions[f] === "dispatch");
    let callees = 0;
    for (let c = 1; c < cols.size; c++) {
      const name = functions[cols.fn[c]];
      if (cols.parent[c] === dispatch) {
        // Counted by hand from callsOf: the invocations of dispatch in which h_i ran exactly once.
        const i = Number(name.slice(1));
        const once = Array.from({ length: INVOCATIONS }, (_, k) => callsOf(i, k)).filter((n) => n === 1).length;
        assert.equal(cols.calledOnce[c], once, `${name} called exactly once`);
        callees++;
      } else if (name === "work")
        assert.equal(cols.calledOnce[c], cols.n[cols.parent[c]], "work once in every call of its caller");
    }
    assert.equal(callees, FAN_OUT);
    checkAllSteps(prep, analyse(fanOut(8), parameters));
  });
});

function chain(length: number, n: number): VcgNode[] {
  const nodes: VcgNode[] = [];
  for (let i = 0; i < length; i++) {
    const parent = nodes[i - 1] ?? null;
    const x: VcgNode = {
      fname: "rec",
      type: "Task",
      stats: { n, meanNs: 1000 - i / 100, varianceNs2: 400 + i },
      ccs: new Set([i === 0 ? "main [0]" : "[0]"]),
      children: [],
      parent,
      ols: [],
      cls: [],
      contexts: [i + 1],
    };
    parent?.children.push(x);
    nodes.push(x);
  }
  return nodes;
}

function star(width: number, n: number): VcgNode {
  const root: VcgNode = {
    fname: "dispatch",
    type: "Task",
    stats: { n, meanNs: 5000, varianceNs2: 1e6 },
    ccs: new Set(["main [0]"]),
    children: [],
    parent: null,
    ols: [],
    cls: [],
    contexts: [],
  };
  for (let i = 0; i < width; i++)
    root.children.push({
      fname: `h${i}`,
      type: "Task",
      stats: { n, meanNs: 10 + i, varianceNs2: 100 },
      ccs: new Set([`[${i}]`]),
      children: [],
      parent: root,
      ols: [],
      cls: [],
      contexts: [],
    });
  return root;
}

describe("VCG patterns 10,000 deep and 5,000 wide", () => {
  it("walks, sums, merges and prioritises a pattern 10,000 nodes deep", () => {
    const nodes = chain(DEPTH, 10);
    assert.deepEqual([...preorder(nodes[0])], nodes, "pre-order is the chain");
    // σ·N summed from the innermost node out, as the definition nests (000 §4).
    let expected = 0;
    for (let i = nodes.length - 1; i >= 0; i--) expected = vim(nodes[i].stats) + expected;
    assert.equal(subtreeVim(nodes[0]), expected);
    const merged = mergePatterns(nodes[0], chain(DEPTH, 30)[0], 0.4);
    assert.ok(merged, "two like chains merge");
    const mergedNodes = [...preorder(merged.node)];
    assert.equal(mergedNodes.length, DEPTH);
    assert.ok(
      mergedNodes.every((x, i) => x.stats.n === 40 && x.parent === (mergedNodes[i - 1] ?? null)),
      "pooled statistics, one chain",
    );
    assert.equal(merged.image.get(nodes[DEPTH - 1]), mergedNodes[DEPTH - 1]);
    const [kept] = prioritize([merged.node], 0.1);
    assert.equal([...preorder(kept)].length, DEPTH, "a chain has no sibling to trim");
  });

  it("merges and prioritises a pattern with 5,000 children", () => {
    const merged = mergePatterns(star(FAN_OUT, 10), star(FAN_OUT, 30), 0.4);
    assert.ok(merged);
    assert.equal(merged.node.children.length, FAN_OUT);
    assert.ok(merged.node.children.every((c, i) => c.fname === `h${i}` && c.stats.n === 40 && c.ccs.has(`[${i}]`)));
    // VIM grows with the mean-independent σ·N, so every child ties and none is trimmed; names order ties.
    const [kept] = prioritize([merged.node], 0.1);
    assert.equal(kept.children.length, FAN_OUT);
    assert.deepEqual(
      kept.children.map((c) => c.fname),
      merged.node.children.map((c) => c.fname).sort((a, b) => a.localeCompare(b)),
    );
  });
});
