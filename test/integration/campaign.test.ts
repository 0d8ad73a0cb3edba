// Campaigns through the real CLI on real processes: crash and resume, timeouts
// and cancel with no process left behind, failed starts, invalid specs.
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { availableParallelism } from "node:os";
import { buildExamples, record, ROOT, tempDir, uftraceReport } from "../helpers/uftrace.js";
import { snapshot, varbench } from "../helpers/cli.js";
import { Workspace } from "../../engine/store/workspace.js";

function workspace(): string {
  const ws = join(tempDir("campaign"), "ws");
  assert.equal(varbench(["workspace", "init", ws]).status, 0);
  return ws;
}

function spec(dir: string, body: string): string {
  const file = join(dir, "campaign.yaml");
  writeFileSync(file, `project: test\ndesigns:\n  - name: only\n${body}`);
  return file;
}

function query<T>(ws: string, sql: string, ...args: unknown[]): T[] {
  const w = Workspace.open(ws);
  try {
    return w.db.prepare(sql).all(...args) as T[];
  } finally {
    w.close();
  }
}

/** Processes whose command line holds `marker` (the test's own pgrep aside). */
function processesWith(marker: string): string[] {
  try {
    return execFileSync("pgrep", ["-af", marker], { encoding: "utf8" })
      .trim()
      .split("\n")
      .filter((l) => l && !l.includes("pgrep"));
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

/** `varbench campaign run` of `file` in a process of its own, once one of its runs is running (or
 * after 10 s); `exited` settles with its exit status. */
async function runnerWithARunGoing(
  ws: string,
  file: string,
): Promise<{ runner: ChildProcess; exited: Promise<number | null> }> {
  const runner = spawn(process.execPath, [join(ROOT, "bin", "varbench.js"), "-w", ws, "campaign", "run", file], {
    stdio: "ignore",
  });
  const exited = new Promise<number | null>((ok) => runner.on("exit", ok));
  for (
    let i = 0;
    i < 200 && query<{ n: number }>(ws, "SELECT count(*) AS n FROM runs WHERE status = 'running'")[0]?.n !== 1;
    i++
  ) {
    await new Promise((ok) => setTimeout(ok, 50));
  }
  return { runner, exited };
}

const sleepMarker = () => `0.3${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`;

describe("campaigns", () => {
  before(buildExamples);

  it("runs the example campaign: every run succeeds, features from stderr are recorded", () => {
    const ws = workspace();
    const r = varbench([
      "-w",
      ws,
      "campaign",
      "run",
      join(ROOT, "examples", "campaigns", "frame_loop.yaml"),
      "--seed",
      "3",
    ]);
    assert.equal(r.status, 0, r.stderr);
    // The program's version is the spec folder's git revision where it is in a git checkout (issue 33).
    assert.match(r.stdout, /campaign 1: 24 runs planned \(seed 3, interleaved(, version [0-9a-f]{12}(-dirty)?)?\)/);
    assert.match(r.stdout, /campaign 1 finished: 24 succeeded/);
    const features = query<{ f: string }>(ws, "SELECT features_json AS f FROM runs").map((x) => JSON.parse(x.f).frames);
    assert.ok(features.every((f) => f === 120 || f === 240));
    const show = JSON.parse(varbench(["-w", ws, "campaign", "show", "1", "--json"]).stdout);
    assert.equal(show.groups.length, 4);
    assert.equal(show.measure.name, "wall", "time campaigns answer in wall time");
    assert.ok(
      show.groups.every((g: { summary: { n: number } }) => g.summary.n === 5),
      "five measured runs each, warm-ups aside",
    );
    assert.match(
      varbench(["-w", ws, "campaign", "show", "1", "--csv"]).stdout,
      /^design,workload,measure,unit,n,mean,median,std,/,
    );
  });

  it("uftrace profiler: each run keeps its trace and CCT, and call counts are the program's", () => {
    const ws = workspace();
    const file = spec(
      tempDir("spec"),
      `workloads:\n  - name: frames\n    argv: ["${join(ROOT, "examples", "build", "frame_loop")}", "36", "40"]\nrepetitions: 2\nprofiler: { name: uftrace, options: [--no-event] }\n`,
    );
    const r = varbench(["-w", ws, "campaign", "run", file]);
    assert.equal(r.status, 0, r.stderr);
    const kinds = query<{ kind: string }>(ws, "SELECT kind FROM artifacts WHERE run_id = 1 ORDER BY kind").map(
      (a) => a.kind,
    );
    assert.deepEqual(kinds, ["cct", "stderr", "stdout", "uftrace-directory"]);
    const cct = JSON.parse(varbench(["-w", ws, "cct", "2", "--json"]).stdout);
    const frame = cct.contexts.find((c: { path: string[] }) => c.path.join(">") === "main>decode_frame");
    assert.equal(frame.n, 36, "decode_frame runs once per frame");
    assert.match(
      JSON.parse(query<{ e: string }>(ws, "SELECT environment_json AS e FROM runs WHERE id = 1")[0].e).profiler,
      /^uftrace v0\.13/,
    );
  });

  it("callgrind profiler: each run keeps its callgrind output and table", () => {
    const ws = workspace();
    const file = spec(
      tempDir("spec"),
      `workloads:\n  - name: chain\n    argv: ["${join(ROOT, "examples", "build", "plain", "nested_chain")}", "7"]\nrepetitions: 1\nprofiler: callgrind\n`,
    );
    assert.equal(varbench(["-w", ws, "campaign", "run", file]).status, 0);
    const kinds = query<{ kind: string }>(ws, "SELECT kind FROM artifacts WHERE run_id = 1 ORDER BY kind").map(
      (a) => a.kind,
    );
    assert.deepEqual(kinds, ["callgrind-out", "callgrind-table", "stderr", "stdout"]);
  });

  it("gcov profiler: the design is built with --coverage once, counters reset per run, counts equal uftrace's", () => {
    const ws = workspace();
    const source = join(ROOT, "examples", "frame_loop.c");
    const file = spec(
      tempDir("spec"),
      `    build: [gcc, --coverage, -O0, -o, "{build_dir}/frame_loop", "${source}"]\nworkloads:\n  - name: frames\n    argv: ["{build_dir}/frame_loop", "24", "40"]\nrepetitions: 2\nprofiler: gcov\n`,
    );
    const r = varbench(["-w", ws, "campaign", "run", file]);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(
      query<{ status: string }>(ws, "SELECT status FROM runs").map((x) => x.status),
      ["succeeded", "succeeded"],
    );
    const report = uftraceReport(record("frame_loop", ["24", "40"], ["--no-event"]));
    for (const runId of [1, 2]) {
      const [art] = query<{ path: string }>(
        ws,
        "SELECT path FROM artifacts WHERE run_id = ? AND kind = 'gcov-table'",
        runId,
      );
      const table = JSON.parse(readFileSync(join(ws, art.path), "utf8")) as {
        functions: { name: string; executionCount: number }[];
      };
      const counts = new Map(table.functions.map((f) => [f.name, f.executionCount]));
      // Run 2 sees its own counts only: the counters were reset before it.
      for (const fn of [
        "main",
        "decode_frame",
        "decode_i",
        "decode_p",
        "decode_b",
        "idct_block",
        "motion_compensate",
        "present",
      ]) {
        assert.equal(counts.get(fn), report.get(fn)?.calls, `run ${runId}: ${fn}`);
      }
    }
  });

  it("perf profiler: software counters recorded, unsupported ones said plainly", () => {
    const ws = workspace();
    const file = spec(
      tempDir("spec"),
      `workloads:\n  - name: frames\n    argv: ["${join(ROOT, "examples", "build", "frame_loop")}", "24", "40"]\nrepetitions: 1\nprofiler: perf\n`,
    );
    assert.equal(varbench(["-w", ws, "campaign", "run", file]).status, 0);
    const [run] = query<{ status: string; message: string | null }>(ws, "SELECT status, message FROM runs");
    assert.equal(run.status, "succeeded");
    const [art] = query<{ path: string }>(ws, "SELECT path FROM artifacts WHERE kind = 'perf-counters'");
    const { counters } = JSON.parse(readFileSync(join(ws, art.path), "utf8")) as {
      counters: { event: string; value: number | null; status: string }[];
    };
    const byEvent = new Map(counters.map((c) => [c.event, c]));
    assert.ok((byEvent.get("task-clock")?.value ?? 0) > 0, "task-clock counted");
    assert.ok((byEvent.get("page-faults")?.value ?? 0) > 0, "page-faults counted");
    const unsupported = counters.filter((c) => c.status !== "counted").map((c) => c.event);
    if (unsupported.length > 0)
      assert.equal(run.message, `perf: ${unsupported.join(", ")} not supported on this machine`);
    else assert.equal(run.message, null);
  });

  it("sampler profiler: per-thread series of CPU time, CPU and switches", () => {
    const ws = workspace();
    const file = spec(
      tempDir("spec"),
      `workloads:\n  - name: threads\n    argv: ["${join(ROOT, "examples", "build", "plain", "two_threads")}", "30000"]\nrepetitions: 1\nprofiler: { name: sampler, options: [--interval-ms=2] }\n`,
    );
    assert.equal(varbench(["-w", ws, "campaign", "run", file]).status, 0);
    const [art] = query<{ path: string }>(ws, "SELECT path FROM artifacts WHERE kind = 'samples'");
    const data = JSON.parse(readFileSync(join(ws, art.path), "utf8")) as {
      intervalMs: number;
      threads: { tid: number; pid: number; cpuNs: number[]; cpu: number[] }[];
    };
    assert.equal(data.intervalMs, 2);
    const sampled = data.threads.filter((t) => t.cpuNs.length >= 3);
    assert.ok(sampled.filter((t) => t.tid !== t.pid).length >= 2, "both worker threads were sampled");
    const cores = availableParallelism();
    for (const t of sampled) {
      assert.ok(
        t.cpuNs.every((v, i) => i === 0 || v >= t.cpuNs[i - 1]),
        "CPU time never goes back",
      );
      assert.ok(
        t.cpu.every((c) => Number.isInteger(c) && c >= 0 && c < cores),
        "a real CPU id",
      );
    }
  });

  it("cpus pins the workload: every sample is on the named CPU", () => {
    const ws = workspace();
    const file = spec(
      tempDir("spec"),
      `workloads:\n  - name: threads\n    argv: ["${join(ROOT, "examples", "build", "plain", "two_threads")}", "20000"]\nrepetitions: 1\ncpus: "0"\nprofiler: { name: sampler, options: [--interval-ms=2] }\n`,
    );
    assert.equal(varbench(["-w", ws, "campaign", "run", file]).status, 0);
    const [art] = query<{ path: string }>(ws, "SELECT path FROM artifacts WHERE kind = 'samples'");
    const cpus = (
      JSON.parse(readFileSync(join(ws, art.path), "utf8")) as { threads: { cpu: number[] }[] }
    ).threads.flatMap((t) => t.cpu);
    assert.ok(cpus.length > 0);
    assert.deepEqual([...new Set(cpus)], [0]);
  });

  it("concurrency runs runs side by side; prepare and cleanup run around each run", () => {
    const ws = workspace();
    const dir = tempDir("spec");
    const log = join(dir, "log");
    const file = spec(
      dir,
      `workloads:\n  - name: nap\n    argv: [sleep, "0.4"]\nrepetitions: 4\nconcurrency: 2\nprepare: [sh, -c, "echo prepare >> ${log}"]\ncleanup: [sh, -c, "echo cleanup >> ${log}"]\n`,
    );
    assert.equal(varbench(["-w", ws, "campaign", "run", file]).status, 0);
    const runs = query<{ s: string; f: string }>(
      ws,
      "SELECT started_at AS s, finished_at AS f FROM runs ORDER BY ordinal",
    );
    const overlaps = runs.some((a, i) => runs.some((b, j) => i < j && a.s < b.f && b.s < a.f));
    assert.ok(overlaps, "two runs were in progress at once");
    const lines = readFileSync(log, "utf8").trim().split("\n");
    assert.deepEqual(
      [lines.filter((l) => l === "prepare").length, lines.filter((l) => l === "cleanup").length],
      [4, 4],
    );
  });

  it("measures each workload's input files (bytes, lines) as features of its runs, and fails a run whose input is missing", () => {
    const ws = workspace();
    const dir = tempDir("spec");
    writeFileSync(join(dir, "small.txt"), "one\ntwo\nthree"); // 13 bytes, 3 lines (the last without a newline)
    writeFileSync(join(dir, "big.txt"), "a\n".repeat(50)); // 100 bytes, 50 lines
    const file = spec(
      dir,
      `workloads:\n  - name: small\n    argv: [/bin/true]\n    inputs: ["small.txt"]\n  - name: both\n    argv: [/bin/true]\n    inputs: ["{spec_dir}/small.txt", "big.txt"]\n  - name: gone\n    argv: [/bin/true]\n    inputs: ["missing.txt"]\nrepetitions: 1\n`,
    );
    assert.equal(varbench(["-w", ws, "campaign", "run", file]).status, 0);
    const rows = query<{ w: string; status: string; f: string; message: string | null }>(
      ws,
      "SELECT w.name AS w, r.status, r.features_json AS f, r.message FROM runs r JOIN workloads w ON w.id = r.workload_id ORDER BY w.name",
    );
    const by = new Map(rows.map((r) => [r.w, r]));
    assert.deepEqual(JSON.parse(by.get("small")!.f), { input_bytes: 13, input_lines: 3 });
    assert.deepEqual(JSON.parse(by.get("both")!.f), {
      input_1_bytes: 13,
      input_1_lines: 3,
      input_2_bytes: 100,
      input_2_lines: 50,
      input_bytes: 113,
      input_lines: 53,
    });
    assert.equal(by.get("gone")!.status, "failed");
    assert.match(by.get("gone")!.message!, /input .*missing\.txt is not a file the run can read/);
  });

  it("a failing prepare step fails the run and says so", () => {
    const ws = workspace();
    const file = spec(
      tempDir("spec"),
      `workloads:\n  - name: w\n    argv: [/bin/true]\nrepetitions: 1\nprepare: [sh, -c, "exit 4"]\n`,
    );
    assert.equal(varbench(["-w", ws, "campaign", "run", file]).status, 0);
    const [run] = query<{ status: string; message: string }>(ws, "SELECT status, message FROM runs");
    assert.deepEqual([run.status, run.message], ["failed", "prepare step failed: sh exited with code 4"]);
  });

  it("a design whose build fails: its runs fail with the build's message", () => {
    const ws = workspace();
    const file = spec(
      tempDir("spec"),
      `    build: [sh, -c, "echo no compiler today >&2; exit 3"]\nworkloads:\n  - name: w\n    argv: [/bin/true]\nrepetitions: 2\n`,
    );
    assert.equal(varbench(["-w", ws, "campaign", "run", file]).status, 0);
    const runs = query<{ status: string; message: string }>(ws, "SELECT status, message FROM runs");
    assert.deepEqual(
      runs.map((x) => x.status),
      ["failed", "failed"],
    );
    assert.match(runs[0].message, /build of design only failed \(sh -c .*: exited with code 3\): no compiler today/);
  });

  it("kill -9 of the runner mid-campaign, then resume: no run lost, none doubled, nothing left running", async () => {
    const ws = workspace();
    const dir = tempDir("spec");
    const marker = sleepMarker();
    const file = spec(
      dir,
      `workloads:\n  - name: nap\n    argv: [sleep, "${marker}"]\nrepetitions: 8\norder: sequential\n`,
    );
    const runner = spawn(process.execPath, [join(ROOT, "bin", "varbench.js"), "-w", ws, "campaign", "run", file], {
      stdio: "ignore",
    });
    const exited = new Promise((ok) => runner.on("exit", ok));
    // Kill it while a run is in progress, after two have finished.
    for (let i = 0; i < 400; i++) {
      const n = (status: string) =>
        query<{ n: number }>(ws, "SELECT count(*) AS n FROM runs WHERE status = ?", status)[0].n;
      if (n("succeeded") >= 2 && n("running") === 1) break;
      await new Promise((ok) => setTimeout(ok, 20));
    }
    runner.kill("SIGKILL");
    await exited;
    const resumed = varbench(["-w", ws, "campaign", "resume", "1"]);
    assert.equal(resumed.status, 0, resumed.stderr);
    const runs = query<{ ordinal: number; status: string }>(
      ws,
      "SELECT ordinal, status FROM runs ORDER BY ordinal, id",
    );
    const final = runs.filter((r) => r.status !== "interrupted");
    assert.deepEqual(
      final.map((r) => r.ordinal),
      [0, 1, 2, 3, 4, 5, 6, 7],
      "each planned run exactly once",
    );
    assert.ok(final.every((r) => r.status === "succeeded"));
    assert.equal(runs.length - final.length, 1, "the run in progress was interrupted and run again");
    assert.deepEqual(processesWith(`sleep ${marker}`), []);
    assert.equal(query<{ status: string }>(ws, "SELECT status FROM campaigns")[0].status, "finished");
  });

  it("a workload that never ends is stopped at its timeout with its whole process group", () => {
    const ws = workspace();
    const marker = `3${sleepMarker()}`;
    const file = spec(
      tempDir("spec"),
      `workloads:\n  - name: forever\n    argv: [sh, -c, "sleep ${marker} & sleep ${marker}; wait"]\nrepetitions: 1\ntimeout: 500ms\n`,
    );
    const r = varbench(["-w", ws, "campaign", "run", file]);
    assert.equal(r.status, 0, r.stderr);
    const [run] = query<{ status: string; message: string }>(ws, "SELECT status, message FROM runs");
    assert.equal(run.status, "timed-out");
    assert.match(run.message, /still running after 0\.5 s and was stopped/);
    assert.deepEqual(processesWith(`sleep ${marker}`), [], "no process of the run is left");
  });

  it("a missing program and a non-executable file each give a failed run with a clear message", () => {
    const ws = workspace();
    const dir = tempDir("spec");
    const script = join(dir, "not-executable.sh");
    writeFileSync(script, "#!/bin/sh\necho hi\n");
    chmodSync(script, 0o644);
    const file = spec(
      dir,
      `workloads:\n  - name: missing\n    argv: [/nonexistent/program]\n  - name: noexec\n    argv: ["${script}"]\nrepetitions: 1\n`,
    );
    assert.equal(varbench(["-w", ws, "campaign", "run", file]).status, 0);
    const runs = query<{ workload: string; status: string; message: string }>(
      ws,
      "SELECT w.name AS workload, r.status, r.message FROM runs r JOIN workloads w ON w.id = r.workload_id ORDER BY w.name",
    );
    assert.deepEqual(
      runs.map((r) => [r.workload, r.status]),
      [
        ["missing", "failed"],
        ["noexec", "failed"],
      ],
    );
    assert.equal(runs[0].message, "cannot run /nonexistent/program: No such file or directory");
    assert.equal(runs[1].message, `cannot run ${script}: Permission denied`);
  });

  it("an invalid spec gives field-level errors with lines and changes nothing", () => {
    const ws = workspace();
    const file = spec(tempDir("spec"), `workloads:\n  - name: w\n    argv: []\nrepetitions: -1\n`);
    const before = snapshot(ws);
    const r = varbench(["-w", ws, "campaign", "run", file]);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /campaign\.yaml:6: workloads\.0\.argv: needs at least the program/);
    assert.match(r.stderr, /campaign\.yaml:7: repetitions:/);
    assert.deepEqual(snapshot(ws), before);
  });

  it("Ctrl+C and SIGTERM cancel the campaign like `campaign cancel`; the command exits as one ended by the signal", async () => {
    for (const [signal, status] of [
      ["SIGINT", 130],
      ["SIGTERM", 143],
    ] as const) {
      const ws = workspace();
      const marker = `2${sleepMarker()}`;
      const file = spec(tempDir("spec"), `workloads:\n  - name: nap\n    argv: [sleep, "${marker}"]\nrepetitions: 4\n`);
      const { runner, exited } = await runnerWithARunGoing(ws, file);
      runner.kill(signal);
      assert.equal(await exited, status, signal);
      assert.deepEqual(
        query<{ status: string }>(ws, "SELECT status FROM runs").map((r) => r.status),
        ["cancelled", "cancelled", "cancelled", "cancelled"],
        signal,
      );
      assert.equal(query<{ status: string }>(ws, "SELECT status FROM campaigns")[0].status, "cancelled", signal);
      assert.deepEqual(processesWith(`sleep ${marker}`), [], `${signal}: no process of the run is left`);
    }
  });

  it("an engine over its memory budget mid-campaign: the command says so, the run in progress is queued again, and resume finishes", () => {
    const ws = workspace();
    // A recursion 60,000 calls deep, imported after its run: more than a 64 MB engine holds.
    const file = spec(
      tempDir("spec"),
      `workloads:\n  - name: deep\n    argv: ["${join(ROOT, "examples", "build", "deep_stack")}", "60000", "2"]\nrepetitions: 2\nprofiler: { name: uftrace, options: [--max-stack=65535] }\n`,
    );
    const r = varbench(["-w", ws, "campaign", "run", file], ROOT, { ...process.env, VARBENCH_ENGINE_MEMORY_MB: "64" });
    assert.equal(r.status, 1, r.stdout + r.stderr);
    // Before it, the first uftrace campaign on this machine says that it measures uftrace's own cost.
    assert.match(
      r.stderr,
      /^varbench: the engine stopped: it needed more memory than the engine's budget of 64 MB \(VARBENCH_ENGINE_MEMORY_MB sets it\)\. Campaign 1 stopped; run \d+ was interrupted and is queued again: `varbench campaign resume 1` goes on\.\n(?![\s\S])/m,
    );
    assert.deepEqual(
      query<{ status: string }>(ws, "SELECT status FROM runs ORDER BY status").map((x) => x.status),
      ["interrupted", "queued", "queued"],
    );
    const resumed = varbench(["-w", ws, "campaign", "resume", "1"]);
    assert.equal(resumed.status, 0, resumed.stderr);
    assert.deepEqual(
      query<{ status: string }>(ws, "SELECT status FROM runs ORDER BY status").map((x) => x.status),
      ["interrupted", "succeeded", "succeeded"],
    );
    assert.equal(query<{ status: string }>(ws, "SELECT status FROM campaigns")[0].status, "finished");
  });

  it("cancel from another process stops the running campaign and its current run", async () => {
    const ws = workspace();
    const marker = `2${sleepMarker()}`;
    const file = spec(tempDir("spec"), `workloads:\n  - name: nap\n    argv: [sleep, "${marker}"]\nrepetitions: 5\n`);
    const { exited } = await runnerWithARunGoing(ws, file);
    assert.match(varbench(["-w", ws, "campaign", "cancel", "1"]).stdout, /asked runner \d+ to cancel/);
    assert.equal(await exited, 0);
    const statuses = query<{ status: string }>(ws, "SELECT status FROM runs ORDER BY ordinal").map((r) => r.status);
    assert.deepEqual(statuses, ["cancelled", "cancelled", "cancelled", "cancelled", "cancelled"]);
    assert.equal(query<{ status: string }>(ws, "SELECT status FROM campaigns")[0].status, "cancelled");
    assert.deepEqual(processesWith(`sleep ${marker}`), []);
  });
});
