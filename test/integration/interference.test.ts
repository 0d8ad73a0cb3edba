// A campaign recorded while other processes keep every CPU busy (one `yes` per
// CPU): each run stores what the others took of the machine (its helper reads
// /proc/stat around it), and the verdict and the execution patterns drawn from
// those runs say the machine was shared. The bounds are the machine's own
// arithmetic, whatever the load beside the test: the busy time can never exceed
// the CPUs × the wall time, and a `yes` per CPU leaves the program at most what
// the scheduler shares out.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { buildExamples, ROOT, tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import type { DesignVerdict } from "../../engine/verdict/designVerdict.js";
import type { DesignComparisonResult } from "../../engine/patterns/comparisonResult.js";

const CPUS = availableParallelism();
/** /proc counts in ticks of 10 ms, each of the six busy fields of a CPU apart, and the runner's time too: at worst a
 * tick per field and CPU, and two for the runner, between a run's two readings. */
const ROUNDING_NS = (6 * CPUS + 2) * 10e6;

let ws: string;
let busy: ChildProcess[] = [];
let bench: { status: number | null; stdout: string; stderr: string };

before(() => {
  process.env.VARBENCH_CONFIG_DIR = tempDir("config");
  buildExamples();
  ws = join(tempDir("interference"), "ws");
  assert.equal(varbench(["workspace", "init", ws]).status, 0);
  const dir = tempDir("interference-spec");
  const spec = join(dir, "shared.yaml");
  writeFileSync(
    spec,
    [
      "project: shared",
      "name: shared-machine",
      "designs:",
      "  - name: base",
      "    variables: { block_cost: 300000 }",
      "  - name: fast",
      "    variables: { block_cost: 200000 }",
      "workloads:",
      "  - name: workers-2",
      `    argv: ["${join(ROOT, "examples", "build", "plain", "pool")}", "--workers", "2", "--blocks", "600", "--block-cost", "{block_cost}"]`,
      "repetitions: 4",
      "profiler: { name: sampler, options: [--interval-ms=2] }",
      "timing: time",
      "timeout: 60s",
      "",
    ].join("\n"),
  );
  busy = Array.from({ length: CPUS }, () => spawn("yes", { stdio: ["ignore", "ignore", "ignore"] }));
  try {
    const r = varbench(["-w", ws, "campaign", "run", spec]);
    assert.equal(r.status, 0, r.stderr);
    // One command timed as hyperfine times it: no verdict to carry the note, so the advice says it.
    bench = varbench(["-w", join(tempDir("interference-bench"), "ws"), "bench", "--runs", "3", "sleep 0.2"]);
  } finally {
    for (const p of busy) p.kill("SIGKILL");
  }
});

after(() => {
  for (const p of busy) p.kill("SIGKILL");
});

describe("a campaign recorded on a shared machine", () => {
  it("stores with each run what other processes took of the machine while it ran", () => {
    const db = new Database(join(ws, "varbench.sqlite"), { readonly: true });
    const runs = db
      .prepare(
        "SELECT id, wall_ns AS wall, user_ns AS user, sys_ns AS sys, environment_json AS e FROM runs WHERE campaign_id = 1",
      )
      .all() as { id: number; wall: number; user: number; sys: number; e: string }[];
    db.close();
    assert.equal(runs.length, 16, "each repetition plain and under the sampler");
    let other = 0;
    let capacity = 0;
    for (const r of runs) {
      const env = JSON.parse(r.e) as { otherCpuNs: number; usableCpus: number };
      assert.equal(env.usableCpus, CPUS);
      // The run's own time is taken out of the machine's: what is left fits beside it.
      assert.ok(
        env.otherCpuNs <= r.wall * CPUS - (r.user + r.sys) + ROUNDING_NS,
        `run ${r.id}: others ${env.otherCpuNs} ns beside its own ${r.user + r.sys} ns in ${r.wall} ns × ${CPUS}`,
      );
      other += env.otherCpuNs;
      capacity += r.wall * CPUS;
    }
    // A `yes` per CPU against the pool's main and two workers: the yes processes hold at least a third of the
    // machine whatever else runs (anything else running is another process too).
    assert.ok(other / capacity >= 1 / 3, `others took ${other / capacity} of the machine`);
  });

  it("says so beside the verdict and beside the patterns compared", () => {
    const r = varbench(["-w", ws, "compare", "1", "--designs", "base,fast", "--json"]);
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout) as {
      verdict: DesignVerdict;
      patterns: { comparison: DesignComparisonResult }[];
    };
    // The verdict rests on the plain timing runs, the patterns on the sampled ones: each note names its own.
    const said = (kind: string) =>
      new RegExp(`^while these 8 ${kind} ran, other processes took (\\d+)% of the CPU time of the CPUs they could use`);
    const verdictNote = out.verdict.notes.find((n) => said("plain timing runs").test(n));
    assert.ok(verdictNote, out.verdict.notes.join("\n"));
    assert.ok(Number(said("plain timing runs").exec(verdictNote)![1]) >= 33, verdictNote);
    assert.match(verdictNote, /their times include that contention/);
    const notes = out.patterns.flatMap((p) => p.comparison.patterns.notes);
    assert.ok(
      notes.some((n) => said("profiled runs").test(n) && /relative execution speed among cores/.test(n)),
      notes.join("\n"),
    );
    // In the text a person reads, and in a single command's advice.
    const text = varbench(["-w", ws, "compare", "1", "--designs", "base,fast"]);
    assert.match(text.stdout, /other processes took \d+% of the CPU time of the CPUs they could use/);
    assert.equal(bench.status, 0, bench.stderr);
    assert.match(
      bench.stdout,
      /Advice:\n(.*\n)* {2}- While these 3 runs ran, other processes took \d+% of the CPU time/,
    );
  });
});
