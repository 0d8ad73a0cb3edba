// `varbench campaign init`: the starter spec it writes is run as written by
// `varbench campaign run`, on the real command line, and an existing file is
// never overwritten.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { PROFILER_NEEDS } from "../../engine/cct/profilerNeeds.js";

describe("campaign init", () => {
  it("writes a commented starter spec that campaign run accepts as written", () => {
    const dir = tempDir("init");
    const file = join(dir, "first.yaml");
    const r = varbench(["campaign", "init", file]);
    assert.equal(r.status, 0, r.stderr);
    const text = readFileSync(file, "utf8");
    // Every common field set, each under a comment saying what it does.
    const lines = text.split("\n");
    for (const field of [
      "project",
      "designs",
      "workloads",
      "argv",
      "features",
      "repetitions",
      "warmups",
      "profiler",
      "order",
      "timeout",
    ]) {
      const at = lines.findIndex((l) => new RegExp(`^\\s*(- )?${field}:`).test(l));
      assert.ok(at > 0, field);
      assert.match(lines[at - 1], /^\s*#/, `${field} has a comment above it`);
    }
    for (const field of [
      "name",
      "variables",
      "build",
      "cwd",
      "env",
      "inputs",
      "timing",
      "seed",
      "concurrency",
      "cpus",
      "prepare",
      "cleanup",
    ])
      assert.match(text, new RegExp(`^\\s*# ${field}:`, "m"), `${field}, commented`);
    // The alternatives are there, commented: uftrace's build with -pg and what it needs.
    assert.match(text, /^\s*# build: \[gcc, -O2, -g, -pg,/m);
    assert.ok(text.includes(PROFILER_NEEDS.uftrace.needs));
    assert.match(text, /^# timing: time$/m);

    const ws = join(dir, "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
    const run = varbench(["-w", ws, "campaign", "run", file]);
    assert.equal(run.status, 0, run.stderr);
    // 1 design × 2 workloads × (5 repetitions + 1 warm-up), all succeeded.
    assert.match(run.stdout, /campaign 1 finished: 12 succeeded/);
    const shown = JSON.parse(varbench(["-w", ws, "campaign", "show", "1", "--json"]).stdout) as unknown;
    assert.match(JSON.stringify(shown), /"small"/);
  });

  it("writes campaign.yaml by default, and never overwrites an existing file", () => {
    const dir = tempDir("init");
    assert.equal(varbench(["campaign", "init"], dir).status, 0);
    assert.match(readFileSync(join(dir, "campaign.yaml"), "utf8"), /^project: my-program$/m);
    const file = join(dir, "mine.yaml");
    writeFileSync(file, "project: mine\n");
    const r = varbench(["campaign", "init", file]);
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /mine\.yaml exists: not overwritten/);
    assert.doesNotMatch(r.stderr, /\n\s+at /, "no stack trace");
    assert.equal(readFileSync(file, "utf8"), "project: mine\n");
  });
});
