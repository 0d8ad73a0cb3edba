// Execution patterns and design comparison (paper 004) on real campaigns of
// examples/pool.c: two designs × 20 runs under uftrace and under the /proc
// sampler, run by the real command line. In about 40% of the runs main's setup
// is long, so worker 1 has finished before the tail worker starts; each run
// reports what happened (varbench:feature lines), and the expected numbers are
// computed here from the runs table, not by the analysis.
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import Database from "better-sqlite3";
import { ROOT, tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { VarbenchService } from "../../engine/api/service.js";
import { inProcessClient } from "../../engine/api/inProcess.js";
import { fitsInProcess, workspaceSize } from "../../engine/cli/inProcessEngine.js";
import type { DesignComparisonResult } from "../../engine/patterns/comparisonResult.js";
import type { ExecutionPatternsResult } from "../../engine/patterns/result.js";

interface RunFacts {
  readonly id: number;
  readonly design: string;
  readonly wallNs: number;
  readonly features: Record<string, number>;
}

/** pool.c's main (its setup) and worker 1 compute and never wait, so the share of their time they spent on a CPU
 * (setup_cpu_share, w1_cpu_share, from the program's own clocks) is how much of the machine they had: the median
 * over the runs of the smaller of the two. Measured on this 2-core machine: 0.997 idle, 0.49 with both cores busy. */
function onCpuShare(runs: readonly RunFacts[]): number {
  const shares = runs.map((x) => Math.min(x.features.setup_cpu_share, x.features.w1_cpu_share)).sort((a, b) => a - b);
  return shares[Math.floor(shares.length / 2)];
}

/** Below this share the machine's load, not the program, set the runs' timelines. */
const QUIET_ON_CPU = 0.8;

function runCampaign(ws: string, spec: string): RunFacts[] {
  const r = varbench(["-w", ws, "campaign", "run", join(ROOT, "examples", "campaigns", spec)]);
  assert.equal(r.status, 0, r.stderr);
  const db = new Database(join(ws, "varbench.sqlite"), { readonly: true });
  const rows = db
    .prepare(
      `SELECT r.id, d.name AS design, r.wall_ns AS wallNs, r.features_json AS f FROM runs r JOIN designs d ON d.id = r.design_id JOIN campaigns c ON c.id = r.campaign_id
       WHERE c.name = ? AND r.status = 'succeeded' AND r.warmup = 0 ORDER BY r.id`,
    )
    .all(spec.startsWith("pool_uftrace") ? "pool-traces" : "pool-sampled") as {
    id: number;
    design: string;
    wallNs: number;
    f: string;
  }[];
  db.close();
  return rows.map((x) => ({
    id: x.id,
    design: x.design,
    wallNs: x.wallNs,
    features: JSON.parse(x.f) as Record<string, number>,
  }));
}

const mean = (v: readonly number[]) => v.reduce((a, b) => a + b, 0) / v.length;

/** Checks that hold for any clustering: every run in one pattern, per-pattern statistics from the runs table. */
function checkConsistent(r: ExecutionPatternsResult, all: readonly RunFacts[]): void {
  // A run is left out only with a note that names it (the sampler saw no thread of a run shorter than its
  // interval on a busy machine), and never more than one in ten.
  const named = new Set(r.notes.flatMap((n) => [...(/run (\d+)\b[^;]*left out/g.exec(n) ?? [])].slice(1).map(Number)));
  const runs = all.filter((x) => !named.has(x.id));
  assert.ok(runs.length >= 0.9 * all.length, r.notes.join("; "));
  assert.deepEqual(
    r.runs.map((x) => x.runId).sort((a, b) => a - b),
    runs.map((x) => x.id),
  );
  assert.deepEqual(
    r.patterns.flatMap((p) => p.runs).sort((a, b) => a - b),
    runs.map((x) => x.id),
  );
  for (const p of r.patterns) {
    assert.ok(p.runs.includes(p.representative), `${p.name}'s representative is one of its runs`);
    const walls = p.runs.map((id) => runs.find((x) => x.id === id)!.wallNs);
    assert.ok(Math.abs(p.metric!.mean - mean(walls)) <= 1e-6 * mean(walls), `${p.name}: mean wall time of its runs`);
    assert.equal(p.metric!.n, walls.length);
  }
  assert.equal(r.discovery.length, runs.length);
  assert.equal(r.discovery[r.discovery.length - 1], r.patterns.length);
  assert.ok(r.slots.length >= 3, `main, worker 1 and the tail worker each have a slot: ${JSON.stringify(r.slots)}`);
}

/** The comparison's baselines and strategies recomputed from the runs table. */
function checkComparison(c: DesignComparisonResult, runs: readonly RunFacts[]): void {
  const wall = (d: string) => runs.filter((x) => x.design === d).map((x) => x.wallNs);
  const a = mean(wall("base"));
  const b = mean(wall("fast"));
  assert.ok(
    Math.abs(c.baselines.means!.ratio - Math.max(a, b) / Math.min(a, b)) < 1e-9,
    "ratio of means, the slower over the faster",
  );
  assert.equal(c.baselines.means!.lower, a > b ? "B" : "A");
  const common = c.rows.filter((r) => r.runsA > 0 && r.runsB > 0);
  assert.equal(
    c.matched.length,
    common.reduce((n, r) => n + Math.min(r.runsA, r.runsB), 0),
    "one-to-one within each common pattern",
  );
  if (c.matched.length > 0) {
    const logs = c.matched.reduce((s, m) => s + Math.log(m.metricA / m.metricB), 0) / c.matched.length;
    const mRun = c.strategies.mRun!.speedup;
    assert.ok(
      Math.abs((mRun.lower === "B" ? Math.log(mRun.ratio) : -Math.log(mRun.ratio)) - logs) < 1e-9,
      "M-Run: the geometric mean of the matched pairs' ratios",
    );
    for (const m of c.matched) {
      assert.equal(runs.find((x) => x.id === m.runA)!.design, "base");
      assert.equal(runs.find((x) => x.id === m.runB)!.design, "fast");
    }
  }
  // B beats A in a share of run pairs: counted here over all pairs.
  const pairs = wall("base").flatMap((x) => wall("fast").map((y) => (y < x ? 1 : y === x ? 0.5 : 0)));
  assert.ok(Math.abs(c.baselines.bLowerPairs - mean(pairs)) < 1e-12);
  assert.ok(c.verdict.length >= 3 && c.verdict.every((s) => s.endsWith(".")), c.verdict.join("\n"));
}

describe("execution patterns on real campaigns (paper 004)", () => {
  let ws: string;
  before(() => {
    process.env.VARBENCH_CONFIG_DIR = tempDir("config");
    ws = join(tempDir("patterns"), "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
  });

  it("under uftrace, groups the runs whose main thread did the long setup apart from the others", async () => {
    const runs = runCampaign(ws, "pool_uftrace.yaml");
    assert.equal(runs.length, 40);
    const service = new VarbenchService(ws, { localFiles: true, remember: false });
    const api = inProcessClient(service);
    try {
      const campaignId = 1;
      // Wall time asked for, to check the patterns' statistics against the runs table; by default a
      // uftrace campaign's patterns summarise the traces' own on-CPU time.
      assert.equal(
        (await api.analyses.executionPatterns({ target: { kind: "campaign", campaignId } })).metric.name,
        "trace-cpu",
      );
      const r = await api.analyses.executionPatterns({ target: { kind: "campaign", campaignId }, metric: "wall" });
      assert.equal(r.source, "uftrace");
      checkConsistent(r, runs);
      // The setup's length is the program's own measure (setup_ms against worker 1's time, as
      // long_setup reports it); both kinds occurred, and the patterns keep them apart: at least
      // 90% of the runs sit in a pattern whose runs mostly share their kind.
      const long = new Map(runs.map((x) => [x.id, x.features.long_setup === 1]));
      assert.ok(
        [...long.values()].filter(Boolean).length >= 3 && [...long.values()].filter((v) => !v).length >= 3,
        "both behaviours occurred",
      );
      // On a loaded machine the load's own variation can outweigh the setup's (seen with both cores kept busy,
      // main and worker 1 on a CPU about half their time: once in 5 recordings all 40 runs in one pattern, CoV 0.26).
      const onCpu = onCpuShare(runs);
      if (onCpu >= QUIET_ON_CPU) {
        assert.ok(r.patterns.length >= 2);
        const agreeing = r.patterns.reduce((n, p) => {
          const longs = p.runs.filter((id) => long.get(id)).length;
          return n + Math.max(longs, p.runs.length - longs);
        }, 0);
        assert.ok(agreeing >= 0.9 * runs.length, `${agreeing} of ${runs.length} runs in a pattern of their own kind`);
      } else
        console.log(
          `# main and worker 1 on a CPU ${onCpu} of their time (load): ${r.patterns.length} pattern(s) not checked`,
        );
      // Thread ids differ in every run; thread alignment puts main first in the slots it occupies.
      assert.ok(r.slots.some((s) => s.threadName === "main") && r.slots.some((s) => s.threadName === "worker_main"));

      const c = await api.analyses.designComparison({
        a: { kind: "design", campaignId, design: "base", workload: null },
        b: { kind: "design", campaignId, design: "fast", workload: null },
        metric: "wall",
      });
      checkComparison(c, runs);
    } finally {
      await service.close();
    }
  });

  it("under the /proc sampler, clusters every run and compares the designs from the same timelines", async () => {
    const runs = runCampaign(ws, "pool_sampler.yaml");
    assert.equal(runs.length, 40);
    const service = new VarbenchService(ws, { localFiles: true, remember: false });
    const api = inProcessClient(service);
    try {
      const campaignId = 2;
      const r = await api.analyses.executionPatterns({ target: { kind: "campaign", campaignId }, metric: "wall" });
      assert.equal(r.source, "sampler");
      checkConsistent(r, runs);
      assert.ok(
        r.slots.some((s) => s.threadName === "pool-main") && r.slots.some((s) => s.threadName === "pool-tail"),
        JSON.stringify(r.slots),
      );
      const c = await api.analyses.designComparison({
        a: { kind: "design", campaignId, design: "base", workload: null },
        b: { kind: "design", campaignId, design: "fast", workload: null },
        metric: "wall",
      });
      checkComparison(c, runs);
      // A campaign without per-thread timelines is refused with a message that says what to do.
      await assert.rejects(
        api.analyses.executionPatterns({ target: { kind: "campaign", campaignId }, source: "uftrace" }),
        /no run has per-thread timelines.*uftrace/,
      );
    } finally {
      await service.close();
    }
  });

  it("from the command line: text, CSV and a CI gate whose exit status follows the chosen strategy", () => {
    const text = varbench(["-w", ws, "execution-patterns", "1"]);
    assert.equal(text.status, 0, text.stderr);
    assert.match(text.stdout, /Execution patterns of campaign 1 \(pool-traces\)/);
    const csv = varbench(["-w", ws, "execution-patterns", "1", "--csv"]);
    assert.equal(csv.stdout.trim().split("\n").length, 41, "a header and a row per run");
    const json = varbench(["-w", ws, "compare", "1", "--designs", "fast,base", "--json"]);
    // The pool's one workload: its comparison by patterns.
    const c = (JSON.parse(json.stdout) as { patterns: { comparison: DesignComparisonResult }[] }).patterns[0]
      .comparison;
    // B = base against A = fast: the gate fails exactly when base's mean is shown higher than allowed.
    const means = c.baselines.means!;
    const worse = means.lower === "A" && means.faster === "A" ? (means.ratio - 1) * 100 : 0;
    const just = (pct: number) =>
      varbench([
        "-w",
        ws,
        "compare",
        "1",
        "--designs",
        "fast,base",
        "--strategy",
        "means",
        "--fail-if-worse",
        `${pct}%`,
      ]).status;
    if (worse > 0) {
      assert.equal(just(Math.max(0, worse - 0.5)), 2);
      assert.equal(just(worse + 0.5), 0);
    } else assert.equal(just(0), 0);
    // The reference's own runs, checked against it, all reproduce their patterns (004 §5.3).
    const check = varbench(["-w", ws, "execution-patterns", "1", "--design", "base", "--check", "design:1:base"]);
    assert.equal(check.status, 0, check.stderr);
    assert.match(check.stdout, /Every run reproduces a recorded pattern\./);
    const bad = varbench(["-w", ws, "compare", "1", "--designs", "base"]);
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /--designs: name two designs/);
    assert.doesNotMatch(bad.stderr, /at .*\.js:\d+/);
  });

  it("compares on the command's own thread on this small workspace, saying what the worker says", async () => {
    // Routed as the test means it: all its files (two 40-run campaigns, about 4 MB) within 8 MB and,
    // grown 64 times, within the default budget; past a 64 MB budget's 1 MB, in the worker.
    const args = { target: { kind: "campaign", campaignId: 1 } };
    assert.equal(await fitsInProcess("analyses.designComparison", args, 4096, workspaceSize(ws)), true);
    assert.equal(await fitsInProcess("campaigns.get", { campaignId: 1 }, 4096, workspaceSize(ws)), true);
    assert.equal(await fitsInProcess("analyses.designComparison", args, 64, workspaceSize(ws)), false);
    assert.equal(
      await fitsInProcess("campaigns.launch", {}, 4096, workspaceSize(ws)),
      false,
      "a campaign runs in the worker",
    );
    const compare = (budgetMb: string) => {
      // Nothing kept from before (but the runs' timelines): each side analyses the campaign itself.
      const db = new Database(join(ws, "varbench.sqlite"));
      db.prepare("DELETE FROM analyses WHERE kind != 'runTimelines'").run();
      db.close();
      return varbench(["-w", ws, "compare", "1", "--designs", "fast,base", "--json"], ROOT, {
        ...process.env,
        VARBENCH_ENGINE_MEMORY_MB: budgetMb,
      });
    };
    const inWorker = compare("64");
    const inProcess = compare("4096");
    assert.equal(inWorker.status, 0, inWorker.stderr);
    assert.deepEqual(inProcess, inWorker);
  });
});

/** A campaign of examples/idle_pool.c run by the command line, and its runs as the runs table has them. */
function runIdlePool(ws: string, spec: string, name: string): { campaignId: number; runs: RunFacts[] } {
  const r = varbench(["-w", ws, "campaign", "run", join(ROOT, "examples", "campaigns", spec)]);
  assert.equal(r.status, 0, r.stderr);
  const db = new Database(join(ws, "varbench.sqlite"), { readonly: true });
  const { id } = db.prepare("SELECT id FROM campaigns WHERE name = ?").get(name) as { id: number };
  const rows = db
    .prepare(
      `SELECT r.id, d.name AS design, r.wall_ns AS wallNs, r.features_json AS f FROM runs r JOIN designs d ON d.id = r.design_id WHERE r.campaign_id = ? AND r.status = 'succeeded' AND r.warmup = 0 ORDER BY r.id`,
    )
    .all(id) as { id: number; design: string; wallNs: number; f: string }[];
  db.close();
  return {
    campaignId: id,
    runs: rows.map((x) => ({
      id: x.id,
      design: x.design,
      wallNs: x.wallNs,
      features: JSON.parse(x.f) as Record<string, number>,
    })),
  };
}

/** The share of runs in patterns that runs of both designs fall in (issue 28's "patterns both recordings share"). */
function sharedShare(r: ExecutionPatternsResult, designs: readonly [string, string]): number {
  const shared = r.patterns.filter((p) => (p.groups[designs[0]] ?? 0) > 0 && (p.groups[designs[1]] ?? 0) > 0);
  return shared.reduce((n, p) => n + p.runs.length, 0) / r.runs.length;
}

/** Two designs that are the same program land in the same patterns (issue 28): nine runs in ten in patterns
 * both share; or, where fewer are, every pattern of one design alone unreproduced by the halves (and so said
 * provisional), and still half the runs shared. Recorded beside two busy loops, 4 of 40 campaigns of
 * idle_pool_twice.yaml split (none of 16 on a quiet machine), every pattern of each split unreproduced, with
 * 2 runs of one recording alone; a CI machine's load split more of them off once. Below nine in ten, a
 * pattern of one design that a half of the runs reproduces (a difference the result stands behind) fails. */
function sameDesignsAgree(r: ExecutionPatternsResult, designs: readonly [string, string]): void {
  const share = sharedShare(r, designs);
  const alone = r.patterns.filter((p) => !((p.groups[designs[0]] ?? 0) > 0 && (p.groups[designs[1]] ?? 0) > 0));
  const shape = r.patterns.map((p) => `${p.name}: ${JSON.stringify(p.groups)} (halves ${p.reproducedBy})`).join(" | ");
  assert.ok(
    share >= 0.9 || alone.every((p) => p.reproducedBy === 0),
    `${share} of the runs in patterns both designs share: ${shape}`,
  );
  assert.ok(share >= 0.5, `${share} of the runs in patterns both designs share: ${shape}`);
}

/** How much the machine's load changed the program's own speed: the largest over the smallest of the job's
 * measured time per unit of work over the runs (idle_pool.c prints job_ms and its draw job_scale). Measured on
 * this 2-core machine, 21 recordings of idle_pool_uftrace.yaml: 1.08–1.18 idle, 1.94–3.09 with both cores kept
 * busy. */
function speedSpread(runs: readonly RunFacts[]): number {
  const speeds = runs.map((x) => x.features.job_ms / x.features.job_scale);
  return Math.max(...speeds) / Math.min(...speeds);
}

/** Above this spread the machine's load, not the jitter the program draws, set the runs' speeds. */
const QUIET_SPREAD = 1.4;

/** Every pattern no half reproduces said provisional and, on a quiet machine, at most `most` patterns the halves of
 * the runs reproduce. Each split is kept at 5% in each of two Monte Carlo tests (bic.ts), so now and then timing
 * jitter passes both (measured: 1 recording in 6 of idle_pool_uftrace.yaml gave two extra patterns of 4 and 2 runs
 * of one behaviour); no half reproduces such a pattern, and the result says to treat it as provisional. On a
 * loaded machine no bound holds: paper 004 §2 counts "the relative execution speed among cores" in a pattern, and
 * a load that slows the job's worker in some runs makes patterns the halves reproduce (seen with both cores busy:
 * the long runs split by their place in the round, the first's job at half the second's speed, 4 reproduced
 * patterns; once all 24 runs in one). Returns whether the machine was quiet, so the caller knows what it checked. */
function provisionalBeyond(r: ExecutionPatternsResult, most: number, runs: readonly RunFacts[]): boolean {
  const patterns = r.patterns.map((p) => `${p.name}: ${p.runs.join(",")} (halves ${p.reproducedBy})`).join(" | ");
  for (const p of r.patterns.filter((x) => x.reproducedBy === 0))
    assert.ok(
      r.notes.some((n) => n.startsWith(`${p.name} (${p.runs.length} runs) is not reproduced`) && /provisional/.test(n)),
      `${p.name} is not reproduced and not said provisional: ${r.notes.join("\n")}`,
    );
  const spread = speedSpread(runs);
  if (spread > QUIET_SPREAD) {
    console.log(`# the job's speed varied ${spread.toFixed(2)}× over the runs (load): no bound on ${patterns}`);
    return false;
  }
  assert.ok(
    r.patterns.filter((p) => (p.reproducedBy ?? 0) > 0).length <= most,
    `${r.patterns.length} patterns (the job's speed varied ${spread.toFixed(2)}×): ${patterns}`,
  );
  return true;
}

/** Every run's thread that ran the job (the program's job_tid) sits in one slot. */
function jobSlots(r: ExecutionPatternsResult, runs: readonly RunFacts[]): Set<number> {
  return new Set(r.runs.map((x) => x.slots.indexOf(runs.find((y) => y.id === x.runId)!.features.job_tid)));
}

describe("execution patterns of a pool in which workers idle (issue 28, examples/idle_pool.c)", () => {
  let ws: string;
  let service: VarbenchService;
  let api: ReturnType<typeof inProcessClient>;
  before(() => {
    process.env.VARBENCH_CONFIG_DIR = tempDir("config");
    ws = join(tempDir("idle-pool"), "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
  });
  const open = () => {
    service = new VarbenchService(ws, { localFiles: true, remember: false });
    api = inProcessClient(service);
  };

  it("gives two identical designs of a pool of 2 the same patterns, no more than its two behaviours + 1, each behaviour in its own", async () => {
    const { campaignId, runs } = runIdlePool(ws, "idle_pool_uftrace.yaml", "idle-pool");
    assert.equal(runs.length, 24);
    open();
    try {
      const r = await api.analyses.executionPatterns({ target: { kind: "campaign", campaignId }, metric: "wall" });
      checkConsistent(r, runs);
      // main and the pool's two workers: one kind for the pool, the worker that ran the job in one slot.
      assert.deepEqual(r.slots.map((s) => s.threadName).sort(), ["main", "pool_loop", "pool_loop"]);
      assert.equal(new Set(r.slots.filter((s) => s.threadName === "pool_loop").map((s) => s.kind)).size, 1);
      assert.equal(jobSlots(r, runs).size, 1, JSON.stringify(r.runs.map((x) => x.slots)));
      // The behaviours are the program's (long_prep, from the run number); timing jitter is no behaviour.
      const long = new Map(runs.map((x) => [x.id, x.features.long_prep === 1]));
      // On a loaded machine the load's own patterns can outweigh the behaviours (once all 24 runs in one).
      if (provisionalBeyond(r, 3, runs)) {
        const agreeing = r.patterns.reduce((n, p) => {
          const longs = p.runs.filter((id) => long.get(id)).length;
          return n + Math.max(longs, p.runs.length - longs);
        }, 0);
        assert.ok(
          agreeing >= 0.9 * runs.length,
          `${agreeing} of ${runs.length} runs in a pattern of their own behaviour`,
        );
        for (const behaviour of [true, false])
          assert.ok(
            r.patterns.some((p) => p.runs.filter((id) => long.get(id) === behaviour).length > p.runs.length / 2),
            `long_prep=${behaviour}`,
          );
      }
      sameDesignsAgree(r, ["first", "second"]);
      // Recorded with --no-event: the analysis says what that means.
      assert.ok(
        r.notes.some((n) => /no trace holds scheduler events/.test(n)),
        r.notes.join("\n"),
      );
    } finally {
      await service.close();
    }
  });

  it("lands the same design recorded twice in patterns both recordings share, timing jitter in one pattern or two", async () => {
    const { campaignId, runs } = runIdlePool(ws, "idle_pool_twice.yaml", "idle-pool-twice");
    assert.equal(runs.length, 24);
    // Recorded one after the other: every run of rec1 before the first of rec2.
    assert.ok(
      Math.max(...runs.filter((x) => x.design === "rec1").map((x) => x.id)) <
        Math.min(...runs.filter((x) => x.design === "rec2").map((x) => x.id)),
    );
    open();
    try {
      const r = await api.analyses.executionPatterns({ target: { kind: "campaign", campaignId }, metric: "wall" });
      checkConsistent(r, runs);
      provisionalBeyond(r, 2, runs);
      sameDesignsAgree(r, ["rec1", "rec2"]);
      assert.equal(jobSlots(r, runs).size, 1);
    } finally {
      await service.close();
    }
  });

  it("aligns the idle workers of a pool of 4 into one kind whatever they waited in, the job's worker in one slot", async () => {
    const { campaignId, runs } = runIdlePool(ws, "idle_pool_waits.yaml", "idle-pool-waits");
    assert.equal(runs.length, 16);
    // Both ways of waiting occurred among the idle workers.
    assert.ok(runs.some((x) => x.features.timed_waiters > 0) && runs.some((x) => x.features.timed_waiters < 4));
    open();
    try {
      const r = await api.analyses.executionPatterns({ target: { kind: "campaign", campaignId }, metric: "wall" });
      checkConsistent(r, runs);
      const pool = r.slots.filter((s) => s.threadName === "pool_loop");
      assert.equal(pool.length, 4, JSON.stringify(r.slots));
      assert.equal(r.slots.length, 5);
      assert.equal(new Set(pool.map((s) => s.kind)).size, 1);
      assert.equal(jobSlots(r, runs).size, 1, JSON.stringify(r.runs.map((x) => x.slots)));
      assert.ok(!r.notes.some((n) => /scheduler events/.test(n)), r.notes.join("\n"));
    } finally {
      await service.close();
    }
  });
});
