// Benchmark results of other tools through the real CLI into a real workspace:
// a hyperfine JSON of two commands (the fixture, and one recorded here by the
// installed hyperfine) becomes two designs whose statistics are hyperfine's
// own mean and σ; Google Benchmark and pyperf files give the right counts and
// means; designs of an import compare through the API; bad files say what is
// wrong and where, exit non-zero, and leave the workspace as it was.
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { mean } from "simple-statistics";
import { FIXTURES, tempDir } from "../helpers/uftrace.js";
import { snapshot, varbench } from "../helpers/cli.js";
import { Workspace } from "../../engine/store/workspace.js";
import { countRows } from "../../engine/store/repositories.js";
import { VarbenchService } from "../../engine/api/service.js";
import { inProcessClient } from "../../engine/api/inProcess.js";
import { importResults } from "../../engine/ingest/importResults.js";

const RESULTS = join(FIXTURES, "results");
const TWO_SLEEPS = join(RESULTS, "hyperfine", "1.15", "two_sleeps.json");
const GBENCH = join(RESULTS, "google-benchmark", "1.7.1", "sorts.json");
const PYPERF = join(RESULTS, "pyperf", "1.0", "suite.json");

interface HyperfineResult {
  readonly command: string;
  readonly times: number[];
  readonly mean: number;
  readonly stddev: number;
}
interface Shown {
  readonly groups: { design: string; workload: string; summary: { n: number; mean: number; std: number } }[];
}

/** Imports a file and returns its campaign id (from the first line the command prints). */
function importFile(ws: string, file: string, ...more: string[]): number {
  const r = varbench(["-w", ws, "import", file, "--project", "imports", ...more]);
  assert.equal(r.status, 0, r.stderr);
  const m = /^campaign (\d+) /.exec(r.stdout);
  assert.ok(m, r.stdout);
  return Number(m[1]);
}

const show = (ws: string, id: number): Shown =>
  JSON.parse(varbench(["-w", ws, "campaign", "show", String(id), "--json"]).stdout) as Shown;

/** hyperfine's mean and σ (its `stddev` is the sample standard deviation, n − 1) equal Varbench's to 1 ns. */
function assertHyperfineStatistics(ws: string, id: number, file: string): void {
  const { results } = JSON.parse(readFileSync(file, "utf8")) as { results: HyperfineResult[] };
  const groups = show(ws, id).groups;
  assert.equal(groups.length, results.length, "one design per command");
  for (const r of results) {
    const g = groups.find((x) => x.design === r.command.replace(/[^A-Za-z0-9._-]+/g, "-"));
    assert.ok(g, `a design for ${r.command}`);
    assert.equal(g.summary.n, r.times.length);
    assert.ok(
      Math.abs(g.summary.mean - r.mean * 1e9) <= 1,
      `${r.command}: mean ${g.summary.mean} ns vs hyperfine's ${r.mean * 1e9} ns`,
    );
    assert.ok(
      Math.abs(g.summary.std - r.stddev * 1e9) <= 1,
      `${r.command}: σ ${g.summary.std} ns vs hyperfine's ${r.stddev * 1e9} ns`,
    );
  }
}

describe("varbench import of benchmark results", () => {
  let ws: string;
  before(() => {
    ws = join(tempDir("results"), "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
  });

  it("hyperfine: two commands are two designs whose mean and σ are hyperfine's own", () => {
    const r = varbench(["-w", ws, "import", TWO_SLEEPS, "--project", "imports"]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(
      r.stdout,
      /^campaign 1 \(hyperfine-two_sleeps\): hyperfine results, 2 designs × 1 workload, 20 runs\n {2}design sleep-0\.01: sleep 0\.01\n {2}design sleep-0\.02: sleep 0\.02\n/,
    );
    assertHyperfineStatistics(ws, 1, TWO_SLEEPS);
    const list = varbench(["-w", ws, "campaign", "list"]).stdout;
    assert.match(list, /1 +imports +hyperfine-two_sleeps +finished +1 +20 succeeded/);
  });

  it("hyperfine as installed here: a file recorded now imports the same way", () => {
    const file = join(tempDir("hyperfine"), "now.json");
    execFileSync("hyperfine", ["-N", "--runs", "5", "--export-json", file, "sleep 0.001", "sleep 0.003"], {
      stdio: "ignore",
    });
    const id = importFile(ws, file, "--campaign-name", "recorded-now");
    assertHyperfineStatistics(ws, id, file);
  });

  it("Google Benchmark: iteration rows as runs, means equal the library's _mean rows; pyperf: every value a run", () => {
    const gb = importFile(ws, GBENCH);
    const doc = JSON.parse(readFileSync(GBENCH, "utf8")) as {
      benchmarks: { run_name: string; aggregate_name?: string; real_time: number }[];
    };
    const groups = show(ws, gb).groups;
    assert.equal(groups.length, 6);
    for (const a of doc.benchmarks.filter((b) => b.aggregate_name === "mean")) {
      const [design, workload] = a.run_name.split("/");
      const g = groups.find((x) => x.design === design && x.workload === workload)!;
      assert.equal(g.summary.n, 5);
      assert.ok(
        Math.abs(g.summary.mean - a.real_time) <= 1e-9 * a.real_time,
        `${a.run_name}: ${g.summary.mean} vs ${a.real_time}`,
      );
    }
    const py = importFile(ws, PYPERF, "--workload", "cpython-3.11");
    const values = (
      JSON.parse(readFileSync(PYPERF, "utf8")) as { benchmarks: { runs: { values?: number[] }[] }[] }
    ).benchmarks.map((b) => b.runs.flatMap((r) => r.values ?? []));
    const pyGroups = show(ws, py).groups;
    assert.deepEqual(pyGroups.map((g) => [g.design, g.workload, g.summary.n]).sort(), [
      ["sort-a-random-list", "cpython-3.11", 15],
      ["sort-a-sorted-list", "cpython-3.11", 15],
    ]);
    assert.ok(
      Math.abs(pyGroups.find((g) => g.design === "sort-a-sorted-list")!.summary.mean - mean(values[0]) * 1e9) < 1e-6,
    );
    const runs = JSON.parse(varbench(["-w", ws, "runs", "--campaign", String(py), "--json"]).stdout) as {
      status: string;
      message: string;
    }[];
    assert.equal(runs.length, 30);
    assert.ok(runs.every((r) => r.status === "succeeded" && r.message === "imported from pyperf results suite.json"));
  });

  it("the designs of an import compare through the API (analyses.compare with design targets)", async () => {
    const service = new VarbenchService(ws, { localFiles: true, remember: false });
    try {
      const api = inProcessClient(service);
      const c = await api.analyses.compare({
        a: { kind: "design", campaignId: 1, design: "sleep-0.01" },
        b: { kind: "design", campaignId: 1, design: "sleep-0.02" },
      });
      assert.equal(c.a.wallNs.length, 10);
      assert.ok(
        c.a.wall && c.b.wall && c.b.wall.mean > c.a.wall.mean + 5e6,
        "sleeping 20 ms takes about 10 ms longer than 10 ms",
      );
      const detail = await api.campaigns.get({ campaignId: 1 });
      assert.deepEqual(
        [detail.campaign.profiler, detail.campaign.canResume, detail.designs.length, detail.repetitions],
        ["hyperfine", false, 2, 10],
      );
      const options = await api.campaigns.launchOptions({ projectId: detail.campaign.projectId });
      assert.equal(options.templateCampaignId, null, "imported results are never a template to launch from");
    } finally {
      await service.close();
    }
  });

  it("bad files: a clear message naming the file and the field, a non-zero exit, the workspace unchanged", () => {
    const dir = tempDir("bad-results");
    const good = JSON.parse(readFileSync(TWO_SLEEPS, "utf8")) as { results: Record<string, unknown>[] };
    const write = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    const edited = (f: (d: typeof good) => void) => {
      const d = structuredClone(good);
      f(d);
      return JSON.stringify(d, null, 2);
    };
    const cases: [string, string, RegExp][] = [
      [
        "truncated.json",
        readFileSync(TWO_SLEEPS, "utf8").slice(0, 300),
        /truncated\.json: at byte 300: not valid JSON \(the file ends before the JSON does: was it cut short\?\)/,
      ],
      [
        "types.json",
        edited((d) => ((d.results[1].times as unknown[])[3] = "12ms")),
        /types\.json: results\[1\]\.times\[3\]: expected number, received string/,
      ],
      [
        "negative.json",
        edited((d) => ((d.results[0].times as number[])[0] = -0.01)),
        /negative\.json: results\[0\]\.times\[0\]: a time in seconds must be ≥ 0 \(found -0\.01\)/,
      ],
      ["empty.json", '{"results": []}', /empty\.json: results: no benchmark results in it/],
      [
        "gbench-aggregates.json",
        JSON.stringify({
          context: {},
          benchmarks: [
            { name: "BM_A_mean", run_type: "aggregate", aggregate_name: "mean", real_time: 1, time_unit: "ns" },
          ],
        }),
        /gbench-aggregates\.json: benchmarks: only aggregate rows/,
      ],
      [
        "pyperf-unit.json",
        JSON.stringify({
          version: "1.0",
          metadata: { name: "m", unit: "byte" },
          benchmarks: [{ runs: [{ values: [100] }] }],
        }),
        /pyperf-unit\.json: metadata\.unit: Varbench imports times; this benchmark measures "byte"/,
      ],
    ];
    const before = snapshot(ws);
    const rows = () => {
      const w = Workspace.open(ws);
      try {
        return countRows(w.db);
      } finally {
        w.close();
      }
    };
    const counted = rows();
    for (const [name, text, expected] of cases) {
      const r = varbench(["-w", ws, "import", write(name, text), "--project", "imports"]);
      assert.equal(r.status, 1, `${name}: exit status`);
      assert.match(r.stderr, expected, name);
      assert.doesNotMatch(r.stderr, /internal error|bug in Varbench|\n {4}at /, `${name}: no stack, no "bug"`);
    }
    const flags = varbench(["-w", ws, "import", TWO_SLEEPS, "--project", "imports", "--max-children", "4"]);
    assert.match(
      flags.stderr,
      /--max-children: applies to traces, and .*two_sleeps\.json holds hyperfine --export-json results/,
    );
    const both = varbench(["-w", ws, "import", TWO_SLEEPS, "--project", "imports", "--design", "a", "--workload", "b"]);
    assert.match(both.stderr, /workload: with one design for the whole file, the tool's names are the workloads/);
    const trace = varbench([
      "-w",
      ws,
      "import",
      join(FIXTURES, "uftrace", "0.13", "frame_loop.chrome.json"),
      "--project",
      "imports",
      "--campaign-name",
      "x",
    ]);
    assert.match(trace.stderr, /--campaign-name: names the campaign of imported benchmark results, and .* is a trace/);
    assert.deepEqual(snapshot(ws), before);
    assert.deepEqual(rows(), counted);
  });

  it("a store that fails halfway keeps nothing: no campaign, no run, no blob", async () => {
    const dir = join(tempDir("rollback"), "ws");
    const w = Workspace.init(dir);
    try {
      // The sixth run cannot be written (as a full disk would refuse it).
      w.db.exec(
        "CREATE TRIGGER refuse AFTER INSERT ON runs WHEN NEW.ordinal = 5 BEGIN SELECT RAISE(ABORT, 'refused'); END;",
      );
      const before = snapshot(dir);
      await assert.rejects(importResults(w, TWO_SLEEPS, "hyperfine", { project: "imports" }), /refused/);
      assert.deepEqual(countRows(w.db), {
        projects: 0,
        workloads: 0,
        designs: 0,
        campaigns: 0,
        runs: 0,
        artifacts: 0,
        analyses: 0,
      });
      assert.deepEqual(snapshot(dir), before);
    } finally {
      w.close();
    }
  });

  it("a results file is no trace: `varbench cct` says what it is", () => {
    const r = varbench(["cct", TWO_SLEEPS]);
    assert.equal(r.status, 1);
    assert.match(
      r.stderr,
      /two_sleeps\.json: hyperfine --export-json results, not a trace: `varbench import` stores them as a campaign of runs/,
    );
  });
});
