// A seeded fuzz of the results readers and the import plan (issue 17's probe,
// results part): the recorded hyperfine, Google Benchmark and pyperf files
// (test/fixtures/results) damaged as bytes (cut, changed, ranges deleted,
// duplicated or swapped, garbage, huge numbers, emptied) or as JSON (a value
// of another type or at an extreme, a member or an element deleted or
// repeated, an array emptied), read as the format they are and planned as an
// import. Each gives a plan the store can write — names by the naming rule,
// finite non-negative wall times, whole exit codes, finite features, all of
// it serialisable — or a ResultsError; never another exception.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { nameSchema } from "../../engine/campaign/names.js";
import { ResultsError } from "../../engine/results/diagnostics.js";
import type { ResultsFormat } from "../../engine/results/model.js";
import { planImport, type ImportPlan } from "../../engine/results/plan.js";
import { readResults } from "../../engine/results/readResults.js";
import { mutateBytes } from "../helpers/byteMutations.js";
import { fuzzSuite } from "../helpers/fuzzSuite.js";
import { mutateJson } from "../helpers/jsonMutations.js";
import { FIXTURES } from "../helpers/uftrace.js";

const FILES: readonly [ResultsFormat, string][] = [
  ["hyperfine", "hyperfine/1.15/two_sleeps.json"],
  ["hyperfine", "hyperfine/1.15/sorts_scan.json"],
  ["hyperfine", "hyperfine/1.15/named_failing.json"],
  ["google-benchmark", "google-benchmark/1.7.1/sorts.json"],
  ["pyperf", "pyperf/1.0/suite.json"],
  ["pyperf", "pyperf/1.0/timeit.json"],
];
const INPUTS = FILES.map(([format, path]) => ({
  format,
  path,
  bytes: new Uint8Array(readFileSync(join(FIXTURES, "results", path))),
}));

function assertWellFormed(plan: ImportPlan): void {
  const named = (name: string) => nameSchema.safeParse(name).success;
  assert.ok(named(plan.campaignName), `campaign ${plan.campaignName}`);
  for (const d of plan.designs) assert.ok(named(d.name), `design ${d.name}`);
  for (const w of plan.workloads) {
    assert.ok(named(w.name), `workload ${w.name}`);
    assert.ok(
      Object.values(w.features).every(Number.isFinite),
      `workload ${w.name}: features ${JSON.stringify(w.features)}`,
    );
  }
  for (const r of plan.runs) {
    assert.ok(
      Number.isFinite(r.wallNs) && r.wallNs >= 0,
      `${r.design} × ${r.workload} #${r.repetition}: wall ${r.wallNs} ns`,
    );
    assert.ok(
      r.exitCode === null || Number.isInteger(r.exitCode),
      `${r.design} × ${r.workload} #${r.repetition}: exit code ${r.exitCode}`,
    );
  }
  // The store writes the spec and every run's environment as JSON.
  JSON.stringify(plan);
}

fuzzSuite({
  title: "results readers fuzz",
  seed: 115,
  cases: 300,
  module: import.meta.url,
  refusal: (e) => e instanceof ResultsError,
  make(random) {
    const { format, path, bytes: original } = INPUTS[Math.floor(random() * INPUTS.length)];
    let bytes: Uint8Array;
    let label: string;
    if (random() < 0.4) {
      ({ bytes, label } = mutateBytes(original, random, { alphabet: '{}[]":, \n0123456789-.e' }));
    } else {
      const m = mutateJson(JSON.parse(new TextDecoder().decode(original)), random);
      bytes = new TextEncoder().encode(JSON.stringify(m.doc));
      label = m.label;
    }
    return {
      label: `${path} ${label}`,
      run: async () => assertWellFormed(planImport(readResults(bytes, path, format), { file: path, project: "p" })),
    };
  },
});
