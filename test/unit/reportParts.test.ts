// Parts of the campaign report worked by hand: the answer from two designs'
// wall times (Welch's interval, Mann–Whitney's exact p), cells for people and
// for CSV, Markdown escaping, and the version reports name.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { baselinesOf } from "../../engine/patterns/comparison.js";
import { pairedInterval, patternHeadline, wallHeadline, workloadHeadline, workloadVerdicts } from "../../engine/report/campaignReport/headline.js";
import { csvRows, csvText, formatCell } from "../../engine/report/campaignReport/cells.js";
import { markdownTable } from "../../engine/report/campaignReport/markdown.js";
import { VARBENCH_VERSION } from "../../engine/report/version.js";
import { ROOT } from "../helpers/uftrace.js";

const OPTIONS = { confidence: 0.95, precision: 0.01 };

describe("report headline from wall times", () => {
  it("names B faster when Welch's interval of the change excludes 0", () => {
    // Means 100 and 80: improvement (A − B)/A = 0.2. Each side's sample variance is 10/3, so the
    // standard error is √(2·(10/3)/4) = 1.2910 on df = 6 (Welch–Satterthwaite, equal variances and
    // sizes); t(0.975, 6) = 2.4469 gives 20 ± 3.1589, or 0.1684 to 0.2316 of A's mean.
    const h = wallHeadline(baselinesOf([99, 101, 98, 102], [79, 81, 78, 82], OPTIONS), 0.95);
    assert.equal(h.faster, "B");
    assert.ok(Math.abs(h.improvement - 0.2) < 1e-12);
    assert.ok(Math.abs(h.interval!.low - 0.16841) < 1e-4, String(h.interval!.low));
    assert.ok(Math.abs(h.interval!.high - 0.23159) < 1e-4, String(h.interval!.high));
    // No ties, every run of A above every run of B: U = 16 of 16 pairs, exact two-sided p = 2/C(8,4) = 2/70.
    assert.ok(Math.abs(h.p! - 2 / 70) < 1e-12);
    assert.match(h.sentence, /^B is faster: under difference of mean wall times \(Welch's interval\), B's wall time is 20\.0% lower than A's \(95% interval of the change −23\.2% to −16\.8%\)\. Mann–Whitney over all runs: p = 0\.029, a difference at 95% confidence\.$/);
  });

  it("names neither when the interval holds 0", () => {
    const h = wallHeadline(baselinesOf([100, 110, 90, 100], [101, 111, 91, 99], OPTIONS), 0.95);
    assert.equal(h.faster, null);
    assert.match(h.sentence, /^Neither design is shown faster/);
  });
});

describe("report headline under matched runs (M-Run)", () => {
  const pair = (metricA: number, metricB: number) => ({ pattern: "P1", runA: 1, runB: 2, metricA, metricB, distance: 0 });

  it("gives M-Run's improvement the Student t interval of its pairs' differences over A's mean", () => {
    // A 100, 110, 120 against B 90, 98, 112: differences 10, 12, 8, mean 10, s = 2; t(0.975, 2) = 4.302653
    // gives 10 ± 4.302653·2/√3 = 10 ± 4.968275, over A's mean 110: 0.045743 to 0.136075.
    const i = pairedInterval([pair(100, 90), pair(110, 98), pair(120, 112)], 0.95)!;
    assert.ok(Math.abs(i.low - 0.045743) < 1e-5, String(i.low));
    assert.ok(Math.abs(i.high - 0.136075) < 1e-5, String(i.high));
  });

  it("has no interval from one pair, and one that holds 0 when the pairs disagree", () => {
    assert.equal(pairedInterval([pair(100, 90)], 0.95), null);
    const i = pairedInterval([pair(100, 90), pair(100, 105), pair(100, 97)], 0.95)!;
    assert.ok(i.low < 0 && i.high > 0);
  });

  it("names a design from A-Pattern's point estimate only where Mann–Whitney over all runs shows it too", () => {
    // Each design's runs in patterns of their own: A-Pattern alone applies, B 5.7% slower as a point.
    const of = (a: number[], b: number[]) =>
      patternHeadline({ metric: { title: "wall time" }, strategies: { mRun: null, cPattern: null, aPattern: { improvement: -0.057, basis: 4 } }, baselines: baselinesOf(a, b, OPTIONS), matched: [], confidence: 0.95 } as unknown as Parameters<typeof patternHeadline>[0]);
    // 3 runs a side interleaved: U = 4 of 9, exact p = 1.0; nothing supports the point.
    const weak = of([15.0, 15.2, 15.5], [13.4, 15.1, 19.8]);
    assert.equal(weak.faster, null);
    assert.match(weak.sentence, /^Neither design is shown faster: under A-Pattern .* by \+5\.7% \(a point estimate, which no test over all runs supports\)/);
    // 4 runs a side, every run of B above every run of A: exact p = 2/70, the same way.
    const strong = of([10, 10.1, 10.2, 10.3], [11, 11.1, 11.2, 11.3]);
    assert.equal(strong.faster, "A");
  });

  it("names no design from one run a side", () => {
    const h = wallHeadline(baselinesOf([100], [50], OPTIONS), 0.95);
    assert.equal(h.faster, null);
    assert.match(h.sentence, /one run a side gives no interval/);
  });
});

describe("report headline over several workloads", () => {
  it("compares each workload on its own and summarises B/A by its geometric mean", () => {
    // B takes half of A's time on both workloads: B/A = 0.5 and 0.5, geometric mean 0.5. On each,
    // Welch's interval of 5 ± 2.1 (and 10 ± 4.1) excludes 0, so B is faster on every workload.
    const v = workloadVerdicts(
      [
        { workload: "small", a: [10, 11, 9], b: [5, 5.5, 4.5] },
        { workload: "large", a: [20, 22, 18], b: [10, 11, 9] },
      ],
      0.95,
    );
    assert.deepEqual(v.map((x) => x.faster), ["B", "B"]);
    const h = workloadHeadline(v, 0.95);
    assert.equal(h.faster, "B");
    assert.ok(Math.abs(h.improvement - 0.5) < 1e-12);
    assert.match(h.sentence, /^B is faster on every one of the 2 workloads \(Welch's 95% interval per workload\); the geometric mean of B's wall time over A's is 0\.500 \(−50\.0%\)\.$/);
    // B twice as fast on one, twice as slow on the other: geometric mean 1, neither faster.
    const mixed = workloadHeadline(workloadVerdicts([{ workload: "small", a: [10, 11, 9], b: [5, 5.5, 4.5] }, { workload: "large", a: [10, 11, 9], b: [20, 22, 18] }], 0.95), 0.95);
    assert.equal(mixed.faster, null);
    assert.ok(Math.abs(mixed.improvement) < 1e-12);
    assert.match(mixed.sentence, /^Neither design is faster on every workload: B is faster on 1, A on 1, and no difference is shown on 0 of 2/);
  });
});

describe("report cells", () => {
  it("formats for people and keeps raw values for CSV, an interval over two columns", () => {
    assert.equal(formatCell(1_500_000, "ns"), "1.500 ms");
    assert.equal(formatCell(0.1234, "percent"), "12.3%");
    assert.equal(formatCell([1000, 2000], "nsInterval"), "1.000 us – 2.000 us");
    assert.equal(formatCell(null, "ns"), "—");
    const t = { id: "t", title: "t", columns: [{ key: "d", label: "design", unit: "text" as const }, { key: "ci", label: "CI", unit: "nsInterval" as const }], rows: [["a,b", [1, 2] as const]] };
    assert.deepEqual(csvRows(t), [["design", "CI low (ns)", "CI high (ns)"], ["a,b", "1", "2"]]);
    assert.equal(csvText(csvRows(t)), 'design,CI low (ns),CI high (ns)\r\n"a,b",1,2\r\n');
    assert.equal(markdownTable({ ...t, rows: [["x|y", null]] }).split("\n")[2], "| x\\|y | — |");
  });

  it("names the package's version", () => {
    assert.equal(VARBENCH_VERSION, (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version);
  });
});
