// Results files that broke the readers or the import plan once, found by the
// results fuzz test (issue 17): each is now planned as a campaign the store
// can write, or refused with a ResultsError at the JSON path of the field.
// Those that break only at a size (200,000 runs, 150,000 designs) are in
// test/stress/resultsBounds.test.ts.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { countAt, ResultsError } from "../../engine/results/diagnostics.js";
import type { ResultsFormat } from "../../engine/results/model.js";
import { readResults } from "../../engine/results/readResults.js";

const read = (doc: unknown, format: ResultsFormat) =>
  readResults(new TextEncoder().encode(typeof doc === "string" ? doc : JSON.stringify(doc)), "r.json", format);
const refused = (pattern: RegExp) => (e: unknown) => e instanceof ResultsError && pattern.test(e.message);

describe("results bounds", () => {
  it("counts the runs of a document not checked yet, anything of another shape as none", () => {
    const doc = { results: [{ times: [1, 2, 3] }, { times: "x" }, 7, null, { times: [4] }] };
    assert.equal(countAt(doc, ["results", "*", "times"]), 4);
    assert.equal(countAt({ results: { times: [1] } }, ["results", "*", "times"]), 0);
    assert.equal(countAt([], ["results"]), 0);
    const pyperf = { benchmarks: [{ runs: [{ values: [1, 2] }, { warmups: [] }] }, { runs: [{ values: [3] }] }] };
    assert.equal(countAt(pyperf, ["benchmarks", "*", "runs", "*", "values"]), 3);
  });

  it("refuses more runs than a campaign plans before checking the document (its copy outgrew the heap)", () => {
    const times = new Array(200_001).fill(0.1);
    // An invalid command as well: the count is refused first, before the schema copies 200,001 times.
    assert.throws(
      () => read({ results: [{ command: 5, times }] }, "hyperfine"),
      refused(/200,001 measured runs; an import, like a campaign, holds at most 200,000/),
    );
    assert.throws(
      () => read({ benchmarks: [{ runs: [{ values: times }] }] }, "pyperf"),
      refused(/200,001 measured runs/),
    );
  });

  it("refuses a run of 1.8e308 s, whose wall time was Infinity ns, at its field", () => {
    assert.throws(
      () => read({ results: [{ command: "a", times: [0.1, 1.7976931348623157e308] }] }, "hyperfine"),
      refused(/r\.json: results\[0\]\.times\[1\]: a run longer than 104 days \(2\^53 ns\) is no measurement/),
    );
    const row = { name: "BM_a", run_type: "iteration", real_time: 1e300, time_unit: "s" };
    assert.throws(
      () => read({ context: {}, benchmarks: [row] }, "google-benchmark"),
      refused(/r\.json: benchmarks\[0\]\.real_time: a run longer than 104 days/),
    );
    assert.throws(
      () => read({ version: "1.0", metadata: { name: "b" }, benchmarks: [{ runs: [{ values: [1e300] }] }] }, "pyperf"),
      refused(/benchmarks\[0\]\.runs\[0\]\.values\[0\]: a run longer/),
    );
  });

  it("refuses metadata nested thousands of levels deep, which the store could not write (JSON.stringify overflowed the stack)", () => {
    const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    const doc = `{"version":"1.0","metadata":{"name":"b","deep":${deep}},"benchmarks":[{"runs":[{"values":[0.1]}]}]}`;
    assert.throws(
      () => read(doc, "pyperf"),
      refused(/r\.json: metadata\.deep(\[0\]){62}: nested more than 64 levels deep/),
    );
  });

  it("takes a Google Benchmark argument too large for a number as no feature (it was a feature of Infinity)", () => {
    const row = { name: `BM_a/${"9".repeat(400)}/8`, run_type: "iteration", real_time: 5, time_unit: "ns" };
    assert.deepEqual(read({ context: {}, benchmarks: [row] }, "google-benchmark").series[0].workload?.features, {
      arg0: 8,
    });
  });
});
