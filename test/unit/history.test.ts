// A project's history (engine/history/history.ts, series.ts, versions.ts, environment.ts): series kept
// apart by environment with the change said as such, versions in commit order where git knows them, the
// false-discovery control across series, and --min-magnitude; expected values worked by hand.
import { test } from "node:test";
import assert from "node:assert/strict";
import { analyzeHistory, newestRegressions } from "../../engine/history/history.js";
import type { HistoryObservation } from "../../engine/history/series.js";
import { orderVersions } from "../../engine/history/versions.js";
import { environmentFields } from "../../engine/history/environment.js";
import { explainChange } from "../../engine/history/explain.js";
import { seededRandom } from "../../engine/stats/random.js";

const ARGS = { fdr: 0.05, minSegment: 3, minMagnitude: 0 };
const versions = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `v${i}`, commit: null, dirty: null }));

function runs(o: {
  workload: string;
  n: number;
  level: (v: number) => number;
  env?: (v: number) => string;
  seed: number;
}) {
  const r = seededRandom(o.seed);
  const out: HistoryObservation[] = [];
  for (let v = 0; v < o.n; v++)
    for (let k = 0; k < 3; k++)
      out.push({
        version: v,
        design: "d",
        workload: o.workload,
        metric: "wall",
        environment: o.env?.(v) ?? "here",
        value: o.level(v) * (1 + 0.04 * (r() - 0.5)),
      });
  return out;
}

test("a step where the machine changed is an environment change, never a regression", () => {
  const observations = runs({
    workload: "w",
    n: 20,
    level: (v) => (v < 10 ? 100 : 150),
    env: (v) => (v < 10 ? "host=a" : "host=b"),
    seed: 1,
  });
  const r = analyzeHistory({ versions: versions(20), observations }, ARGS);
  assert.equal(r.series.length, 2, "one series per environment");
  assert.deepEqual(
    r.series.map((s) => s.changes.length),
    [0, 0],
  );
  assert.deepEqual(
    r.environmentChanges.map((e) => [e.from, e.to, e.before, e.after]),
    [[9, 10, "host=a", "host=b"]],
  );
  assert.deepEqual(newestRegressions(r, 0), []);
});

test("the same step within one environment is a regression at its version, and --min-magnitude can leave it out", () => {
  const observations = runs({ workload: "w", n: 20, level: (v) => (v < 10 ? 100 : 150), seed: 2 });
  const r = analyzeHistory({ versions: versions(20), observations }, ARGS);
  const [c] = r.series[0].changes;
  assert.equal(c.after, 10);
  assert.equal(c.before, 9);
  assert.equal(c.regression, true);
  assert.ok(Math.abs(c.ratio!.estimate - 1.5) < 0.03);
  assert.equal(newestRegressions(r, 0.02).length, 1);
  const big = analyzeHistory({ versions: versions(20), observations }, { ...ARGS, minMagnitude: 0.6 });
  assert.deepEqual(big.series[0].changes, []);
  assert.equal(big.series[0].small, 1);
});

test("a change among 50 flat series is found (the permutations reach q/m) and the flat ones stay flat", () => {
  const observations = [
    runs({ workload: "w00", n: 20, level: (v) => (v < 12 ? 100 : 120), seed: 3 }),
    ...Array.from({ length: 49 }, (_, i) =>
      runs({ workload: `w${String(i + 1).padStart(2, "0")}`, n: 20, level: () => 100, seed: 10 + i }),
    ),
  ].flat();
  const r = analyzeHistory({ versions: versions(20), observations }, ARGS);
  assert.equal(r.method.tested, 50);
  assert.equal(r.method.maxPermutations, 999, "m/q − 1 = 50/0.05 − 1");
  assert.deepEqual(
    r.series.flatMap((s) => s.changes.map((c) => [s.workload, c.after])),
    [["w00", 12]],
  );
});

test("versions: one per label, campaigns without one each their own, commit order where git knows it", () => {
  const o = orderVersions(
    [
      { campaignId: 1, campaignName: "a", label: "c3", commit: "ccc", dirty: false },
      { campaignId: 2, campaignName: "b", label: "rel", commit: null, dirty: null },
      { campaignId: 3, campaignName: "c", label: "c1", commit: "aaa", dirty: false },
      { campaignId: 4, campaignName: "d", label: "c3", commit: "ccc", dirty: true },
      { campaignId: 5, campaignName: "e", label: null, commit: null, dirty: null },
    ],
    new Map([
      ["aaa", 0],
      ["ccc", 2],
    ]),
  );
  // First seen: c3, rel, c1, campaign-5; c3 and c1 hold places 0 and 2, refilled in commit order: c1, c3.
  assert.deepEqual(
    o.versions.map((v) => [v.label, v.campaigns, v.dirty]),
    [
      ["c1", [3], false],
      ["rel", [2], null],
      ["c3", [1, 4], true],
      ["campaign-5", [5], null],
    ],
  );
  assert.equal(o.versionOf.get(4), 2);
  assert.match(o.order, /2 of 4/);
});

test("environment fields: the runner's, Google Benchmark's context, pyperf's metadata; load and dates left out", () => {
  assert.deepEqual(
    environmentFields({
      host: "h",
      cpuModel: "X",
      cores: 8,
      kernel: "6.1",
      profiler: "uftrace v0.13",
      loadAverage: [1],
    }),
    { host: "h", cpu: "X", cores: 8, kernel: "6.1", tool: "uftrace v0.13" },
  );
  assert.deepEqual(environmentFields({ context: { host_name: "g", num_cpus: 4, library_version: "v1.8.3" } }), {
    host: "g",
    cpu: null,
    cores: 4,
    kernel: null,
    tool: "v1.8.3",
  });
  assert.deepEqual(environmentFields({}), { host: null, cpu: null, cores: null, kernel: null, tool: null });
});

test("an explanation ranks by own time per run, so the change is named once, where it is spent", () => {
  const row = (path: string[], n: number, inclusiveNs: number, selfNs: number) => ({
    id: 0,
    path,
    n,
    meanNs: inclusiveNs / n,
    stdNs: 0,
    cov: 0,
    minNs: 0,
    maxNs: 0,
    inclusiveNs,
    selfNs,
  });
  // step() costs 10 ns a call; transform calls it 300 times, then 390: main's and transform's inclusive
  // time rise by 900 ns as step's does, their own time not at all.
  const side = (calls: number) => [
    row(["main"], 1, 1100 + calls * 10, 50),
    row(["main", "transform"], 1, 20 + calls * 10, 20),
    row(["main", "transform", "step"], calls, calls * 10, calls * 10),
    row(["main", "parse"], 1, 1050, 1050),
  ];
  const c = explainChange([side(300)], [side(390)]);
  assert.deepEqual(
    c.map((x) => [x.path.join(">"), x.callsBefore, x.callsAfter, x.deltaNs, x.inclusiveAfter - x.inclusiveBefore]),
    [["main>transform>step", 300, 390, 900, 900]],
  );
});
