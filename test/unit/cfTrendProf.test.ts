// CF-TrendProf (paper 002 ch. 3) on call streams written out by hand: the
// variables of §3.3.2 per invocation and per workload, the score of §3.4.3
// worked by hand, and the derived models of §3.4.2 recovering exact costs.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { EventBatch } from "../../engine/trace/eventBatch.js";
import { RunFrameSink } from "../../engine/trend/cf/frameSink.js";
import { CfFrames, type CfCost } from "../../engine/trend/cf/invocationFrames.js";
import { cfTrendProf } from "../../engine/trend/cf/cfTrendProf.js";
import { perWorkload } from "../../engine/trend/cf/groupStats.js";
import { scoreModel } from "../../engine/trend/cf/modelScore.js";
import { constant, linear } from "../../engine/trend/cf/symbolicModel.js";
import { calleesFirst } from "../../engine/trend/cf/callOrder.js";
import type { CfFunction } from "../../engine/trend/cf/cfResult.js";

type Call = [string, Call[]] | [string, Call[], number];

/** Feeds one run's calls (name, callees[, self ns]) into `frames` as workload `w`, 1 ns of self time per call unless given. */
function feed(frames: CfFrames, w: number, root: Call): void {
  const sink = new RunFrameSink(frames, w);
  const thread = sink.thread({ pid: 1, tid: 1 });
  const batch = new EventBatch(thread);
  let t = 0;
  const walk = ([name, callees, self = 1]: Call) => {
    const fn = sink.functionId(name);
    batch.enter(fn, t);
    t += self;
    for (const c of callees) walk(c);
    batch.exit(fn, t);
  };
  walk(root);
  batch.flush();
  sink.finish();
}

function analyse(sizes: readonly number[], program: (n: number) => Call, cost: CfCost = "calls"): CfFunction[] {
  const frames = new CfFrames(sizes.length, cost);
  sizes.forEach((n, w) => feed(frames, w, program(n)));
  return cfTrendProf({ units: frames.finish(), features: [{ name: "n", values: sizes }] });
}

const variable = (fns: readonly CfFunction[], fn: string, label: string) =>
  fns.find((f) => f.name === fn)!.variables.find((v) => v.label === label)!;
const SIZES = [10, 20, 40, 80, 160];

describe("CF-TrendProf (002 ch. 3)", () => {
  it("scores models as §3.4.3 does, α = 1111 preferring the constant for small costs", () => {
    const x = [1, 2, 3];
    const value = (g: { workload: number }) => x[g.workload];
    const small = perWorkload([10, 20, 30]);
    // Constant 20: S_y = √(200 / (3 − 2)) = 14.142; 100·14.142 / (1111 + 20) = 1.2504; ℓ = 0, V = 0, t = 0.01.
    const c = scoreModel(constant(20), small, value, () => "workload");
    assert.ok(Math.abs(c.score.total - 1.2604) < 1e-4, String(c.score.total));
    // 10·n fits exactly: error 0, ℓ = 0 (simple linear), V = 2 (one workload feature), t = 0.02 (two terms).
    const l = scoreModel(linear("n", 0, 10), small, value, () => "workload");
    assert.ok(Math.abs(l.score.total - 2.02) < 1e-9, String(l.score.total));
    assert.ok(c.score.total < l.score.total, "below α the constant wins");
    // A hundred times the cost: the constant's error is 100·1414.2 / 3111 = 45.46, and the line wins.
    const big = perWorkload([1000, 2000, 3000]);
    assert.ok(Math.abs(scoreModel(constant(2000), big, value, () => "workload").score.error - 45.459) < 1e-3);
    assert.ok(scoreModel(linear("n", 0, 1000), big, value, () => "workload").score.total < 45);
  });

  it("derives exact transitive costs from the parts: 1 + n² for the sort, 2 + n² for main (rules 3.3/3.8, 3.7, 3.9)", () => {
    // main calls sort once; sort calls swap n² times (calls: each call costs 1).
    const fns = analyse(SIZES, (n) => ["main", [["sort", Array.from({ length: n * n }, (): Call => ["swap", []])]]]);
    assert.equal(fns[0].name, "main");
    const swapSelf = variable(fns, "swap", "self-cost of swap");
    assert.equal(swapSelf.best.text, "1");
    assert.equal(
      swapSelf.observations,
      SIZES.reduce((s, n) => s + n * n, 0),
    );
    assert.equal(variable(fns, "swap", "call-count of swap").best.text, "n^2");
    const calls = variable(fns, "sort", "calls to swap per invocation of sort");
    assert.equal(calls.best.text, "n^2");
    const sortT = variable(fns, "sort", "transitive-cost of sort");
    assert.equal(sortT.best.text, "n^2 + 1");
    assert.ok(sortT.best.rule === "3.3" || sortT.best.rule === "3.8", String(sortT.best.rule));
    assert.ok(sortT.best.standardError < 1e-6);
    assert.ok(
      sortT.alternatives.some((a) => a.rule === null && /^[\d.]+·n\^[\d.]+$/.test(a.text)),
      "the direct powerlaw was considered",
    );
    const mainT = variable(fns, "main", "transitive-cost of main");
    assert.equal(mainT.best.text, "n^2 + 2");
    assert.equal(variable(fns, "main", "total-transitive-cost of main").best.text, "n^2 + 2");
    assert.equal(fns.find((f) => f.name === "main")!.maxTotalTransitive, 2 + 160 * 160);
  });

  it("keeps a recursion's entry apart from its recursive calls, and counts its total once", () => {
    // fact(n) calls itself down to 1: one entry call, n − 1 recursive ones.
    const fact = (n: number): Call => ["fact", n > 1 ? [fact(n - 1)] : []];
    const fns = analyse(SIZES, (n) => ["main", [fact(n)]]);
    const entry = fns.find((f) => f.name === "fact")!;
    const rec = fns.find((f) => f.name === "fact (recursive)")!;
    assert.equal(rec.recursive, true);
    assert.equal(variable(fns, "fact", "call-count of fact").best.text, "1");
    assert.equal(variable(fns, "fact (recursive)", "call-count of fact (recursive)").best.text, "n − 1");
    assert.equal(entry.maxTotalTransitive, 160);
    // The recursive calls' total counts the outermost of them only: n − 1, not (n − 1) + (n − 2) + …
    assert.equal(rec.maxTotalTransitive, 159);
    assert.equal(variable(fns, "fact", "transitive-cost of fact").best.text, "n");
  });

  it("measures on-CPU time per invocation: self is the time outside callees", () => {
    // work has 5n ns of its own and calls leaf n times, 3 ns each.
    const fns = analyse(SIZES, (n) => ["work", Array.from({ length: n }, (): Call => ["leaf", [], 3]), 5 * n], "time");
    assert.equal(variable(fns, "work", "self-cost of work").best.text, "5·n");
    assert.equal(variable(fns, "work", "transitive-cost of work").best.text, "8·n");
    assert.equal(variable(fns, "leaf", "self-cost of leaf").best.text, "3");
  });

  it("orders functions callees first, a recursion's members together, at any depth", () => {
    // 0 → 1 → 2 → 1 (a cycle), 2 → 3.
    const order = calleesFirst([[1], [2], [1, 3], []]);
    assert.deepEqual(
      order.indexOf(3) < order.indexOf(2) && order.indexOf(2) < order.indexOf(0) && order.indexOf(1) < order.indexOf(0),
      true,
    );
    const chain = Array.from({ length: 200_000 }, (_, i) => (i + 1 < 200_000 ? [i + 1] : []));
    assert.equal(calleesFirst(chain)[0], 199_999);
  });
});

describe("CF-TrendProf's invocation features (002 §3.3.1)", () => {
  /** The labels of uftrace's spec "work@arg1", one array for every entry as the reader gives them. */
  const ARG1 = ["arg1"];
  /** One run: main calls work(k) for k = 1…m, work's own time 3k µs, as uftrace -A work@arg1 records it
   * (µs, not ns: §3.4.3's α = 1111 makes a cost of a few dozen units not worth modelling beyond its mean). */
  function run(frames: CfFrames, w: number, m: number): void {
    const sink = new RunFrameSink(frames, w);
    const batch = new EventBatch(sink.thread({ pid: 1, tid: 1 }));
    const [main, work] = [sink.functionId("main"), sink.functionId("work")];
    let t = 0;
    batch.enter(main, t++);
    for (let k = 1; k <= m; k++) {
      batch.enter(work, t, -1, { labels: ARG1, values: [k] });
      t += 3000 * k;
      batch.exit(work, t);
    }
    batch.exit(main, t + 1);
    batch.flush();
    sink.finish();
  }

  it("models a function's cost in its own argument, and its callers' in the workload's features", () => {
    const sizes = [4, 8, 16, 32];
    const frames = new CfFrames(sizes.length, "time");
    sizes.forEach((m, w) => run(frames, w, m));
    const fns = cfTrendProf({ units: frames.finish(), features: [{ name: "m", values: sizes }] });
    const work = fns.find((f) => f.name === "work")!;
    assert.deepEqual(work.argNames, ["work.arg1"]);
    const self = variable(fns, "work", "self-cost of work");
    assert.equal(self.best.text, "3000·work.arg1");
    // §3.4.3's V: 3 for an invocation feature.
    assert.equal(self.best.score.v, 3);
    assert.equal(
      self.points.length,
      sizes.reduce((s, m) => s + m, 0),
      "one point per (workload, argument)",
    );
    // Per workload, work's total is Σ 3000k = 1500m² + 1500m: no argument is known there.
    const total = variable(fns, "work", "total-self-cost of work");
    assert.ok(total.alternatives.every((a) => !a.text.includes("work.arg1")));
    // main's calls to work cost 1500m² + 1500m per invocation: a model in m, not in work's argument.
    const via = variable(fns, "main", "transitive-cost of calls from main to work");
    assert.ok(
      via.alternatives.every((a) => !a.text.includes("work.arg1")),
      via.alternatives.map((a) => a.text).join("; "),
    );
  });
});

describe("CF-TrendProf's multi-feature models (002 §3.4.2)", () => {
  it("adds sub-models in different features: n for the loop of its own, m² for its callee", () => {
    // Workloads on a grid of (n, m); f has n µs of its own and calls g, which takes m² µs.
    const grid = [4, 8, 16, 32].flatMap((n) => [3, 9, 27].map((m) => ({ n, m })));
    const frames = new CfFrames(grid.length, "time");
    grid.forEach(({ n, m }, w) => feed(frames, w, ["f", [["g", [], 1000 * m * m]], 1000 * n]));
    const fns = cfTrendProf({
      units: frames.finish(),
      features: [
        { name: "n", values: grid.map((x) => x.n) },
        { name: "m", values: grid.map((x) => x.m) },
      ],
    });
    const t = variable(fns, "f", "transitive-cost of f");
    assert.equal(t.best.text, "1000·m^2 + 1000·n");
    // V: two workload features, 2 each.
    assert.equal(t.best.score.v, 4);
    assert.ok(t.best.rule === "3.3" || t.best.rule === "3.8");
    assert.ok(t.best.standardError < 1e-6);
  });
});
