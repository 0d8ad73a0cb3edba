// Results files that broke the readers or the import plan once, found by the
// results fuzz test (issue 17): each is now planned as a campaign the store
// can write, or refused with a ResultsError at the JSON path of the field.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { ResultsError } from "../../engine/results/diagnostics.js";
import type { ParsedResults, ResultsFormat } from "../../engine/results/model.js";
import { NameTable } from "../../engine/results/names.js";
import { planImport } from "../../engine/results/plan.js";
import { readResults } from "../../engine/results/readResults.js";

const read = (doc: unknown, format: ResultsFormat) => readResults(new TextEncoder().encode(typeof doc === "string" ? doc : JSON.stringify(doc)), "r.json", format);
const refused = (pattern: RegExp) => (e: unknown) => e instanceof ResultsError && pattern.test(e.message);

describe("results bounds", () => {
  it("refuses a run of 1.8e308 s, whose wall time was Infinity ns, at its field", () => {
    assert.throws(() => read({ results: [{ command: "a", times: [0.1, 1.7976931348623157e308] }] }, "hyperfine"), refused(/r\.json: results\[0\]\.times\[1\]: a run longer than 104 days \(2\^53 ns\) is no measurement/));
    const row = { name: "BM_a", run_type: "iteration", real_time: 1e300, time_unit: "s" };
    assert.throws(() => read({ context: {}, benchmarks: [row] }, "google-benchmark"), refused(/r\.json: benchmarks\[0\]\.real_time: a run longer than 104 days/));
    assert.throws(() => read({ version: "1.0", metadata: { name: "b" }, benchmarks: [{ runs: [{ values: [1e300] }] }] }, "pyperf"), refused(/benchmarks\[0\]\.runs\[0\]\.values\[0\]: a run longer/));
  });

  it("refuses metadata nested thousands of levels deep, which the store could not write (JSON.stringify overflowed the stack)", () => {
    const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    const doc = `{"version":"1.0","metadata":{"name":"b","deep":${deep}},"benchmarks":[{"runs":[{"values":[0.1]}]}]}`;
    assert.throws(() => read(doc, "pyperf"), refused(/r\.json: metadata\.deep(\[0\]){62}: nested more than 64 levels deep/));
  });

  it("refuses more measured runs than a campaign plans, in each format, and reads as many", () => {
    const times = (n: number) => Array.from({ length: n }, () => 0.001);
    assert.equal(read({ results: [{ command: "a", times: times(100_000) }, { command: "b", times: times(100_000) }] }, "hyperfine").series.length, 2);
    const over = /^r\.json: 200,001 measured runs; an import, like a campaign, holds at most 200,000 \(split the file, or keep fewer repetitions\)$/;
    assert.throws(() => read({ results: [{ command: "a", times: times(100_000) }, { command: "b", times: times(100_001) }] }, "hyperfine"), refused(over));
    const row = { name: "BM_a", run_type: "iteration", real_time: 5, time_unit: "ns" };
    assert.throws(() => read({ context: {}, benchmarks: Array.from({ length: 200_001 }, () => row) }, "google-benchmark"), refused(over));
    assert.throws(() => read({ version: "1.0", metadata: { name: "b" }, benchmarks: [{ runs: [{ values: times(200_000) }, { values: [0.1] }] }] }, "pyperf"), refused(over));
  });

  it("refuses a file whose runs would keep more than 10⁹ characters (a 128 KiB command in 8,000 runs), before any is stored", () => {
    const command = "x".repeat(128_000);
    const parsed = read({ results: [{ command, times: Array.from({ length: 8_000 }, () => 0.1) }] }, "hyperfine");
    assert.throws(() => planImport(parsed, { file: "r.json", project: "p" }), refused(/^r\.json: its runs would keep more than 1,000 MB of the tool's words \(each run keeps its command and the file's context\), which no real hyperfine --export-json file gives: not imported$/));
    const fewer = read({ results: [{ command, times: Array.from({ length: 7_000 }, () => 0.1) }] }, "hyperfine");
    assert.equal(planImport(fewer, { file: "r.json", project: "p" }).runs.length, 7_000);
  });

  it("takes a Google Benchmark argument too large for a number as no feature (it was a feature of Infinity)", () => {
    const row = { name: `BM_a/${"9".repeat(400)}/8`, run_type: "iteration", real_time: 5, time_unit: "ns" };
    assert.deepEqual(read({ context: {}, benchmarks: [row] }, "google-benchmark").series[0].workload?.features, { arg0: 8 });
  });

  it("plans 150,000 designs (the most repetitions of any, spread into Math.max, overflowed the stack)", () => {
    const series = Array.from({ length: 150_000 }, (_, i) => ({
      design: { key: `c${i}`, hint: `c${i}`, label: `c${i}`, variables: {} },
      workload: null,
      runs: [{ wallNs: 1, exitCode: 0, failure: null, environment: {} }],
    }));
    const parsed: ParsedResults = { format: "hyperfine", toolVersion: null, environment: {}, series, warnings: [] };
    const plan = planImport(parsed, { file: "r.json", project: "p" });
    assert.equal(plan.designs.length, 150_000);
    assert.equal(plan.spec.repetitions, 1);
  });

  it("numbers 100,000 tool names that come out the same in linear time: -2, -3, … (each new one tried every number from 2)", { timeout: 120_000 }, () => {
    const names = new NameTable();
    const got = Array.from({ length: 100_000 }, (_, i) => names.name(`key ${i}`, "a!", "design"));
    assert.deepEqual([got[0], got[1], got[99_999]], ["a", "a-2", "a-100000"]);
    assert.equal(new Set(got).size, got.length);
  });
});
