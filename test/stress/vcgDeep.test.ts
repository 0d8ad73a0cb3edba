// Dominant variance analysis on a recursion 20,000 calls deep with variance far
// down it (a probe crashed `varbench vcg` at 3,500 levels): main calls solve,
// solve calls rec, which calls itself DEPTH deep. solve's own code runs 0 or
// 2·A ns, rec at level SOURCE runs M ∓ D ns of its own out of step with it,
// every rec below runs 1 ns and every rec above none. So solve alone is
// high-variant (CoV ≈ 0.47 ≥ 0.4; each rec above SOURCE has CoV ≈ 0.31), the
// source's variance is 14% of solve's (≥ the 10% bar), and solve's
// decomposition inlines rec after rec down to the source's own code (000
// §2.2): a VCG pattern SOURCE levels deep, whose every node lists its whole
// call chain (so SOURCE, not DEPTH: the chains alone grow as its square). The
// renderers then take a pattern DEPTH deep. Nothing may run out of stack, and
// the numbers must be the ones worked out by hand here. No test measures time.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { CctBuilder } from "../../engine/cct/cctBuilder.js";
import { mergeThreads } from "../../engine/cct/merge.js";
import { readTextTrace } from "../../engine/trace/text/readTextTrace.js";
import {
  completeAnalysis,
  numberNodes,
  patternsReport,
  prepareAnalysis,
  type PreparedAnalysis,
} from "../../engine/variance/analyze.js";
import { sweep } from "../../engine/variance/sweep.js";
import { prioritize, subtreeVim } from "../../engine/variance/prioritize.js";
import { DEFAULT_PARAMETERS } from "../../engine/variance/parameters.js";
import type { DominantVarianceResult } from "../../engine/variance/result.js";
import type { VcgNode, VcgSegment } from "../../engine/variance/vcgTypes.js";
import { VCG_EXPORTERS } from "../../engine/report/exporters.js";
import { MAX_INDENT_DEPTH } from "../../engine/report/vcgText.js";
import { memorySource } from "../helpers/memorySource.js";
import { assertVcgWellFormed } from "../helpers/vcgWellFormed.js";

const DEPTH = 20_000;
const SOURCE = 3_000;
const INVOCATIONS = 8;
/** solve's own code: 0 or 2·A (mean A, variance A²). */
const A = 100_000;
/** The source's own code: M ∓ D (variance D²). */
const M = 110_000;
const D = 40_000;
/** The recs below the source, 1 ns each, in every rec's time from the source up. */
const BELOW = DEPTH - SOURCE;

/** The trace as `varbench-events` text. solve's own code follows 0, 1, 0, 1 and the source's
 * −, −, +, + over each four invocations: uncorrelated, so solve's variance is A² + D². */
function trace(): string {
  const lines = ["# varbench-events 1", "B 1 1 0 main"];
  let t = 1;
  for (let k = 0; k < INVOCATIONS; k++) {
    lines.push(`B 1 1 ${t} solve`);
    t += k % 2 === 0 ? 0 : 2 * A;
    for (let d = 1; d <= DEPTH; d++) {
      lines.push(`B 1 1 ${t} rec`);
      if (d === SOURCE) t += (k >> 1) % 2 === 0 ? M - D : M + D;
      else if (d > SOURCE) t += 1;
    }
    for (let d = 0; d < DEPTH; d++) lines.push(`E 1 1 ${t} rec`);
    lines.push(`E 1 1 ${t} solve`);
  }
  lines.push(`E 1 1 ${t + 1} main`);
  return lines.join("\n") + "\n";
}

const TEXT = trace();

/** Prepared analysis, its confirmation pass run over the same text. */
async function prepare(): Promise<PreparedAnalysis> {
  const builder = new CctBuilder();
  await readTextTrace(memorySource("deep.events", TEXT), builder);
  const cct = builder.finish();
  const prep = prepareAnalysis(mergeThreads(cct), cct.functions, DEFAULT_PARAMETERS);
  if (prep.pass) {
    const again = new CctBuilder({ covariance: false, watch: prep.pass });
    await readTextTrace(memorySource("deep.events", TEXT), again);
    again.finish();
  }
  return prep;
}

const close = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) <= 1e-9 * Math.abs(expected), `${what}: ${actual}, expected ${expected}`);

/** A chain of `length` VCG nodes, solve over recs, with a back-edge from the last to the first. */
function chain(length: number): VcgNode {
  const nodes: VcgNode[] = [];
  for (let i = 0; i < length; i++) {
    const parent = nodes[i - 1] ?? null;
    const x: VcgNode = {
      fname: i === 0 ? "solve" : "rec",
      type: i === 0 ? "Task" : i < length - 1 ? "Contrast" : "Contributor",
      stats: { n: 8, meanNs: 1000, varianceNs2: 100 },
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
  const seg: VcgSegment = { nodes, component: 0, stats: { n: 8, meanNs: 500, varianceNs2: 50 } };
  nodes[0].ols.push(seg);
  for (const n of nodes.slice(1)) n.cls.push(seg);
  return nodes[0];
}

describe("dominant variance on a recursion 20,000 calls deep", () => {
  it("plans, confirms, extracts, merges, trims, sweeps and reports it", async () => {
    const prep = await prepare();
    // solve alone is high-variant; its one plan reaches the source through every rec above it.
    assert.equal(prep.plans.length, 1);
    const [plan] = prep.plans;
    assert.equal(prep.functions[prep.cols.fn[plan.target]], "solve");
    assert.deepEqual(
      plan.components.map((x) => [x.own, x.path.length]),
      [
        [true, 0],
        [true, SOURCE],
        [false, SOURCE + 1],
      ],
    );
    // The pass measured solve's own code, the source's own code and the constant rest, uncorrelated.
    const m = prep.pass!.matrix(0);
    assert.equal(m.n, INVOCATIONS);
    close(m.matrix[0], A ** 2, "solve's own variance");
    close(m.matrix[4], D ** 2, "the source's own variance");
    assert.ok(Math.abs(m.matrix[1]) <= 1e-6 && m.matrix[8] === 0, "no cross term, and the recs below do not vary");

    const r = completeAnalysis(prep);
    assertVcgWellFormed(r);
    // One pattern: solve (Task), the recs in between (Contrast), the source (Contributor).
    assert.equal(r.patterns.length, 1);
    assert.equal(r.patterns[0].nodes, SOURCE + 1);
    assert.ok(Number.isFinite(r.patterns[0].vim) && r.patterns[0].vim > 0);
    const root = r.nodes[r.patterns[0].root];
    assert.deepEqual([root.fname, root.type, root.n], ["solve", "Task", INVOCATIONS]);
    close(root.meanNs, A + M + BELOW, "solve's mean");
    close(root.varianceNs2, A ** 2 + D ** 2, "solve's variance");
    assert.deepEqual(
      r.nodes.map((n) => n.type),
      ["Task", ...Array<string>(SOURCE - 1).fill("Contrast"), "Contributor"],
    );
    // The back-edge from the source to solve: its share of solve's variance (000 §6.1).
    assert.equal(r.segments.length, 1);
    assert.equal(r.segments[0].nodes.length, SOURCE + 1);
    close(r.segments[0].cf, D ** 2 / (A ** 2 + D ** 2), "cf");

    const swept = sweep(prep, [0, 0.4, 1], [0, 0.1]);
    assert.equal(swept.initial.nodes, SOURCE + 1);
    assert.ok(
      swept.rows.every((row) => row.nodes === SOURCE + 1 && row.patterns === 1),
      "a chain has nothing to merge or trim",
    );

    const report = patternsReport(prep, await prepare());
    assert.deepEqual(
      report.profiling.map((d) => d.chain),
      [["solve"]],
    );
    assert.equal(report.regression!.overlap, 1);

    for (const format of ["text", "json", "dot"] as const)
      assert.ok(String(VCG_EXPORTERS[format].render(r, { ccs: true })).length > 0);
  });

  it("renders a pattern 20,000 nodes deep as text, JSON and DOT", () => {
    const root = chain(DEPTH);
    const [kept] = prioritize([root], 0.1);
    const { nodes, segs, rootIds } = numberNodes([kept], 0.96, () => []);
    const r: DominantVarianceResult = {
      parameters: DEFAULT_PARAMETERS,
      time: null,
      cct: { contexts: DEPTH, significant: DEPTH, highVariant: 1, totalNs: 8000 },
      initial: { nodes: DEPTH, patterns: 1 },
      patterns: [{ root: rootIds[0], vim: subtreeVim(kept), shownVim: subtreeVim(kept), nodes: DEPTH }],
      nodes,
      segments: segs,
      contributions: [],
      detection: [],
      covarianceOmitted: [],
      keptApart: [],
    };
    assertVcgWellFormed(r);
    const lines = String(VCG_EXPORTERS.text.render(r, { ccs: true })).split("\n");
    assert.equal(lines.filter((l) => / rec {2}(Contrast|Contributor) /.test(l)).length, DEPTH - 1);
    // Indented by depth down to MAX_INDENT_DEPTH, then as deep with the depth written out.
    const indent = "  ".repeat(MAX_INDENT_DEPTH + 1);
    assert.ok(
      lines.includes(`${indent}(${MAX_INDENT_DEPTH}) rec  Contrast  μ=1.000 us  γ=0.010  N=8  V=8.000e+1`),
      "the last level indented by depth",
    );
    assert.ok(
      lines.includes(
        `${indent}[depth ${DEPTH - 1}] (${DEPTH - 1}) rec  Contributor  μ=1.000 us  γ=0.010  N=8  V=8.000e+1`,
      ),
      "the deepest node",
    );
    assert.ok(
      lines.some((l) => l.startsWith(`  back-edge (${DEPTH - 1}) rec ⇢ (0) solve: cf = 50.0%, through (1) rec,`)),
    );
    assert.equal((JSON.parse(String(VCG_EXPORTERS.json.render(r, {}))) as DominantVarianceResult).nodes.length, DEPTH);
    const dot = String(VCG_EXPORTERS.dot.render(r, {}));
    assert.equal(dot.split("\n").filter((l) => /^ {2}n\d+ -> n\d+;$/.test(l)).length, DEPTH - 1);
  });
});
