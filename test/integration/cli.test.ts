// The varbench command end to end: init, import of every format, the CCT of a
// stored run equal to the CCT of the trace itself, and the demo.
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { readFileSync } from "node:fs";
import { buildExamples, chromeDump, record, ROOT, tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { demoWorkspace } from "../helpers/demoWorkspace.js";

describe("varbench CLI", () => {
  let trace: string;
  before(() => {
    buildExamples();
    // Without scheduler events: uftrace 0.13's Chrome export drops pre-empted switches (docs/formats.md
    // facts in the issue-2 note), and a pre-emption inside decode_p would give it a third child.
    trace = record("frame_loop", ["24", "30"], ["--no-event"]);
  });

  it("--version prints the installation's version (it was an unknown option)", () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
    for (const flag of ["--version", "-V"])
      assert.deepEqual(varbench([flag]), { status: 0, stdout: `${version}\n`, stderr: "" });
  });

  it("imports a uftrace directory and a Chrome trace; `cct <run>` equals `cct <trace>`", () => {
    const ws = join(tempDir("cli"), "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
    const a = varbench(["-w", ws, "import", trace, "--project", "demo", "--workload", "frames", "--design", "O0"]);
    assert.equal(a.status, 0, a.stderr);
    assert.match(a.stdout, /^run 1: uftrace trace, \d+ events, 1 thread/);
    const b = varbench(["-w", ws, "import", chromeDump(trace), "--project", "demo"]);
    assert.match(b.stdout, /^run 2: chrome trace/);
    const fromRun = JSON.parse(varbench(["-w", ws, "cct", "1", "--json"]).stdout);
    const fromTrace = JSON.parse(varbench(["cct", trace, "--json"]).stdout);
    const fromChromeRun = JSON.parse(varbench(["-w", ws, "cct", "2", "--json"]).stdout);
    assert.deepEqual(fromRun.contexts, fromTrace.contexts);
    assert.deepEqual(
      fromChromeRun.contexts.map((c: { path: string[] }) => c.path),
      fromTrace.contexts.map((c: { path: string[] }) => c.path),
    );
    const runs = JSON.parse(varbench(["-w", ws, "runs", "--json"]).stdout);
    assert.deepEqual(
      runs.map((r: { workload: string | null; design: string | null }) => [r.workload, r.design]),
      [
        ["frames", "O0"],
        [null, null],
      ],
    );
  });

  it("sorts by CoV and filters threads", () => {
    const two = record("two_threads", ["4"]);
    const all = JSON.parse(varbench(["cct", two, "--json"]).stdout);
    const tid = all.threads.find((t: { tid: number; pid: number }) => t.tid !== t.pid).tid;
    const one = JSON.parse(varbench(["cct", two, "--json", "--thread", String(tid)]).stdout);
    assert.ok(one.contexts.length > 0 && one.contexts.length < all.contexts.length);
    const bad = varbench(["cct", two, "--thread", "1"]);
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /no thread 1 in this trace/);
    const byCov = JSON.parse(varbench(["cct", trace, "--json", "--sort", "cov"]).stdout).contexts.map(
      (c: { cov: number }) => c.cov,
    );
    assert.deepEqual(
      byCov,
      [...byCov].sort((x: number, y: number) => y - x),
    );
  });

  it("--max-children: contexts over the limit keep no covariance and are named", () => {
    // decode_frame calls decode_i, decode_p and decode_b; main calls decode_frame, present, atoi, fprintf.
    const limited = JSON.parse(varbench(["cct", trace, "--json", "--max-children", "2"]).stdout);
    assert.ok(limited.covarianceOmitted.includes("main > decode_frame"));
    assert.ok(limited.covarianceOmitted.includes("main"));
    assert.ok(
      !limited.covarianceOmitted.includes("main > decode_frame > decode_p"),
      "two children are within the limit",
    );
    assert.deepEqual(JSON.parse(varbench(["cct", trace, "--json"]).stdout).covarianceOmitted, []);
    assert.match(
      varbench(["cct", trace, "--max-children", "2"]).stdout,
      /note: no child covariance for \d+ context\(s\) with more than 2 children: .*main > decode_frame/,
    );
    // (k + 1)² co-moments per context: a million children would ask for terabytes.
    assert.equal(
      varbench(["cct", trace, "--max-children", "1000000"]).stderr.trim(),
      "varbench: --max-children: must be at most 1024",
    );
  });

  it("rejects a run id that does not exist and a folder that is no workspace", () => {
    const ws = join(tempDir("cli2"), "ws");
    varbench(["workspace", "init", ws]);
    assert.match(varbench(["-w", ws, "cct", "42"]).stderr, /run 42 does not exist/);
    assert.match(varbench(["-w", tempDir("nows"), "runs"]).stderr, /is not a Varbench workspace/);
  });

  it("demo: imports the bundled traces once and shows hottest and most variable contexts", async () => {
    // The run's one build of the demo is `varbench demo` on an empty folder (test/helpers/demoWorkspace.ts):
    // `first` is what that command printed, and `dir` a copy of the workspace it built.
    const { dir, output } = await demoWorkspace("demo");
    const first = { stdout: output };
    // Each step said as it ends, before the report.
    assert.match(first.stdout, /^demo 1\/14: imported the example trace frame_loop as run 1 /m);
    assert.match(first.stdout, /^demo 14\/14: ran example campaign 8 .*\n[^]*most variable contexts/m);
    assert.match(first.stdout, /imported frame_loop as run 1/);
    assert.match(first.stdout, /run 1 \(frame_loop\): most variable contexts/);
    // decode_frame's per-frame work depends on the frame type, so it is highly variable.
    assert.match(first.stdout, /most variable contexts[^]*?\n\s*60 .* main > decode_frame\n/);
    assert.match(first.stdout, /campaign 1 \(frame-loop-blocks\), finished: wall time per design × workload/);
    assert.match(first.stdout, /blocks-60 +frames-120 +5 /);
    const second = varbench(["demo", "--dir", dir]);
    assert.equal(second.status, 0, second.stderr);
    assert.doesNotMatch(second.stdout, /imported|ran example campaign/);
    assert.match(second.stdout, /campaign 1 \(frame-loop-blocks\), finished/);
  });
});
