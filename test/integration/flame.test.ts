// Flame graphs (issue 15) through the workbench's API on real uftrace
// recordings: a run's per-function calls, totals and self times equal
// `uftrace report`'s, for all threads and for one; a thread the run lacks and
// a thread asked of a design's runs are refused in words; a design's runs pool
// into widths per run; and the differential graph of two runs and of two designs.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildExamples, EXAMPLES_BIN, FIXTURES, tempDir, uftraceReport } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { VarbenchService } from "../../engine/api/service.js";
import { inProcessClient } from "../../engine/api/inProcess.js";
import { ApiError } from "../../engine/errors/errors.js";
import type { FlameGraph } from "../../engine/flame/flameGraph.js";
import { IN_A, IN_B } from "../../engine/flame/flameDiff.js";

const UFTRACE = join(FIXTURES, "uftrace", "0.13");
// Run 1: main and two worker threads (cruncher 5399, hasher 5400). Run 2: the chain H → U → V → W, 50 calls.
const TWO_THREADS = join(UFTRACE, "two_threads");
const CHAIN = join(UFTRACE, "variance", "nested_chain_50");
const run = (runId: number) => ({ kind: "run" as const, runId });
const design = (name: string) => ({ kind: "design" as const, campaignId: 1, design: name });

/** Campaign 1: the chain with 5 and with 10 calls, two runs each under uftrace. */
function campaignSpec(): string {
  const file = join(tempDir("flame-spec"), "chain.yaml");
  writeFileSync(
    file,
    `project: p
name: chain-flame
designs:
  - name: five
    variables: { calls: 5 }
  - name: ten
    variables: { calls: 10 }
workloads:
  - name: chain
    argv: ["${join(EXAMPLES_BIN, "nested_chain")}", "{calls}"]
repetitions: 2
profiler: { name: uftrace, options: [--no-event] }
order: sequential
timeout: 60s
`,
  );
  return file;
}

interface Totals {
  calls: number;
  totalNs: number;
  selfNs: number;
}

/** Per function, as `uftrace report` counts: every call and its own time; the total of its outermost calls only. */
function functionTotals(g: FlameGraph): Map<string, Totals> {
  const out = new Map<string, Totals>();
  const nested = (c: number, fn: number): boolean => c > 0 && (g.fn[c] === fn || nested(g.parent[c], fn));
  for (let c = 1; c < g.parent.length; c++) {
    const name = g.functions[g.fn[c]];
    const t = out.get(name) ?? { calls: 0, totalNs: 0, selfNs: 0 };
    t.calls += g.n[c];
    t.selfNs += g.selfNs[c];
    if (!nested(g.parent[c], g.fn[c])) t.totalNs += g.inclusiveNs[c];
    out.set(name, t);
  }
  return out;
}

function assertMatchesReport(g: FlameGraph, report: ReturnType<typeof uftraceReport>): void {
  const ours = functionTotals(g);
  assert.ok(report.size >= 2, "report lists functions");
  assert.deepEqual([...ours.keys()].sort(), [...report.keys()].sort(), "the functions report lists");
  for (const [name, ref] of report) {
    const mine = ours.get(name)!;
    assert.equal(mine.calls, ref.calls, `${name}: calls`);
    assert.ok(
      Math.abs(mine.totalNs - ref.totalNs) <= ref.toleranceNs,
      `${name}: total ${mine.totalNs} vs ${ref.totalNs}`,
    );
    assert.ok(Math.abs(mine.selfNs - ref.selfNs) <= ref.toleranceNs, `${name}: self ${mine.selfNs} vs ${ref.selfNs}`);
  }
}

/** Node of the call chain `chain` ("main>H"), by names. */
function node(
  g: { parent: readonly number[]; fn: readonly number[]; functions: readonly string[] },
  chain: string,
): number {
  const names = (c: number): string => (c === 0 ? "" : `${names(g.parent[c])}>${g.functions[g.fn[c]]}`);
  const found = g.parent.map((_, c) => c).filter((c) => names(c) === `>${chain}`);
  assert.equal(found.length, 1, `one node for ${chain}`);
  return found[0];
}

const rejectsWith = (code: string, path: string, message: RegExp) => (e: unknown) =>
  e instanceof ApiError && e.code === code && e.issues[0]?.path === path && message.test(e.message);

let service: VarbenchService;
let api: ReturnType<typeof inProcessClient>;

describe("flame graphs through the API", () => {
  before(() => {
    process.env.VARBENCH_CONFIG_DIR = tempDir("config");
    buildExamples();
    const ws = join(tempDir("flame"), "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
    for (const trace of [TWO_THREADS, CHAIN]) {
      const r = varbench(["-w", ws, "import", trace, "--project", "p"]);
      assert.equal(r.status, 0, r.stderr);
    }
    const r = varbench(["-w", ws, "campaign", "run", campaignSpec()]);
    assert.equal(r.status, 0, r.stderr);
    service = new VarbenchService(ws, { localFiles: true, remember: false });
    api = inProcessClient(service);
  });

  after(async () => {
    await service?.close();
  });

  it("gives a run's functions the calls, totals and self times of uftrace report", async () => {
    const g = await api.analyses.flame({ target: run(1) });
    assert.deepEqual(
      [g.runs, g.thread, g.threads.map((t) => t.key)],
      [1, null, ["5397/5397", "5397/5399", "5397/5400"]],
    );
    assertMatchesReport(g, uftraceReport(TWO_THREADS));
    // The root is every thread's top-level calls: main, cruncher and hasher (and the start-up calls).
    const top = g.parent.flatMap((p, c) => (p === 0 ? [g.inclusiveNs[c]] : []));
    assert.equal(
      g.inclusiveNs[0],
      top.reduce((s, x) => s + x, 0),
    );
    assertMatchesReport(await api.analyses.flame({ target: run(2) }), uftraceReport(CHAIN));
  });

  it("draws one thread, as uftrace report --tid counts it, and names the threads there are when asked for another", async () => {
    const g = await api.analyses.flame({ target: run(1), thread: "5399" });
    assert.equal(g.thread, "5399");
    assert.equal(g.threads.length, 3, "every thread stays on offer");
    assertMatchesReport(g, uftraceReport(TWO_THREADS, ["--tid", "5399"]));
    assert.equal(g.inclusiveNs[0], g.inclusiveNs[node(g, "cruncher")]);
    assertMatchesReport(
      await api.analyses.flame({ target: run(1), thread: "5397/5400" }),
      uftraceReport(TWO_THREADS, ["--tid", "5400"]),
    );
    await assert.rejects(
      api.analyses.flame({ target: run(1), thread: "4242" }),
      rejectsWith("not-found", "thread", /no thread 4242 in this trace; threads: 5397\/5397, 5397\/5399, 5397\/5400/),
    );
    await assert.rejects(
      api.analyses.flame({ target: run(1), thread: "main" }),
      rejectsWith("invalid-arguments", "thread", /"tid" or "pid\/tid"/),
    );
  });

  it("pools a design's runs, widths per run and N over both, and refuses a thread of them", async () => {
    const runs = (await api.runs.list({ campaignId: 1 })).filter(
      (r) => r.design === "five" && !r.warmup && r.status === "succeeded",
    );
    assert.equal(runs.length, 2);
    const pooled = await api.analyses.flame({ target: design("five") });
    assert.equal(pooled.runs, 2);
    assert.match(pooled.label, /five .*2 runs pooled/);
    assert.deepEqual(pooled.threads, []);
    const each = await Promise.all(runs.map((r) => api.analyses.flame({ target: run(r.id) })));
    for (const chain of ["main", "main>H", "main>H>U", "main>H>U>V", "main>H>U>V>W"]) {
      const [p, x, y] = [pooled, ...each].map((g) => node(g, chain));
      assert.equal(pooled.n[p], each[0].n[x] + each[1].n[y], `${chain}: N over both runs`);
      const width = (each[0].inclusiveNs[x] + each[1].inclusiveNs[y]) / 2;
      assert.ok(Math.abs(pooled.inclusiveNs[p] - width) <= 1e-9 * width, `${chain}: width per run`);
      assert.equal(pooled.minNs[p], Math.min(each[0].minNs[x], each[1].minNs[y]));
      assert.equal(pooled.maxNs[p], Math.max(each[0].maxNs[x], each[1].maxNs[y]));
    }
    assert.equal(pooled.n[node(pooled, "main>H>U>V>W")], 10, "5 calls in each of 2 runs");
    await assert.rejects(
      api.analyses.flame({ target: design("five"), thread: "1" }),
      rejectsWith("invalid-arguments", "thread", /not in a design's runs/),
    );
  });

  it("joins two runs: contexts of one side marked, each side's statistics its own graph's", async () => {
    const d = await api.analyses.flameDiff({ a: run(1), b: run(2) });
    const [ga, gb] = [await api.analyses.flame({ target: run(1) }), await api.analyses.flame({ target: run(2) })];
    const [main, create, h, cruncher] = ["main", "main>pthread_create", "main>H", "cruncher"].map((c) => node(d, c));
    assert.deepEqual(
      [d.present[0], d.present[main], d.present[create], d.present[h], d.present[cruncher]],
      [3, IN_A | IN_B, IN_A, IN_B, IN_A],
    );
    assert.deepEqual(
      [d.a.inclusiveNs[h], d.b.inclusiveNs[create], d.deltaNs[h], d.relative[h], d.welchT[h]],
      [0, 0, 0, null, null],
    );
    assert.equal(d.b.n[h], 50);
    const [ma, mb] = [node(ga, "main"), node(gb, "main")];
    assert.deepEqual([d.a.inclusiveNs[main], d.b.inclusiveNs[main]], [ga.inclusiveNs[ma], gb.inclusiveNs[mb]]);
    assert.equal(d.deltaNs[main], gb.meanNs[mb] - ga.meanNs[ma]);
    assert.equal(d.welchT[main], null, "one call of main a side");
    assert.equal(d.a.inclusiveNs[0], ga.inclusiveNs[0]);
    assert.equal(d.b.inclusiveNs[0], gb.inclusiveNs[0]);
  });

  it("joins two designs' pooled runs, and takes no campaign or trace", async () => {
    const d = await api.analyses.flameDiff({ a: design("five"), b: design("ten") });
    assert.deepEqual([d.a.runs, d.b.runs], [2, 2]);
    const w = node(d, "main>H>U>V>W");
    assert.deepEqual([d.present[w], d.a.n[w], d.b.n[w]], [3, 10, 20]);
    assert.ok(d.welchT[w] === null || Number.isFinite(d.welchT[w]));
    assert.ok(
      d.present.every((p) => p === 3),
      "the same program: every context on both sides",
    );
    await assert.rejects(
      api.analyses.flameDiff({ a: run(1), b: { kind: "campaign", campaignId: 1 } }),
      rejectsWith("invalid-arguments", "b", /^the differential flame graph takes .*; not /),
    );
  });
});
