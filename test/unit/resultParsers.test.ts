// The results readers (hyperfine, Google Benchmark, pyperf) on the real tools'
// output (test/fixtures/results/, see each folder's README) and on hand-written
// bad files: counts, names, values against the tools' own statistics, and
// messages that name the file and the JSON path of a bad field.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { mean, sampleStandardDeviation } from "simple-statistics";
import { FIXTURES } from "../helpers/uftrace.js";
import { readResults } from "../../engine/results/readResults.js";
import { planImport, type ImportPlan } from "../../engine/results/plan.js";
import { ResultsError } from "../../engine/results/diagnostics.js";
import { splitBenchmarkName } from "../../engine/results/googleBenchmark.js";
import { commandTemplates } from "../../engine/results/templates.js";
import { MAX_NAME_LENGTH, NameTable, toName } from "../../engine/results/names.js";
import { detectFileFormat, detectFormat } from "../../engine/trace/detect.js";
import { nameSchema } from "../../engine/campaign/names.js";
import type { ResultsFormat } from "../../engine/results/model.js";

const RESULTS = join(FIXTURES, "results");
const HYPERFINE = join(RESULTS, "hyperfine", "1.15");
const GBENCH = join(RESULTS, "google-benchmark", "1.7.1", "sorts.json");
const PYPERF = join(RESULTS, "pyperf", "1.0");

const bytes = (text: string) => new TextEncoder().encode(text);
const plan = (file: string, format: ResultsFormat, o: { design?: string; workload?: string } = {}): ImportPlan =>
  planImport(readResults(readFileSync(file), file, format), { file, project: "p", ...o });
/** Wall times per "design × workload", in run order. */
const groups = (p: ImportPlan) => {
  const g = new Map<string, number[]>();
  for (const r of p.runs.filter((r) => r.status === "succeeded"))
    g.set(`${r.design} × ${r.workload}`, [...(g.get(`${r.design} × ${r.workload}`) ?? []), r.wallNs]);
  return g;
};
const fails = (text: string, format: ResultsFormat, message: RegExp) =>
  assert.throws(
    () => readResults(bytes(text), "bad.json", format),
    (e: unknown) => e instanceof ResultsError && message.test(e.message),
  );

describe("hyperfine --export-json", () => {
  it("two commands: two designs on the file's workload, each time a run in whole ns, hyperfine's mean and σ to 1 ns", () => {
    const file = join(HYPERFINE, "two_sleeps.json");
    const p = plan(file, "hyperfine");
    assert.deepEqual(
      p.designs.map((d) => [d.name, d.label]),
      [
        ["sleep-0.01", "sleep 0.01"],
        ["sleep-0.02", "sleep 0.02"],
      ],
    );
    assert.deepEqual(
      p.workloads.map((w) => w.name),
      ["two_sleeps"],
    );
    assert.equal(p.campaignName, "hyperfine-two_sleeps");
    const doc = JSON.parse(readFileSync(file, "utf8")) as {
      results: { command: string; times: number[]; mean: number; stddev: number }[];
    };
    for (const r of doc.results) {
      const wall = groups(p).get(`${toName(r.command, "")} × two_sleeps`)!;
      assert.deepEqual(
        wall,
        r.times.map((t) => Math.round(t * 1e9)),
      );
      assert.ok(Math.abs(mean(wall) - r.mean * 1e9) <= 1, `${r.command}: mean ${mean(wall)} vs ${r.mean * 1e9}`);
      assert.ok(Math.abs(sampleStandardDeviation(wall) - r.stddev * 1e9) <= 1, `${r.command}: σ`);
    }
    assert.deepEqual(
      p.runs.map((r) => r.repetition),
      [...Array(10).keys(), ...Array(10).keys()],
    );
    assert.ok(
      p.runs.every(
        (r) =>
          r.status === "succeeded" &&
          r.exitCode === 0 &&
          (r.environment.imported as { tool: string }).tool === "hyperfine",
      ),
    );
  });

  it("a parameter scan: the command templates are the designs, the parameter values the workloads (numeric ones as features)", () => {
    const p = plan(join(HYPERFINE, "sorts_scan.json"), "hyperfine");
    assert.deepEqual(
      p.designs.map((d) => [d.name, d.label]),
      [
        ["sorts-merge", "./sorts merge {n}"],
        ["sorts-insertion", "./sorts insertion {n}"],
      ],
    );
    assert.deepEqual(p.workloads, [
      { name: "n-1000", features: { n: 1000 } },
      { name: "n-4000", features: { n: 4000 } },
      { name: "n-16000", features: { n: 16000 } },
    ]);
    assert.deepEqual(
      [...groups(p).values()].map((v) => v.length),
      [5, 5, 5, 5, 5, 5],
    );
    assert.deepEqual(p.spec.profiler, { name: "hyperfine", options: [] });
  });

  it("--command-name names the design; runs that exited non-zero (--ignore-failure) are failed runs, said in a warning", () => {
    const p = plan(join(HYPERFINE, "named_failing.json"), "hyperfine");
    assert.deepEqual(
      p.designs.map((d) => d.name),
      ["fails", "succeeds"],
    );
    const failed = p.runs.filter((r) => r.status === "failed");
    assert.deepEqual(
      failed.map((r) => [r.design, r.exitCode]),
      [
        ["fails", 1],
        ["fails", 1],
        ["fails", 1],
        ["fails", 1],
      ],
    );
    assert.match(failed[0].message, /^exited with code 1 \(imported from hyperfine results named_failing\.json\)$/);
    assert.match(p.warnings.join("\n"), /design fails: 4 run\(s\) failed \(exited with code 1\)/);
  });

  it("templates: a value also found in the command's text, an order other than hyperfine's, and commands that hide their parameters", () => {
    const scan = (commands: string[], values: string[]) =>
      commands.map((c, i) => ({ command: c, parameters: { n: values[i] } }));
    const zero = commandTemplates(scan(["sleep 0.0", "sleep 0.1"], ["0", "1"]));
    assert.deepEqual(
      zero.of.map((d) => d.command),
      ["sleep 0.{n}", "sleep 0.{n}"],
    );
    const shuffled = commandTemplates(scan(["a 1", "a 2", "b 1", "b 2"], ["1", "2", "1", "2"]));
    assert.deepEqual(
      shuffled.of.map((d) => d.key),
      ["a 1", "a 2", "b 1", "b 2"],
      "not hyperfine's order: every command is its own design",
    );
    const hidden = commandTemplates(scan(["x", "y", "z", "w"], ["1", "1", "2", "2"]));
    assert.deepEqual(
      hidden.of.map((d) => d.hint),
      ["command-1", "command-2", "command-1", "command-2"],
    );
    assert.deepEqual(
      hidden.unnamed.map((u) => u.position),
      [1, 2],
    );
  });

  it("templates (property): the k-th command of every parameter group is one design, whatever the values", () => {
    const template = fc.tuple(fc.stringMatching(/^[a-z ./-]{0,8}$/), fc.stringMatching(/^[a-z ./-]{0,8}$/));
    fc.assert(
      fc.property(
        fc.uniqueArray(template, { minLength: 1, maxLength: 4, selector: (t) => t.join("{n}") }),
        fc.uniqueArray(fc.integer({ min: 0, max: 99_999 }), { minLength: 2, maxLength: 5 }),
        (templates, values) => {
          const results = values.flatMap((v) =>
            templates.map(([a, b]) => ({ command: `${a}${v}${b}`, parameters: { n: String(v) } })),
          );
          const { of } = commandTemplates(results);
          for (const [i, d] of of.entries()) assert.equal(d.key, of[i % templates.length].key);
          assert.equal(new Set(of.map((d) => d.key)).size, templates.length);
        },
      ),
    );
  });
});

describe("Google Benchmark --benchmark_format=json", () => {
  it("iteration rows only, one run each, real_time per iteration in ns; means equal the library's own _mean aggregates", () => {
    const p = plan(GBENCH, "google-benchmark");
    assert.deepEqual(
      p.designs.map((d) => d.name),
      ["BM_StdSort", "BM_InsertionSort"],
    );
    assert.deepEqual(p.workloads, [
      { name: "64", features: { arg0: 64 } },
      { name: "256", features: { arg0: 256 } },
      { name: "1024", features: { arg0: 1024 } },
    ]);
    assert.equal(p.runs.length, 30);
    assert.match(p.warnings.join("\n"), /^24 aggregate row\(s\)/);
    const doc = JSON.parse(readFileSync(GBENCH, "utf8")) as {
      benchmarks: { run_name: string; aggregate_name?: string; real_time: number; time_unit: string }[];
    };
    for (const a of doc.benchmarks.filter((b) => b.aggregate_name === "mean")) {
      const wall = groups(p).get(a.run_name.replace("/", " × "))!;
      assert.equal(wall.length, 5);
      assert.ok(
        Math.abs(mean(wall) - a.real_time) <= 1e-9 * a.real_time,
        `${a.run_name}: ${mean(wall)} vs ${a.real_time}`,
      );
    }
    const env = p.runs[0].environment as {
      context: { num_cpus: number };
      benchmark: { repetition_index: number };
      cpu_time_ns: number;
    };
    assert.ok(env.context.num_cpus > 0 && env.benchmark.repetition_index === 0 && env.cpu_time_ns > 0);
  });

  it("names: cut at the first argument; what is before is the design, the rest the workload", () => {
    const cases: [string, string, string[]][] = [
      ["BM_Sort/1024", "BM_Sort", ["1024"]],
      ["BM_Sort/1024/real_time", "BM_Sort", ["1024", "real_time"]],
      ["MyFixture/BarTest/8", "MyFixture/BarTest", ["8"]],
      ["BM_Spin/threads:4", "BM_Spin", ["threads:4"]],
      ["BM_Templ<int>/n:8/min_time:0.500", "BM_Templ<int>", ["n:8", "min_time:0.500"]],
      ["BM_Plain", "BM_Plain", []],
      ["BM_Neg/-1", "BM_Neg", ["-1"]],
    ];
    for (const [name, design, args] of cases) assert.deepEqual(splitBenchmarkName(name), { design, args }, name);
    assert.equal(toName("MyFixture/BarTest", ""), "MyFixture-BarTest");
    assert.equal(toName("BM_Templ<int>", ""), "BM_Templ-int");
  });

  it("units, errors reported by the benchmark, aggregates only, and one design for the whole file (--design)", () => {
    const doc = (rows: object[]) => JSON.stringify({ context: { host_name: "h" }, benchmarks: rows });
    const row = (o: object) => ({
      name: "BM_A/n:3",
      run_type: "iteration",
      iterations: 10,
      real_time: 2.5,
      cpu_time: 2,
      time_unit: "ms",
      ...o,
    });
    const parsed = readResults(
      bytes(doc([row({}), row({ error_occurred: true, error_message: "no input" })])),
      "x.json",
      "google-benchmark",
    );
    assert.deepEqual(
      parsed.series.map((s) => [s.runs[0].wallNs, s.runs[0].failure, s.workload?.features]),
      [
        [2.5e6, null, { n: 3 }],
        [2.5e6, "no input", { n: 3 }],
      ],
    );
    fails(
      doc([{ name: "BM_A_mean", run_type: "aggregate", aggregate_name: "mean", real_time: 1, time_unit: "ns" }]),
      "google-benchmark",
      /benchmarks: only aggregate rows .*without --benchmark_report_aggregates_only/,
    );
    fails(
      doc([row({ time_unit: "min" })]),
      "google-benchmark",
      /bad\.json: benchmarks\[0\]\.time_unit: a time unit: ns, us, ms or s/,
    );
    const one = plan(GBENCH, "google-benchmark", { design: "O2" });
    assert.deepEqual(
      one.designs.map((d) => d.name),
      ["O2"],
    );
    assert.deepEqual(
      one.workloads.map((w) => w.name),
      [
        "BM_StdSort_64",
        "BM_StdSort_256",
        "BM_StdSort_1024",
        "BM_InsertionSort_64",
        "BM_InsertionSort_256",
        "BM_InsertionSort_1024",
      ],
    );
  });
});

describe("pyperf JSON", () => {
  it("one benchmark: its name from the file's metadata, every value a run in ns, calibration runs left out", () => {
    const file = join(PYPERF, "timeit.json");
    const p = plan(file, "pyperf");
    assert.deepEqual(
      p.designs.map((d) => d.name),
      ["timeit"],
    );
    const values = (
      JSON.parse(readFileSync(file, "utf8")) as { benchmarks: { runs: { values?: number[] }[] }[] }
    ).benchmarks[0].runs.flatMap((r) => r.values ?? []);
    assert.equal(p.runs.length, 18);
    assert.deepEqual(
      p.runs.map((r) => r.wallNs),
      values.map((v) => v * 1e9),
    );
    assert.match(p.warnings.join("\n"), /^1 calibration run/);
    const env = p.runs[0].environment as { metadata: Record<string, unknown>; pyperf_run: number };
    assert.equal(env.metadata.hostname, "vm", "the file's metadata reaches every run");
    assert.equal(env.metadata.loops, 65536);
    assert.equal(env.pyperf_run, 1);
  });

  it("two benchmarks: two designs, 15 values each, their means those of the values", () => {
    const file = join(PYPERF, "suite.json");
    const p = plan(file, "pyperf");
    assert.deepEqual(
      p.designs.map((d) => [d.name, d.label]),
      [
        ["sort-a-sorted-list", "sort a sorted list"],
        ["sort-a-random-list", "sort a random list"],
      ],
    );
    const doc = JSON.parse(readFileSync(file, "utf8")) as { benchmarks: { runs: { values?: number[] }[] }[] };
    for (const [i, b] of doc.benchmarks.entries()) {
      const wall = groups(p).get(`${p.designs[i].name} × suite`)!;
      assert.equal(wall.length, 15);
      assert.ok(Math.abs(mean(wall) - mean(b.runs.flatMap((r) => r.values ?? [])) * 1e9) < 1e-6);
    }
  });

  it("refuses other units, nameless benchmarks, other format versions and non-positive values, at their paths", () => {
    const doc = (o: object, run: object = { values: [1e-6] }) =>
      JSON.stringify({ version: "1.0", metadata: { name: "b" }, benchmarks: [{ runs: [run] }], ...o });
    fails(
      doc({ metadata: { name: "b", unit: "byte" } }),
      "pyperf",
      /bad\.json: metadata\.unit: Varbench imports times; this benchmark measures "byte"/,
    );
    fails(doc({ metadata: {} }), "pyperf", /benchmarks\[0\]\.metadata\.name: a benchmark needs a name/);
    fails(doc({ version: "0.9" }), "pyperf", /version: the pyperf format version Varbench reads is "1\.0"/);
    fails(
      doc({}, { values: [1e-6, 0] }),
      "pyperf",
      /benchmarks\[0\]\.runs\[0\]\.values\[1\]: a value must be > 0 \(seconds per loop\) \(found 0\)/,
    );
    fails(doc({}, { warmups: [[1, 1e-6]] }), "pyperf", /no measured value in it/);
  });
});

describe("bad files and detection", () => {
  const good = readFileSync(join(HYPERFINE, "two_sleeps.json"), "utf8");

  it("truncated JSON names the byte where it ends; a bad token, the byte where it is", () => {
    const cut = good.slice(0, 200);
    fails(
      cut,
      "hyperfine",
      new RegExp(
        `^bad\\.json: at byte ${Buffer.byteLength(cut)}: not valid JSON \\(the file ends before the JSON does: was it cut short\\?\\)$`,
      ),
    );
    fails(
      '{"results": [1 2]}',
      "hyperfine",
      /^bad\.json: at byte 15: not valid JSON \(Expected ',' or '\]' after array element\)$/,
    );
    fails('{"results": [1,,2]}', "hyperfine", /^bad\.json: at byte 15: not valid JSON \(Unexpected token ','\)$/);
    assert.throws(
      () => readResults(new Uint8Array([0x7b, 0xff, 0x7d]), "bad.json", "hyperfine"),
      /bad\.json: not UTF-8 text/,
    );
  });

  it("wrong types, negative times, empty results and mismatched exit codes name the field", () => {
    const doc = JSON.parse(good) as { results: { times: unknown[]; exit_codes: unknown[]; command: unknown }[] };
    const edit = (f: (d: typeof doc) => void) => {
      const d = structuredClone(doc);
      f(d);
      return JSON.stringify(d);
    };
    fails(
      edit((d) => (d.results[0].times[1] = "fast")),
      "hyperfine",
      /bad\.json: results\[0\]\.times\[1\]: expected number, received string/,
    );
    fails(
      edit((d) => (d.results[1].times[2] = -0.5)),
      "hyperfine",
      /bad\.json: results\[1\]\.times\[2\]: a time in seconds must be ≥ 0 \(found -0\.5\)/,
    );
    fails(
      edit((d) => (d.results[0].command = 42)),
      "hyperfine",
      /results\[0\]\.command: expected string, received number/,
    );
    fails(
      edit((d) => d.results[0].exit_codes.pop()),
      "hyperfine",
      /results\[0\]\.exit_codes: holds 9 exit code\(s\) for 10 time\(s\)/,
    );
    fails('{"results": []}', "hyperfine", /^bad\.json: results: no benchmark results in it$/);
    fails(
      '{"results": {}}',
      "hyperfine",
      /^bad\.json is not a hyperfine --export-json file Varbench can import:\nbad\.json: results: expected array, received object$/,
    );
  });

  it("detection tells each tool's file from a Chrome trace by its first member; a results file is no trace", () => {
    const head = (f: string) => new Uint8Array(readFileSync(f).subarray(0, 256));
    assert.equal(detectFileFormat("a.json", false, head(join(HYPERFINE, "two_sleeps.json"))), "hyperfine");
    assert.equal(detectFileFormat("a.json", false, head(GBENCH)), "google-benchmark");
    assert.equal(detectFileFormat("a.json", false, head(join(PYPERF, "suite.json"))), "pyperf");
    assert.equal(
      detectFileFormat("a.json", false, head(join(FIXTURES, "uftrace", "0.13", "frame_loop.chrome.json"))),
      "chrome",
    );
    assert.equal(detectFileFormat("a.json", false, bytes('{"traceEvents": [], "results": []}')), "chrome");
    assert.equal(detectFileFormat("a.json", false, bytes('\uFEFF  {\n "results" : [')), "hyperfine");
    assert.equal(
      detectFileFormat("a.json", false, bytes('{"version": "1.0", "metadata": {"name": "b"}, "benchmarks": [')),
      "pyperf",
    );
    assert.equal(detectFileFormat("a.json", false, bytes('{"version": 3, "traceEvents": [')), "chrome");
    assert.throws(
      () => detectFormat("r.json", false, bytes('{"results": [')),
      /r\.json: hyperfine --export-json results, not a trace/,
    );
  });

  it("names: always a valid name of at most 64 characters, one per key, distinct keys never sharing one", () => {
    assert.equal(toName("./sorts merge", "x"), "sorts-merge");
    assert.equal(toName("!!!", "command-1"), "command-1");
    const table = new NameTable();
    assert.deepEqual(
      ["a b", "a/b", "a b", "a:b"].map((k) => table.name(k, k, "x")),
      ["a-b", "a-b-2", "a-b", "a-b-3"],
    );
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 100 }), { maxLength: 20 }), (keys) => {
        const t = new NameTable();
        const names = new Map(keys.map((k) => [k, t.name(k, k, "design")]));
        for (const n of names.values()) assert.ok(nameSchema.safeParse(n).success && n.length <= MAX_NAME_LENGTH, n);
        assert.equal(new Set(names.values()).size, names.size);
      }),
    );
  });
});
