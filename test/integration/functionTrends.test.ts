// CF-TrendProf (paper 002 ch. 3) on the thesis's bubble sort traced by uftrace
// through the real command line: the variables of Figure 3.4 and the models of
// Figure 3.11 in shape. Counts are checked exactly against the swaps the
// program makes on its own draws; time only in shape (exponents), never in
// nanoseconds.
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT, tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { swapsOf } from "../helpers/bsort.js";
import { VarbenchService } from "../../engine/api/service.js";
import { inProcessClient } from "../../engine/api/inProcess.js";
import type { CfTrendsResult, CfVariable } from "../../engine/trend/cf/cfResult.js";

const SIZES = [25, 50, 100, 200, 400, 800];

describe("per-function empirical complexity of bubble sort under uftrace (002 ch. 3)", () => {
  let ws: string;
  const results: Partial<Record<"calls" | "time", CfTrendsResult>> = {};
  before(async () => {
    process.env.VARBENCH_CONFIG_DIR = tempDir("config");
    ws = join(tempDir("cf"), "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
    const r = varbench(["-w", ws, "campaign", "run", join(ROOT, "examples", "campaigns", "bsort_uftrace.yaml")]);
    assert.equal(r.status, 0, r.stderr);
    const service = new VarbenchService(ws, { localFiles: true, remember: false });
    try {
      for (const cost of ["calls", "time"] as const) results[cost] = await inProcessClient(service).analyses.functionTrends({ target: { kind: "campaign", campaignId: 1 }, cost });
    } finally {
      await service.close();
    }
  });
  const v = (r: CfTrendsResult, label: string): CfVariable => {
    const found = r.functions.flatMap((f) => f.variables).find((x) => x.label === label);
    assert.ok(found, `${label} in ${r.functions.map((f) => f.name).join(", ")}`);
    return found;
  };

  it("counts bsort's calls to swap per invocation exactly: one per inversion of the drawn array", () => {
    const r = results.calls!;
    assert.equal(r.runs.length, 18);
    const swaps = v(r, "calls to swap per invocation of bsort");
    for (const n of SIZES) {
      const seen = swaps.points.filter((p) => r.runs[p.workload].features.n === n).map((p) => p.mean).sort((a, b) => a - b);
      const expected = [0, 1, 2].map((seed) => swapsOf(n, seed)).sort((a, b) => a - b);
      assert.deepEqual(seen, expected, `n = ${n}`);
      // bsort runs once per workload, and its calls-cost transitive total is itself, its swaps, and nothing else.
      for (const p of v(r, "transitive-cost of bsort").points.filter((q) => r.runs[q.workload].features.n === n)) assert.ok(expected.includes(p.mean - 1));
    }
    // swap's call-count grows as n² (the thesis: 0.2n² on its inputs; here n²/4, random inversions).
    const count = v(r, "call-count of swap").best;
    const exponent = count.terms.map((t) => t.powers.n ?? 0).reduce((a, b) => Math.max(a, b));
    assert.ok(exponent >= 1.9 && exponent <= 2.05, count.text);
    // bsort is called once per workload: the constant 1, exactly (§3.4.3's score prefers it).
    assert.equal(v(r, "call-count of bsort").best.text, "1");
    assert.equal(v(r, "self-cost of swap").best.text, "1");
  });

  it("reads bsort's argument as an invocation feature, and prefers the workload's n where both fit alike (§3.4.3's V)", () => {
    const r = results.time!;
    const bsort = r.functions.find((f) => f.name === "bsort")!;
    assert.deepEqual(bsort.argNames, ["bsort.arg1"]);
    const self = v(r, "self-cost of bsort");
    for (const p of self.points) assert.deepEqual(p.args, [r.runs[p.workload].features.n]);
    const inArg = self.alternatives.find((a) => a.text.includes("bsort.arg1"));
    assert.ok(inArg && inArg.score.v === 3, "a model in the argument was considered, at V = 3");
    assert.ok(!self.best.text.includes("bsort.arg1") && self.best.score.v <= 2, self.best.text);
  });

  it("models time as Figure 3.11 does in shape: bsort's self-cost quadratic, its transitive-cost the sum of its parts", () => {
    const r = results.time!;
    // Which model wins for a time is up to the noise of the machine (§3.4.3's ℓ prefers a line when
    // the errors are close); the powerlaw considered is quadratic whatever the load: its exponent
    // comes from sizes 25 to 800, a factor of 32, and a run twice as slow moves it by 0.2 at most.
    const self = v(r, "self-cost of bsort");
    const power = self.alternatives.find((a) => a.rule === null && a.terms.length === 1 && Object.keys(a.terms[0].powers).join() === "n")!;
    assert.ok(power, self.alternatives.map((a) => a.text).join("; "));
    assert.ok(power.terms[0].powers.n >= 1.7 && power.terms[0].powers.n <= 2.3, `${power.text}: the compares, 0.5n² − 0.5n`);
    const transitive = v(r, "transitive-cost of bsort");
    // Derived 3.8 (self ⊕ calls to swap) was considered beside the direct models, with its score's parts.
    const derived = transitive.alternatives.find((a) => a.rule === "3.8");
    assert.ok(derived, transitive.alternatives.map((a) => a.rule).join(","));
    assert.ok(derived.score.total >= derived.score.error && derived.score.v === 2);
    assert.equal(r.functions[0].name, "main", "main's total-transitive-cost is the largest");
    const text = varbench(["-w", ws, "trends", "1", "--functions"]);
    assert.equal(text.status, 0, text.stderr);
    assert.match(text.stdout, /CF-TrendProf/);
    assert.match(text.stdout, /transitive-cost of calls to swap/);
    const bad = varbench(["-w", ws, "trends", "1", "--functions", "--source", "gcov"]);
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /--functions models each function's invocations from uftrace traces/);
  });
});
