// Empirical computational complexity (paper 002 ch. 2) on the thesis's own
// example: examples/bsort.c built with --coverage and run on arrays of 60 to
// 4,000 ints under gcov, by the real command line. Expected values come from
// the thesis (§2.2–2.3) and from the counts worked out from the source.
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { swapsOf } from "../helpers/bsort.js";
import { VarbenchService } from "../../engine/api/service.js";
import { inProcessClient } from "../../engine/api/inProcess.js";

const SOURCE = join(ROOT, "examples", "bsort.c");
/** The file:line location of the first line of code (not of the opening comment) that contains `text`. */
const lineOf = (text: string) =>
  `${SOURCE}:${
    readFileSync(SOURCE, "utf8")
      .split("\n")
      .findIndex((l) => l.includes(text) && !/^\s*(\/\*|\*)/.test(l)) + 1
  }`;

describe("empirical complexity of bubble sort (002 §2.2)", () => {
  let ws: string;
  before(() => {
    process.env.VARBENCH_CONFIG_DIR = tempDir("config");
    ws = join(tempDir("trends"), "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
    const r = varbench(["-w", ws, "campaign", "run", join(ROOT, "examples", "campaigns", "bsort_gcov.yaml")]);
    assert.equal(r.status, 0, r.stderr);
  });

  it("clusters the compares and the size lines as §2.3.1 does and fits n^2.00 and n^1.00", async () => {
    const service = new VarbenchService(ws, { localFiles: true, remember: false });
    try {
      const r = await inProcessClient(service).analyses.trends({ target: { kind: "campaign", campaignId: 1 } });
      assert.equal(r.source, "gcov");
      assert.deepEqual(r.features, ["n"]);
      assert.equal(r.runs.length, 18);
      const compares = r.clusters.find((c) => c.members.includes(lineOf("if (arr[j] < arr[i])")))!;
      for (const text of ["while (j < n)", "if (arr[j] < arr[i])", "j++"])
        assert.ok(compares.members.includes(lineOf(text)), text);
      assert.equal(compares.name, lineOf("while (j < n)"), "the representative varies most: 0.5n² + 0.5n");
      assert.ok(Math.abs(compares.fits[0].power.b - 2) < 0.02, String(compares.fits[0].power.b));
      const size = r.clusters.find((c) => c.name === "n")!;
      assert.equal(size.representativeIsFeature, true);
      for (const text of ["while (i < n)", "int j = i + 1", "i++"])
        assert.ok(size.members.includes(lineOf(text)), text);
      assert.ok(Math.abs(size.fits[0].power.b - 1) < 0.02, String(size.fits[0].power.b));
      // Ranked by maximum cost, the compares first; at n = 4000 they cost at least 1.5·n² (lines 21, 22, 24).
      assert.equal(r.clusters[0], compares);
      assert.ok(compares.maxCost >= 1.5 * 4000 ** 2);
    } finally {
      await service.close();
    }
  });

  it("counts each line as the source says: the compares cluster of n = 60 is 0.5n² + 0.5n, twice 0.5n² − 0.5n, and six lines per swap", async () => {
    const service = new VarbenchService(ws, { localFiles: true, remember: false });
    try {
      const r = await inProcessClient(service).analyses.trends({ target: { kind: "campaign", campaignId: 1 } });
      const compares = r.clusters[0];
      // Its lines: the loop test (0.5n² + 0.5n), the compare and j++ (0.5n² − 0.5n each), and the swap's
      // call, entry and four statements (once per swap each). The swaps come from the program's own draws.
      assert.equal(compares.members.length, 9);
      const seeds = [0, 1, 2];
      const n60 = r.runs.map((x, i) => ({ x, i })).filter(({ x }) => x.features.n === 60);
      assert.equal(n60.length, 3);
      const expected = seeds
        .map((seed) => 0.5 * 3600 + 30 + 2 * (0.5 * 3600 - 30) + 6 * swapsOf(60, seed))
        .sort((x, y) => x - y);
      assert.deepEqual(
        n60.map(({ i }) => compares.cost[i]).sort((x, y) => x - y),
        expected,
      );
      const csv = varbench(["-w", ws, "trends", "1", "--csv"]);
      assert.equal(csv.status, 0, csv.stderr);
      assert.match(csv.stdout.split("\n")[0], /^rank,cluster,locations,max_cost/);
      const bad = varbench(["-w", ws, "trends", "1", "--feature", "size"]);
      assert.equal(bad.status, 1);
      assert.match(bad.stderr, /feature size not a feature of every run \(features: n\)/);
    } finally {
      await service.close();
    }
  });
});

describe("empirical complexity of bubble sort under callgrind: functions for locations (002 §2.1.2)", () => {
  it("clusters bsort's and swap's costs together and fits them n^2", async () => {
    process.env.VARBENCH_CONFIG_DIR = tempDir("config");
    const ws = join(tempDir("bsort-callgrind"), "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
    const run = varbench(["-w", ws, "campaign", "run", join(ROOT, "examples", "campaigns", "bsort_callgrind.yaml")]);
    assert.equal(run.status, 0, run.stderr);
    const service = new VarbenchService(ws, { localFiles: true, remember: false });
    try {
      const r = await inProcessClient(service).analyses.trends({ target: { kind: "campaign", campaignId: 1 } });
      assert.equal(r.source, "callgrind");
      assert.equal(r.runs.length, 12);
      // With functions for locations the compares (bsort's own instructions) and the swaps (swap's
      // instructions) vary together: one quadratic cluster, where lines made two (§2.3.1). Call
      // counts are another unit, not summed with instructions.
      const bsort = r.clusters.find((c) => c.members.includes("bsort (self Ir)"))!;
      assert.deepEqual([...bsort.members].sort(), ["bsort (self Ir)", "swap (self Ir)"]);
      assert.ok(r.notes.some((n) => /call counts not clustered with costs/.test(n)));
      const b = bsort.fits[0].power.b;
      // Its compares (0.5n² − 0.5n) and the calls of its swaps (about n²/4) are both quadratic.
      assert.ok(Math.abs(b - 2) < 0.05, String(b));
      assert.equal(r.clusters[0], bsort, "the costliest cluster");
    } finally {
      await service.close();
    }
  });
});

describe("two designs' empirical complexity: merge sort and insertion sort under callgrind", () => {
  let ws: string;
  before(() => {
    process.env.VARBENCH_CONFIG_DIR = tempDir("config");
    ws = join(tempDir("sorts"), "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
    const r = varbench(["-w", ws, "campaign", "run", join(ROOT, "examples", "campaigns", "sorts_callgrind.yaml")]);
    assert.equal(r.status, 0, r.stderr);
  });

  it("names insertion sort as the design that scales worse, with the crossing inside the measured sizes", async () => {
    const service = new VarbenchService(ws, { localFiles: true, remember: false });
    try {
      const design = (name: string) => ({ kind: "design" as const, campaignId: 1, design: name, workload: null });
      const r = await inProcessClient(service).analyses.trendComparison({ a: design("merge"), b: design("insertion") });
      assert.equal(r.source, "callgrind");
      assert.equal(r.feature, "n");
      assert.equal(r.locations[0].name, "(whole program)");
      const main = r.locations.find((l) => l.name === "main (inclusive Ir)")!;
      for (const l of [r.locations[0], main]) {
        assert.match(l.scalesWorse ?? "", /^insertion/, l.name);
        assert.ok(l.exponentDifference!.interval!.low > 0, l.name);
        // Insertion sort on n random ints costs about n²/4 shifts; merge sort about n·log₂ n steps,
        // plus 1.5 · 10⁵ instructions of start-up both share: the designs trade places at a few dozen ints.
        assert.equal(l.crossoverMeasured, true, l.name);
        assert.ok(
          l.observedCrossing !== null && l.observedCrossing[0] >= 8 && l.observedCrossing[1] <= 256,
          JSON.stringify(l.observedCrossing),
        );
      }
      // Each sort's own instructions: n² for insertion sort; n·log n for merge sort, whose log-log slope
      // over 8…2048 is 1 + ln(log₂ 2048 / log₂ 8) / ln(2048 / 8) = 1.23.
      const insertion = r.locations.find((l) => l.name === "insertion_sort (self Ir)")!;
      assert.equal(insertion.fits[0], null);
      assert.ok(Math.abs(insertion.fits[1]!.fit.power.b - 2) < 0.1, String(insertion.fits[1]!.fit.power.b));
      const merge = r.locations.find((l) => l.name === "merge_sort (self Ir)")!;
      assert.equal(merge.fits[1], null);
      assert.ok(Math.abs(merge.fits[0]!.fit.power.b - 1.23) < 0.08, String(merge.fits[0]!.fit.power.b));
      // Code both designs run alike is not called worse, and its fits are not said to cross.
      const fill = r.locations.find((l) => l.name === "fill_random (self Ir)")!;
      assert.equal(fill.scalesWorse, null);
      assert.equal(fill.crossover, null);
      const text = varbench(["-w", ws, "trends", "1", "--designs", "merge,insertion"]);
      assert.equal(text.status, 0, text.stderr);
      assert.match(
        text.stdout,
        /insertion \(campaign 1\) scales worse: its exponent in n is larger by \d\.\d\d; the fits cross at n ≈ [\d.]+, inside the measured range/,
      );
      const one = varbench(["-w", ws, "trends", "1", "--designs", "merge"]);
      assert.equal(one.status, 1);
      assert.match(one.stderr, /--designs: name two designs, A,B/);
    } finally {
      await service.close();
    }
  });

  it("quotes the growth of the whole program, not a powerlaw bent by its start-up cost (issue 28 item 5e)", async () => {
    const service = new VarbenchService(ws, { localFiles: true, remember: false });
    try {
      const design = (name: string) => ({ kind: "design" as const, campaignId: 1, design: name, workload: null });
      const r = await inProcessClient(service).analyses.trendComparison({ a: design("merge"), b: design("insertion") });
      const [merge, insertion] = r.locations[0].fits.map((f) => f!.fit);
      // About 1.3e5 Ir of dynamic loading before main, the same in both designs, dominate n = 8:
      // a plain powerlaw through the whole program bends to n^0.4 (merge) and n^0.9 (insertion).
      assert.ok(merge.power.b < 0.6 && insertion.power.b < 1.2, `${merge.power.b}, ${insertion.power.b}`);
      // A fixed cost plus a powerlaw fits both, and its exponent is the sorts' own: insertion sort's
      // n²/4 shifts, merge sort's n·log₂ n (a log-log slope of 1.1–1.3 over 8…2048, as merge_sort's own).
      assert.equal(merge.model, "offset");
      assert.equal(insertion.model, "offset");
      assert.ok(
        Math.abs(insertion.exponent.value - 2) < 0.1 && merge.exponent.value > 1.05 && merge.exponent.value < 1.3,
        `${merge.exponent.value}, ${insertion.exponent.value}`,
      );
      assert.ok(merge.offset!.a > 1e5 && insertion.offset!.a > 1e5, "the start-up cost, over 10⁵ Ir");
      const d = r.locations[0].exponentDifference!;
      assert.ok(
        Math.abs(d.value - (insertion.exponent.value - merge.exponent.value)) < 1e-12 && d.interval!.low > 0.5,
        JSON.stringify(d),
      );
    } finally {
      await service.close();
    }
  });

  it("counts no function's inclusive instructions twice: two functions named (below main) are told apart (issue 28 item 5d)", async () => {
    const service = new VarbenchService(ws, { localFiles: true, remember: false });
    try {
      const design = (name: string) => ({ kind: "design" as const, campaignId: 1, design: name, workload: null });
      const r = await inProcessClient(service).analyses.trendComparison({ a: design("merge"), b: design("insertion") });
      // glibc's _start is "(below main)" in the program, and __libc_start_call_main "(below main)" in
      // libc.so.6, the one inside the other: their inclusive costs added up to twice the program's.
      const names = r.locations.map((l) => l.name);
      assert.ok(
        names.includes("(below main) [sorts] (inclusive Ir)") &&
          names.includes("(below main) [libc.so.6] (inclusive Ir)"),
        names.filter((n) => n.includes("below")).join(", "),
      );
      // No function's inclusive cost exceeds the whole program's in any run: callgrind's counts are exact.
      for (const side of [0, 1] as const) {
        const whole = new Map(r.locations[0].fits[side]!.points.map((p) => [p.runId, p.y]));
        for (const l of r.locations.filter((x) => x.name.includes("(inclusive")))
          for (const p of l.fits[side]?.points ?? [])
            assert.ok(p.y <= whole.get(p.runId)!, `${l.name}: ${p.y} > ${whole.get(p.runId)} in run ${p.runId}`);
      }
    } finally {
      await service.close();
    }
  });

  it("fits one design at a time: a campaign of two designs is never pooled, and the command line gives each its own", async () => {
    const service = new VarbenchService(ws, { localFiles: true, remember: false });
    try {
      const api = inProcessClient(service);
      await assert.rejects(
        api.analyses.trends({ target: { kind: "campaign", campaignId: 1 } }),
        /holds 2 designs .*never to several pooled/,
      );
      await assert.rejects(
        api.analyses.functionTrends({ target: { kind: "campaign", campaignId: 1 } }),
        /never to several pooled/,
      );
    } finally {
      await service.close();
    }
    const text = varbench(["-w", ws, "trends", "1"]);
    assert.equal(text.status, 0, text.stderr);
    assert.match(text.stdout, /Empirical complexity of merge \(campaign 1\)/);
    assert.match(text.stdout, /Empirical complexity of insertion \(campaign 1\)/);
  });
});

describe("a campaign of one workload: no trend to fit (issue 27 item 8)", () => {
  it("refuses in words: all runs are of one workload", () => {
    process.env.VARBENCH_CONFIG_DIR = tempDir("config");
    const dir = tempDir("one-workload");
    const ws = join(dir, "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
    const spec = readFileSync(join(ROOT, "examples", "campaigns", "bsort_gcov.yaml"), "utf8");
    const file = join(dir, "one.yaml");
    // bsort_gcov.yaml with its first workload only.
    const lines = spec.split("\n");
    const first = lines.findIndex((l) => /^\s+- \{ name:/.test(l));
    writeFileSync(
      file,
      lines
        .filter((l, i) => !/^\s+- \{ name:/.test(l) || i === first)
        .join("\n")
        .replaceAll("{spec_dir}", join(ROOT, "examples", "campaigns")),
    );
    const run = varbench(["-w", ws, "campaign", "run", file]);
    assert.equal(run.status, 0, run.stderr);
    const r = varbench(["-w", ws, "trends", "1"]);
    assert.equal(r.status, 1);
    assert.match(
      r.stderr,
      /all 3 runs are of one workload \(n-\d+\), and a trend fits cost against features that differ between workloads: run workloads of at least 3 sizes/,
    );
    assert.doesNotMatch(r.stderr, /at .*\.js:\d+|TypeError|Error:/, "words, not a stack trace");
  });
});
