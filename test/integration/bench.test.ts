// `varbench bench`, hyperfine's everyday use: two real commands timed, kept as
// a campaign; the verdict names the one that does 16 times less work; the
// JSON export is hyperfine's format, read back by Varbench's own hyperfine
// import with the same times; mistakes are said with the option they came from.
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { buildExamples, ROOT, tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";

let SORTS = "";

describe("varbench bench", () => {
  before(() => {
    buildExamples();
    SORTS = join(tempDir("bench-sorts"), "sorts");
    execFileSync("gcc", ["-O1", "-o", SORTS, join(ROOT, "examples", "sorts.c")]);
  });

  it("times commands per parameter value, keeps a campaign, says which is faster, exports hyperfine's JSON", () => {
    const dir = tempDir("bench");
    const ws = join(dir, "ws");
    const json = join(dir, "out.json");
    // Insertion sort of 20,000 and 40,000 ints against merge sort: quadratic against n log n, a difference no load hides in CPU time.
    const r = varbench([
      "-w",
      ws,
      "bench",
      "-N",
      "--runs",
      "4",
      "-L",
      "n",
      "20000,40000",
      "-n",
      "insertion",
      "-n",
      "merge",
      `${SORTS} insertion {n} 1`,
      `${SORTS} merge {n} 1`,
      "--export-json",
      json,
      "--json",
    ]);
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout) as {
      campaign: number;
      detail: { designs: string[]; workloads: string[] };
      verdicts: { workloads: { workload: string; speedup: { faster: string } | null }[] }[];
    };
    assert.deepEqual(out.detail.designs, ["insertion", "merge"]);
    assert.deepEqual(out.detail.workloads, ["n-20000", "n-40000"]);
    assert.equal(out.verdicts.length, 1);
    for (const w of out.verdicts[0]!.workloads)
      assert.equal(w.speedup?.faster, "B", `${w.workload}: merge (B) is not shown faster`);
    const exported = JSON.parse(readFileSync(json, "utf8")) as {
      results: { command: string; times: number[]; parameters: Record<string, string>; exit_codes: number[] }[];
    };
    assert.deepEqual(
      exported.results.map((x) => [x.command, x.parameters.n, x.times.length]),
      [
        [`${SORTS} insertion 20000 1`, "20000", 4],
        [`${SORTS} insertion 40000 1`, "40000", 4],
        [`${SORTS} merge 20000 1`, "20000", 4],
        [`${SORTS} merge 40000 1`, "40000", 4],
      ],
    );
    // Read back by the hyperfine import: the same times, as a campaign of its own.
    const imported = varbench(["-w", ws, "import", json, "--project", "bench", "--campaign-name", "back"]);
    assert.equal(imported.status, 0, imported.stderr);
    const shown = JSON.parse(varbench(["-w", ws, "campaign", "show", "2", "--json"]).stdout) as {
      groups: { summary: { n: number; mean: number } | null }[];
    };
    const means = (xs: number[]) => xs.map((t) => Math.round(t / 1e3)).sort((a, b) => a - b);
    const importedMeans = shown.groups.flatMap((g) => (g.summary ? [g.summary.mean] : []));
    const exportedMeans = exported.results.map((x) => (x.times.reduce((a, b) => a + b, 0) / x.times.length) * 1e9);
    assert.deepEqual(means(importedMeans), means(exportedMeans));
  });

  it("says what is wrong with the options, in words", () => {
    const ws = join(tempDir("bench-bad"), "ws");
    assert.match(
      varbench(["-w", ws, "bench", "--profiler", "uftrace", "--shell", "sh", "x"]).stderr,
      /unknown option '--shell'/,
    );
    assert.match(varbench(["-w", ws, "bench", "-L", "n", "", "true {n}"]).stderr, /the parameter n needs values/);
    assert.match(varbench(["-w", ws, "bench", "-L", "1n=2", "true {n}"]).stderr, /"1n" is not a parameter name/);
    assert.match(varbench(["-w", ws, "bench", "-N", "echo 'open"]).stderr, /a single quote is not closed/);
    assert.match(varbench(["-w", ws, "bench", "--runs", "0", "true"]).stderr, /runs: must be at least 1/);
    assert.match(varbench(["-w", ws, "bench", "true {m}"]).stderr, /unknown variable \{m\}/);
  });
});
