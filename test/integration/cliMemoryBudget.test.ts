// The command line's engine runs under the same memory budget as the
// workbench's (issue 17 items 2 and 8): a trace that needs more memory than
// VARBENCH_ENGINE_MEMORY_MB ends the command with a message that says so,
// never V8's fatal error and its native stack, and an import cut short so
// leaves the workspace as it was. Before, the command line read in its own
// thread with no budget, and this trace (a million calls nested in one
// another) was read to the end, past a gigabyte. The budget bounds the
// engine's heap and the ingestion kernel's memory, where the tree is built
// (issue 29 item 7: under 256 MB the process still reached 960 MB), and it is
// at most the machine's memory.
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { totalmem } from "node:os";
import { join } from "node:path";
import { snapshot, varbench } from "../helpers/cli.js";
import { ROOT, tempDir } from "../helpers/uftrace.js";

const BUDGET_MB = 64;
const budget = { ...process.env, VARBENCH_ENGINE_MEMORY_MB: String(BUDGET_MB) };
/** The tree outgrows the kernel's share of the budget before the heap does. */
const OVER_BUDGET = new RegExp(
  `^varbench: thread 1/1: its calling-context tree \\(\\d+ contexts so far\\) outgrew the ${BUDGET_MB} MiB the CCT builder may use \\(the engine's memory budget of ${BUDGET_MB} MB; VARBENCH_ENGINE_MEMORY_MB sets it\\); read fewer threads or a shorter trace\n$`,
);

describe("varbench under a memory budget", () => {
  let dir: string;
  let trace: string;

  before(() => {
    dir = tempDir("varbench-cli-budget-");
    trace = join(dir, "nested.json");
    // A million B events and no E: a million nested open calls, a context each.
    const events: string[] = [];
    for (let i = 0; i < 1_000_000; i++) events.push(`{"ph":"B","name":"f${i % 1000}","pid":1,"tid":1,"ts":${i}}`);
    writeFileSync(trace, `[${events.join(",\n")}]`);
  });

  it("cct: says the trace needed more memory than the budget, and how to raise it", () => {
    const r = varbench(["cct", trace], dir, budget);
    assert.equal(r.status, 1, r.stdout + r.stderr);
    assert.match(r.stderr, OVER_BUDGET);
    assert.doesNotMatch(r.stderr, /\n\s+at |FATAL ERROR|heap out of memory/, "no stack, no V8 fatal error");
    assert.equal(r.stdout, "");
  });

  it("import: the workspace is as it was", () => {
    const ws = join(dir, "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
    const before = snapshot(ws);
    const r = varbench(["-w", ws, "import", trace, "--project", "p"], dir, budget);
    assert.equal(r.status, 1, r.stdout + r.stderr);
    assert.match(r.stderr, OVER_BUDGET);
    assert.deepEqual(snapshot(ws), before);
    assert.equal(varbench(["-w", ws, "runs", "list"]).stdout.includes("nested"), false);
  });

  it("a budget that is no whole number of megabytes ≥ 64 is refused, not ignored; an empty one is the default", () => {
    const small = join(dir, "tiny.json");
    writeFileSync(small, `[{"ph":"B","name":"main","pid":1,"tid":1,"ts":0},{"ph":"E","pid":1,"tid":1,"ts":1}]`);
    for (const value of ["abc", "0", "10", "-5", "64.5"]) {
      const r = varbench(["cct", small], dir, { ...process.env, VARBENCH_ENGINE_MEMORY_MB: value });
      assert.equal(r.status, 1, value);
      assert.equal(
        r.stderr,
        `varbench: VARBENCH_ENGINE_MEMORY_MB=${value}: expected the engine's heap budget as a whole number of megabytes, at least 64\n`,
      );
    }
    assert.equal(varbench(["cct", small], dir, { ...process.env, VARBENCH_ENGINE_MEMORY_MB: "" }).status, 0);
  });

  it("keeps the whole process near its budget: the tree's memory counts (it reached 960 MB under 256)", () => {
    // Heap and kernel at most the budget each, with Node's own and the tree's columns read out of the
    // kernel beside them: 2 × 256 + 128 MB. GNU time reports the command's peak resident set.
    const r = spawnSync(
      "/usr/bin/time",
      ["-f", "peak %M KB", process.execPath, join(ROOT, "bin", "varbench.js"), "cct", trace],
      { cwd: dir, env: { ...process.env, VARBENCH_ENGINE_MEMORY_MB: "256" }, encoding: "utf8" },
    );
    assert.equal(r.status, 1, r.stderr);
    const peakMb = Number(/peak (\d+) KB/.exec(r.stderr)![1]) / 1024;
    assert.ok(peakMb < 2 * 256 + 128, `peak ${peakMb.toFixed(0)} MB under a budget of 256 MB`);
  });

  it("refuses a budget past the machine's memory, naming it", () => {
    const small = join(dir, "tiny.json");
    writeFileSync(small, `[{"ph":"B","name":"main","pid":1,"tid":1,"ts":0},{"ph":"E","pid":1,"tid":1,"ts":1}]`);
    const machineMb = Math.floor(totalmem() / 2 ** 20);
    const r = varbench(["cct", small], dir, { ...process.env, VARBENCH_ENGINE_MEMORY_MB: "999999999" });
    assert.equal(r.status, 1);
    assert.equal(
      r.stderr,
      `varbench: VARBENCH_ENGINE_MEMORY_MB=999999999: more than this machine's memory (${machineMb} MB)\n`,
    );
    assert.equal(
      varbench(["cct", small], dir, { ...process.env, VARBENCH_ENGINE_MEMORY_MB: String(machineMb) }).status,
      0,
      "all of it is allowed",
    );
  });

  it("a trace within the budget is read as before", () => {
    const small = join(dir, "small.json");
    writeFileSync(
      small,
      `[{"ph":"B","name":"main","pid":1,"tid":1,"ts":0},{"ph":"B","name":"f","pid":1,"tid":1,"ts":1},{"ph":"E","pid":1,"tid":1,"ts":3},{"ph":"E","pid":1,"tid":1,"ts":10}]`,
    );
    const r = varbench(["cct", small, "--json"], dir, budget);
    assert.equal(r.status, 0, r.stderr);
    const { contexts } = JSON.parse(r.stdout) as { contexts: { path: string[]; meanNs: number; selfNs: number }[] };
    // main runs 0–10 µs, f 1–3 µs within it.
    assert.deepEqual(
      contexts.map((c) => [c.path.join(">"), c.meanNs, c.selfNs]),
      [
        ["main", 10000, 8000],
        ["main>f", 2000, 2000],
      ],
    );
  });
});
