// What a run's page shows, on real runs of the examples made by the real
// command line: the command as it ran (the design's build folder filled in),
// a callgrind run's instructions per function against callgrind_annotate, and
// a gcov run's line counts against gcov's own annotated source.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildExamples, ROOT, tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { Workspace } from "../../engine/store/workspace.js";
import { VarbenchService } from "../../engine/api/service.js";
import { inProcessClient } from "../../engine/api/inProcess.js";
import type { CallgrindCosts, GcovCosts } from "../../engine/trace/locationCosts.js";

const services: VarbenchService[] = [];
after(() => services.forEach((s) => s.close()));

function api(ws: string) {
  const s = new VarbenchService(ws);
  services.push(s);
  return inProcessClient(s);
}

/** The stored file of one of a run's artifacts. */
function artifactPath(ws: string, runId: number, kind: string): string {
  const w = Workspace.open(ws);
  try {
    const path = w.db.prepare("SELECT path FROM artifacts WHERE run_id = ? AND kind = ?").pluck().get(runId, kind);
    return join(ws, String(path));
  } finally {
    w.close();
  }
}

/** callgrind_annotate's PROGRAM TOTALS and its rows (function → self, inclusive), read from its own output. */
function annotate(file: string): { total: number; rows: Map<string, { self: number; inclusive: number }> } {
  let total = NaN;
  const rows = new Map<string, { self: number; inclusive: number }>();
  for (const inclusive of [false, true]) {
    const out = execFileSync(
      "callgrind_annotate",
      [`--inclusive=${inclusive ? "yes" : "no"}`, "--threshold=100", file],
      {
        encoding: "utf8",
      },
    );
    for (const l of out.split("\n")) {
      const m = /^\s*([\d,]+) \([\d. %]+\)\s+(\S.*?)\s*$/.exec(l);
      if (!m) continue;
      const v = Number(m[1].replace(/,/g, ""));
      if (m[2] === "PROGRAM TOTALS") total = v;
      else {
        const fn = m[2].replace(/ \[.*\]$/, "").replace(/^.*:/, "");
        const o = rows.get(fn) ?? { self: 0, inclusive: 0 };
        rows.set(fn, inclusive ? { ...o, inclusive: Math.max(o.inclusive, v) } : { ...o, self: o.self + v });
      }
    }
  }
  return { total, rows };
}

/** gcov's annotated source (`gcov -t -b`): each executable line's count and text, and each function's calls. */
function gcovText(buildDir: string, gcda: string) {
  const out = execFileSync("gcov", ["-t", "-b", gcda], { cwd: buildDir, encoding: "utf8" });
  const lines: { line: number; count: number; text: string }[] = [];
  const calls = new Map<string, number>();
  for (const l of out.split("\n")) {
    const f = /^function (\S+) called (\d+)/.exec(l);
    if (f) calls.set(f[1], Number(f[2]));
    const m = /^\s*([\d#]+)\*?:\s*(\d+):(.*)$/.exec(l);
    if (m) lines.push({ line: Number(m[2]), count: m[1].startsWith("#") ? 0 : Number(m[1]), text: m[3] });
  }
  return { lines, calls };
}

function workspace(): string {
  const ws = join(tempDir("runpages"), "ws");
  assert.equal(varbench(["workspace", "init", ws]).status, 0);
  return ws;
}

/** Runs a one-design campaign whose program is built in `{build_dir}` from an example's source. */
function runCampaign(ws: string, program: string, args: readonly string[], profiler: string, flags: string[]): void {
  const file = join(tempDir("spec"), "campaign.yaml");
  const source = join(ROOT, "examples", `${program}.c`);
  writeFileSync(
    file,
    [
      "project: test",
      "designs:",
      "  - name: O0",
      `    build: [gcc, ${flags.join(", ")}, -O0, -g, -o, "{build_dir}/${program}", "${source}"]`,
      "workloads:",
      `  - { name: w, argv: ["{build_dir}/${program}", ${args.map((a) => `"${a}"`).join(", ")}] }`,
      "repetitions: 1",
      `profiler: ${profiler}`,
      "",
    ].join("\n"),
  );
  const r = varbench(["-w", ws, "campaign", "run", file]);
  assert.equal(r.status, 0, r.stderr);
}

describe("a run's page", () => {
  before(buildExamples);

  it("shows the command as it ran: {build_dir} is the design's build folder", () => {
    const ws = workspace();
    runCampaign(ws, "recursion", ["5", "3"], "time", ["-Wall"]);
    const shown = JSON.parse(varbench(["-w", ws, "runs", "show", "1"]).stdout) as { argv: string[] };
    assert.deepEqual(shown.argv, [join(ws, "builds", "campaign-1", "O0", "recursion"), "5", "3"]);
  });

  it("of a callgrind run: Ir per function and the program total, as callgrind_annotate prints them", async () => {
    const ws = workspace();
    runCampaign(ws, "recursion", ["6", "4"], "callgrind", ["-Wall"]);
    const costs = (await api(ws).runs.locationCosts({ runId: 1 })) as CallgrindCosts;
    assert.equal(costs.profiler, "callgrind");
    const ref = annotate(artifactPath(ws, 1, "callgrind-out"));
    assert.ok(ref.total > 0);
    assert.equal(costs.event, "Ir");
    assert.equal(costs.programTotal, ref.total, "PROGRAM TOTALS");
    for (const name of ["main", "fib", "fib'2", "even", "odd", "leaf"]) {
      const mine = costs.functions.filter((f) => f.name === name && f.object.endsWith("/O0/recursion"));
      assert.equal(mine.length, 1, name);
      assert.deepEqual({ self: mine[0].self, inclusive: mine[0].inclusive }, ref.rows.get(name), name);
    }
    assert.equal(
      costs.functions.reduce((n, f) => n + f.self, 0),
      ref.total,
      "every instruction is some function's self cost",
    );
    for (const f of costs.functions)
      assert.ok(f.inclusive - f.recursive <= costs.programTotal, `${f.name}: counted once, within the program total`);
    assert.ok(costs.functions.find((f) => f.name === "fib'2")!.recursive > 0, "fib'2 calls itself");
  });

  it("of a gcov run: executions per function and file, and the hottest lines with their text, as gcov prints them", async () => {
    const ws = workspace();
    runCampaign(ws, "isort", ["300", "random", "1"], "gcov", ["--coverage"]);
    const costs = (await api(ws).runs.locationCosts({ runId: 1 })) as GcovCosts;
    assert.equal(costs.profiler, "gcov");
    const buildDir = join(ws, "builds", "campaign-1", "O0");
    const ref = gcovText(
      buildDir,
      readdirSync(buildDir).find((f) => f.endsWith(".gcda"))!,
    );
    assert.ok(ref.lines.length > 10);
    const file = costs.files.find((f) => f.file.endsWith("examples/isort.c"));
    assert.ok(file, JSON.stringify(costs.files.map((f) => f.file)));
    assert.equal(
      file.lineExecutions,
      ref.lines.reduce((n, l) => n + l.count, 0),
      "the file's executions: its lines' counts summed",
    );
    assert.equal(file.lines, ref.lines.length);
    assert.equal(file.linesExecuted, ref.lines.filter((l) => l.count > 0).length);
    for (const name of ["main", "isort"])
      assert.equal(costs.functions.find((f) => f.name === name)?.executions, ref.calls.get(name), name);
    const hottest = [...ref.lines].sort((a, b) => b.count - a.count || a.line - b.line).slice(0, 5);
    assert.deepEqual(
      costs.hotLines.slice(0, 5).map((h) => ({ line: h.line, count: h.count, text: h.text })),
      hottest,
    );
    assert.deepEqual(costs.notes, []);
  });

  it("of a run of another profiler: says it holds no costs per location", async () => {
    const ws = workspace();
    runCampaign(ws, "recursion", ["3", "2"], "time", ["-Wall"]);
    await assert.rejects(api(ws).runs.locationCosts({ runId: 1 }), /holds no costs per location/);
  });
});
