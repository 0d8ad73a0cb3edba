// Results files at the sizes that broke the readers or the import plan once,
// found by the results fuzz test (test/stress/resultsFuzz.test.ts): 200,000
// measured runs (the most a campaign plans) and one more, runs that would keep
// 10⁹ characters of the tool's words, 150,000 designs (their repetitions spread
// into Math.max overflowed the stack), and 100,000 names that come out the
// same (each tried every number before it). The sizes are the test, each the
// bound itself or past where the old code broke. Their hand-worked neighbours
// stay in test/unit/resultsBounds.test.ts.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { ResultsError } from "../../engine/results/diagnostics.js";
import type { ParsedResults, ResultsFormat } from "../../engine/results/model.js";
import { NameTable } from "../../engine/results/names.js";
import { planImport } from "../../engine/results/plan.js";
import { readResults } from "../../engine/results/readResults.js";

const read = (doc: unknown, format: ResultsFormat) =>
  readResults(new TextEncoder().encode(typeof doc === "string" ? doc : JSON.stringify(doc)), "r.json", format);
const refused = (pattern: RegExp) => (e: unknown) => e instanceof ResultsError && pattern.test(e.message);

describe("results bounds: sizes", () => {
  it("refuses more measured runs than a campaign plans, in each format, and reads as many", () => {
    const times = (n: number) => Array.from({ length: n }, () => 0.001);
    assert.equal(
      read(
        {
          results: [
            { command: "a", times: times(100_000) },
            { command: "b", times: times(100_000) },
          ],
        },
        "hyperfine",
      ).series.length,
      2,
    );
    const over =
      /^r\.json: 200,001 measured runs; an import, like a campaign, holds at most 200,000 \(split the file, or keep fewer repetitions\)$/;
    assert.throws(
      () =>
        read(
          {
            results: [
              { command: "a", times: times(100_000) },
              { command: "b", times: times(100_001) },
            ],
          },
          "hyperfine",
        ),
      refused(over),
    );
    const row = { name: "BM_a", run_type: "iteration", real_time: 5, time_unit: "ns" };
    assert.throws(
      () => read({ context: {}, benchmarks: Array.from({ length: 200_001 }, () => row) }, "google-benchmark"),
      refused(over),
    );
    assert.throws(
      () =>
        read(
          {
            version: "1.0",
            metadata: { name: "b" },
            benchmarks: [{ runs: [{ values: times(200_000) }, { values: [0.1] }] }],
          },
          "pyperf",
        ),
      refused(over),
    );
  });

  it("refuses a file whose runs would keep more than 10⁹ characters (a 128 KiB command in 8,000 runs), before any is stored", () => {
    const command = "x".repeat(128_000);
    const parsed = read({ results: [{ command, times: Array.from({ length: 8_000 }, () => 0.1) }] }, "hyperfine");
    assert.throws(
      () => planImport(parsed, { file: "r.json", project: "p" }),
      refused(
        /^r\.json: its runs would keep more than 1,000 MB of the tool's words \(each run keeps its command and the file's context\), which no real hyperfine --export-json file gives: not imported$/,
      ),
    );
    const fewer = read({ results: [{ command, times: Array.from({ length: 7_000 }, () => 0.1) }] }, "hyperfine");
    assert.equal(planImport(fewer, { file: "r.json", project: "p" }).runs.length, 7_000);
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

  it(
    "numbers 100,000 tool names that come out the same in linear time: -2, -3, … (each new one tried every number from 2)",
    { timeout: 120_000 },
    () => {
      const names = new NameTable();
      const got = Array.from({ length: 100_000 }, (_, i) => names.name(`key ${i}`, "a!", "design"));
      assert.deepEqual([got[0], got[1], got[99_999]], ["a", "a-2", "a-100000"]);
      assert.equal(new Set(got).size, got.length);
    },
  );
});
