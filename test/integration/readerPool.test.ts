// The reader pool and the runs' kept timelines (issue 32 items 3 and 4) on a
// real campaign of examples/pool.c under uftrace, two designs × 6 runs: the
// timelines are kept when each run is recorded; the same execution patterns
// whatever the pool's size and whether the timelines were read, kept when
// recorded or on first use; once kept, no analysis reads a trace again (the
// traces are moved away and the answer stays); a reader that dies fails the
// call in words.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { ROOT, tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { VarbenchService } from "../../engine/api/service.js";
import { inProcessClient } from "../../engine/api/inProcess.js";
import { ReaderPool } from "../../engine/pool/readerPool.js";
import { Workspace } from "../../engine/store/workspace.js";
import type { TimelinesJob } from "../../engine/pool/runTimelines.js";
import { timelinesJob } from "../../engine/ingest/timelineJobs.js";

const RUNS = 12;
const SPEC = `project: examples
name: pool-small
designs:
  - name: base
    variables: { block_cost: 450000 }
  - name: fast
    variables: { block_cost: 330000 }
workloads:
  - name: workers-2
    argv: ["${join(ROOT, "examples", "build", "pool")}", "--workers", "2", "--blocks", "40", "--block-cost", "{block_cost}"]
repetitions: ${RUNS / 2}
profiler: { name: uftrace, options: [--no-event] }
order: interleaved
seed: 7
timeout: 60s
`;

function rows(ws: string, sql: string): unknown[] {
  const db = new Database(join(ws, "varbench.sqlite"));
  try {
    return sql.startsWith("SELECT") ? db.prepare(sql).all() : [db.prepare(sql).run()];
  } finally {
    db.close();
  }
}

/** A timelines job for each run recorded by uftrace in the workspace, in the runs' order. */
async function jobsOf(w: Workspace, ws: string): Promise<TimelinesJob[]> {
  const traces = rows(
    ws,
    "SELECT run_id AS runId, kind, name, path, sha256 FROM artifacts WHERE kind = 'uftrace-directory' ORDER BY run_id",
  ) as ({ runId: number } & Parameters<typeof timelinesJob>[2])[];
  const jobs: TimelinesJob[] = [];
  for (const t of traces) jobs.push(await timelinesJob(w, t.runId, t, { seed: 3, intervals: 10, dims: 15 }));
  return jobs;
}

/** A pool whose every job goes to workers running the test reader `helper` (test/helpers/). */
function workersOnly(helper: string): ReaderPool {
  return new ReaderPool({
    size: () => 2,
    memoryMb: () => 512,
    script: { url: new URL(`../helpers/${helper}`, import.meta.url) },
    readerWorthMs: 0,
    engineReads: false,
  });
}

/** `n` jobs naming no file (run ids 1…n): for test readers, which read nothing. */
function fileless(n: number): TimelinesJob[] {
  return Array.from({ length: n }, (_, i) => ({
    runId: i + 1,
    label: `run ${i + 1} uftrace.data`,
    trace: { format: "uftrace", files: {} },
    seed: 1,
    intervals: 20,
    dims: 15,
  }));
}

/** The campaign's execution patterns and the comparison of its designs, in a new engine with `readers`. */
async function analyse(ws: string, readers: string): Promise<string> {
  process.env.VARBENCH_READERS = readers;
  const service = new VarbenchService(ws, { localFiles: true, remember: false });
  try {
    const api = inProcessClient(service);
    const patterns = await api.analyses.executionPatterns({ target: { kind: "campaign", campaignId: 1 } });
    const comparison = await api.analyses.designComparison({
      a: { kind: "design", campaignId: 1, design: "base", workload: null },
      b: { kind: "design", campaignId: 1, design: "fast", workload: null },
    });
    return JSON.stringify({ patterns, comparison });
  } finally {
    await service.close();
    delete process.env.VARBENCH_READERS;
  }
}

describe("the reader pool and kept run timelines (issue 32)", () => {
  let ws: string;
  let recorded = "";
  /** `f` with the workspace's artifacts (its traces among them) moved away. */
  const withoutTraces = async <T>(f: () => Promise<T>): Promise<T> => {
    renameSync(join(ws, "artifacts"), join(ws, "artifacts-away"));
    try {
      return await f();
    } finally {
      renameSync(join(ws, "artifacts-away"), join(ws, "artifacts"));
    }
  };
  before(() => {
    process.env.VARBENCH_CONFIG_DIR = tempDir("config");
    ws = join(tempDir("pool"), "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
    const spec = join(tempDir("spec"), "pool_small.yaml");
    writeFileSync(spec, SPEC);
    const r = varbench(["-w", ws, "campaign", "run", spec]);
    assert.equal(r.status, 0, r.stderr);
  });
  after(() => delete process.env.VARBENCH_READERS);

  it("keeps each run's timelines when it is recorded, so the first analysis reads no trace", async () => {
    assert.deepEqual(rows(ws, "SELECT count(*) AS n FROM analyses WHERE kind = 'runTimelines'"), [{ n: RUNS }]);
    recorded = await withoutTraces(() => analyse(ws, "1"));
  });

  it("gives the same patterns with 1 and 2 readers, and from timelines kept on first use with the traces gone", async () => {
    rows(ws, "DELETE FROM analyses");
    const one = await analyse(ws, "1");
    assert.equal(one, recorded, "timelines made when recording and when first used are the same");
    assert.deepEqual(rows(ws, "SELECT count(*) AS n FROM analyses WHERE kind = 'runTimelines'"), [{ n: RUNS }]);
    rows(ws, "DELETE FROM analyses");
    const two = await analyse(ws, "2");
    assert.equal(two, one);
    // Kept: every analysis result dropped but the runs' timelines, and the traces moved away.
    rows(ws, "DELETE FROM analyses WHERE kind != 'runTimelines'");
    assert.equal(await withoutTraces(() => analyse(ws, "2")), one);
  });

  it("reads a run's timelines again when its kept copy is damaged", async () => {
    const before = await analyse(ws, "1");
    rows(ws, "DELETE FROM analyses WHERE kind != 'runTimelines'");
    // A row whose checksum holds but whose shape is not timelines' (written by other code): not served.
    const json = JSON.stringify({ schedulerEvents: false, pcv: { intervals: 20, dims: 15, spanNs: 1, threads: [{}] } });
    const sha = createHash("sha256").update(json).digest("hex");
    rows(
      ws,
      `UPDATE analyses SET result_json = '${json}', result_sha256 = '${sha}' WHERE id = (SELECT min(id) FROM analyses)`,
    );
    assert.equal(await analyse(ws, "1"), before);
  });

  it("reads the runs' traces in a worker thread beside the engine's own to the same timelines as in it alone", async () => {
    const w = Workspace.open(ws);
    try {
      const jobs = await jobsOf(w, ws);
      assert.equal(jobs.length, RUNS);
      const here = new ReaderPool({ size: () => 1, memoryMb: () => 512 });
      const pooled = new ReaderPool({ size: () => 2, memoryMb: () => 512, readerWorthMs: 0 });
      const done: number[] = [];
      const a = await here.read(jobs);
      const b = await pooled.read(jobs, (n) => done.push(n));
      assert.equal(here.running, 0, "a pool of one reads in this thread");
      assert.equal(pooled.running, 1, "two readers for twelve jobs: the engine's thread and a worker");
      assert.deepEqual(
        done,
        Array.from({ length: RUNS }, (_, i) => i + 1),
      );
      assert.ok(a.every((s) => s.ok && s.value.pcv !== null && s.value.pcv.threads.length >= 3));
      assert.deepEqual(b, a);
      // Two calls at once share the readers, each answered in its own jobs' order.
      const [c, d] = await Promise.all([pooled.read(jobs), pooled.read(jobs.slice(0, 6).reverse())]);
      assert.deepEqual(c, a);
      assert.deepEqual(d, a.slice(0, 6).reverse());
      assert.equal(pooled.running, 1);
      // Half the budget for each: a budget too small to split reads in this thread.
      const small = new ReaderPool({ size: () => 2, memoryMb: () => 100, readerWorthMs: 0 });
      assert.deepEqual(await small.read(jobs), a);
      assert.equal(small.running, 0);
      await pooled.close();
      assert.equal(pooled.running, 0);
      // By default a reader starts for reading worth its start (READER_WORTH_MS of the estimate): not for
      // these twelve small runs, but for a run with 100 MB of records (worth over a second); once running,
      // the readers read what would not have been worth starting them for.
      const worthy = new ReaderPool({ size: () => 2, memoryMb: () => 512 });
      assert.deepEqual(await worthy.read(jobs), a);
      assert.equal(worthy.running, 0, "twelve small runs read in this thread");
      const large = join(tempDir("reader-pool-large-"), "1.dat");
      writeFileSync(large, Buffer.alloc(100 * 2 ** 20));
      const unreadable = await worthy.read(
        [98, 99].map((runId) => ({
          ...jobs[0],
          runId,
          label: `run ${runId}`,
          trace: { format: "uftrace" as const, files: { "1.dat": large } },
        })),
      );
      assert.ok(
        unreadable.every((r) => !r.ok),
        "a folder of one zeroed file is no recording",
      );
      assert.equal(worthy.running, 1);
      assert.deepEqual(await worthy.read(jobs), a);
      assert.equal(worthy.running, 1);
      await worthy.close();
    } finally {
      w.close();
    }
  });

  it("reads on the engine's own thread while a reader has not started: no job waits for it", async () => {
    const w = Workspace.open(ws);
    try {
      const jobs = await jobsOf(w, ws);
      const here = await new ReaderPool({ size: () => 1, memoryMb: () => 512 }).read(jobs);
      const pool = new ReaderPool({
        size: () => 2,
        memoryMb: () => 512,
        script: { url: new URL("../helpers/silentReader.mjs", import.meta.url) },
        readerWorthMs: 0,
      });
      assert.deepEqual(await pool.read(jobs), here);
      assert.equal(pool.running, 1, "the reader was started, and is still starting");
      await pool.close();
    } finally {
      w.close();
    }
  });

  it("turns the event loop after each run read on the engine's own thread, so a started reader is heard", async () => {
    // Reading these runs needs no turn of the loop (small files are read in this thread): a callback
    // set before the call runs at the first turn, which must come after the first run, not after the last
    // (then a worker's "started" and "done" went unheard, and it read one run of a call).
    const w = Workspace.open(ws);
    try {
      const jobs = await jobsOf(w, ws);
      const pools = [
        new ReaderPool({ size: () => 1, memoryMb: () => 512 }),
        new ReaderPool({
          size: () => 2,
          memoryMb: () => 512,
          script: { url: new URL("../helpers/silentReader.mjs", import.meta.url) },
          readerWorthMs: 0,
        }),
      ];
      for (const pool of pools) {
        let done = 0;
        let doneAtTurn = -1;
        setImmediate(() => (doneAtTurn = done));
        await pool.read(jobs, (n) => (done = n));
        assert.equal(done, RUNS);
        assert.ok(doneAtTurn >= 0 && doneAtTurn <= 1, `the loop first turned after ${doneAtTurn} of ${RUNS} runs`);
        await pool.close();
      }
    } finally {
      w.close();
    }
  });

  it("gives a started reader its next job before it is done, and takes its answers in the jobs' order", async () => {
    const pool = workersOnly("countingReader.mjs");
    const settled = await pool.read(fileless(9));
    const said = settled.map((s) => (s.ok ? "ok" : s.error.message));
    said.forEach((m, i) => assert.match(m, new RegExp(`^run ${i + 1} held \\d$`), "each answer in its job's place"));
    // Given one job at a time, no reader would ever hold two.
    assert.ok(
      said.some((m) => m.endsWith("held 2")),
      said.join("; "),
    );
    assert.ok(
      said.every((m) => !/held [3-9]$/.test(m)),
      "never more than two",
    );
    await pool.close();
  });

  it("gives a call made just after close() to new readers, not to a closed one whose start is heard late", async () => {
    const started = new Int32Array(new SharedArrayBuffer(4));
    const pool = new ReaderPool({
      size: () => 2,
      memoryMb: () => 512,
      script: { url: new URL("../helpers/signalledReader.mjs", import.meta.url), data: { started } },
      readerWorthMs: 0,
      engineReads: false,
    });
    const first = pool.read(fileless(4));
    // A reader has said it started, and this thread has not heard it yet: it is closed first.
    Atomics.wait(started, 0, 0);
    const closed = pool.close();
    const next = pool.read(fileless(4));
    await assert.rejects(first, /the engine closed while it was reading traces/);
    assert.deepEqual(
      (await next).map((s) => s.ok),
      [true, true, true, true],
    );
    await closed;
    await pool.close();
  });

  it("fails every waiting call in words when a reader dies, and never leaves it waiting", async () => {
    // Every job to the workers, so that one is given to a reader that dies.
    const pool = workersOnly("dyingReader.mjs");
    const jobs = fileless(8);
    await assert.rejects(
      pool.read(jobs),
      /^ApiError: a trace reader stopped while reading run \d uftrace\.data: it stopped \(exit code 7\)\. Nothing in the workspace was changed\.$/,
    );
    // The pool starts new readers for the next call (which die too here) rather than waiting on dead ones.
    await assert.rejects(pool.read(jobs), /exit code 7/);
    await pool.close();
  });
});
