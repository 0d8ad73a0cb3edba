// Paper 002 §3.5.5, "Insertion Sort's Cost Depends on More Than Input Size":
// examples/isort.c built with --coverage and run under gcov by the real command
// line on arrays of 50 to 3,000 ints, each size sorted, nearly sorted, random
// and reversed, with n the only feature. Expected values come from the thesis
// and from the counts worked out from the source (isort.c's opening comment).
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { VarbenchService } from "../../engine/api/service.js";
import { inProcessClient } from "../../engine/api/inProcess.js";
import type { TrendsResult } from "../../engine/trend/result.js";

const SOURCE = join(ROOT, "examples", "isort.c");
/** The file:line location of the first line of code (not of the opening comment) that contains `text`. */
const lineOf = (text: string) =>
  `${SOURCE}:${
    readFileSync(SOURCE, "utf8")
      .split("\n")
      .findIndex((l) => l.includes(text) && !/^\s*(\/\*|\*)/.test(l)) + 1
  }`;
type Kind = "sorted" | "nearly" | "random" | "reverse";
/** The campaign runs one repetition, so every run's SEED is its {repetition}, 0. */
const SEED = 0;

describe("insertion sort's cost depends on more than n (002 §3.5.5)", () => {
  let ws: string;
  let r: TrendsResult;
  before(async () => {
    process.env.VARBENCH_CONFIG_DIR = tempDir("config");
    ws = join(tempDir("isort"), "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
    const run = varbench(["-w", ws, "campaign", "run", join(ROOT, "examples", "campaigns", "isort_gcov.yaml")]);
    assert.equal(run.status, 0, run.stderr);
    const service = new VarbenchService(ws, { localFiles: true, remember: false });
    try {
      r = await inProcessClient(service).analyses.trends({ target: { kind: "campaign", campaignId: 1 } });
    } finally {
      await service.close();
    }
  });

  /** The inner loop's cluster: its test, its shift and its --j. */
  const innerLoop = () => r.clusters.find((c) => c.members.includes(lineOf("arr[j + 1] = arr[j];")))!;
  const workloads = () => r.runs.map((run, i) => ({ i, kind: run.workload!.split("-")[0] as Kind, n: run.features.n }));

  it("counts the inner loop as the source says: n + 3S, with S = 0 sorted, ⌊n/2⌋ nearly, n(n − 1)/2 reversed", () => {
    assert.equal(r.source, "gcov");
    assert.deepEqual(r.features, ["n"]);
    assert.equal(r.runs.length, 28);
    const inner = innerLoop();
    const lines = ["while (j >= 0 && arr[j] > val)", "arr[j + 1] = arr[j];", "--j;"].map(lineOf);
    assert.deepEqual([...inner.members].sort(), [...lines].sort());
    assert.equal(
      inner.name,
      lines[0],
      "the representative varies most: the loop test runs n + S times, the other two S times",
    );
    // Per run the cluster costs (n + S) + S + S: the test once per i and once per shift, the shift and --j once per shift.
    for (const { i, kind, n } of workloads())
      assert.equal(inner.cost[i], n + 3 * shifts(kind, n, SEED), `${kind}-${n}`);
    // The outer loop goes around exactly n times (§3.5.5): its lines are in the cluster of the feature n.
    const size = r.clusters.find((c) => c.name === "n")!;
    for (const text of ["while (i < n)", "int val = arr[i];", "int j = i - 1;", "arr[j + 1] = val;", "++i;"])
      assert.ok(size.members.includes(lineOf(text)), text);
    assert.ok(Math.abs(size.fits[0].power.b - 1) < 0.01, String(size.fits[0].power.b));
  });

  it("on all four kinds together fits the inner loop by n^1.5, with sorted runs below the fit and reversed runs above (Fig. 3.24)", () => {
    const fit = innerLoop().fits[0];
    // At each n the costs are about n, 2.5n, 0.75n² and 1.5n² (sorted, nearly, random, reversed): their mean log is
    // 1.5·log n + const, so the expensive half pulls the exponent from 1 to 1.5 ("toward quadratic", §3.5.5).
    assert.ok(Math.abs(fit.power.b - 1.5) < 0.05, String(fit.power.b));
    // n alone does not explain the cost: at one n, sorted and reversed runs lie log(1.5n) ≥ 4.3 apart in log cost,
    // while the whole fitted line rises only 1.5·log(3000/50) ≈ 6.1 over the sizes.
    assert.ok(fit.power.r2 < 0.9, String(fit.power.r2));
    assert.equal(fit.residuals.length, r.runs.length);
    const at = new Map(workloads().map((w) => [`${w.kind}-${w.n}`, fit.residuals[w.i]]));
    // From n = 400 up the kinds are far apart (n against 1.5n²), whatever model is chosen.
    for (const n of [400, 800, 1600, 3000]) {
      const sorted = at.get(`sorted-${n}`)!;
      const reverse = at.get(`reverse-${n}`)!;
      assert.ok(sorted < 0, `sorted-${n} below the fit: ${sorted}`);
      assert.ok(reverse > 0, `reverse-${n} above the fit: ${reverse}`);
      assert.ok(reverse > sorted);
    }
  });

  it("restricted to one sortedness, the inner loop scales linearly (sorted, nearly) or quadratically (random, reversed) (Figs. 3.22, 3.23)", () => {
    const inner = innerLoop();
    const exponentOf = (kinds: readonly Kind[]) => {
      const picked = workloads().filter((w) => kinds.includes(w.kind));
      assert.equal(picked.length, 14);
      return logSlope(
        picked.map((w) => w.n),
        picked.map((w) => inner.cost[w.i]),
      );
    };
    // n and 2.5n: exactly 1. Random and reversed: n + 0.75n² (in expectation) and 1.5n² − 0.5n, 2 less a little at n = 50.
    const ordered = exponentOf(["sorted", "nearly"]);
    const shuffled = exponentOf(["random", "reverse"]);
    assert.ok(Math.abs(ordered - 1) < 0.05, String(ordered));
    assert.ok(Math.abs(shuffled - 2) < 0.05, String(shuffled));
  });
});

/** The slope of log y against log x by least squares: a powerlaw's exponent (002 A.1.3). */
function logSlope(x: readonly number[], y: readonly number[]): number {
  const lx = x.map(Math.log);
  const ly = y.map(Math.log);
  const mx = lx.reduce((s, v) => s + v, 0) / lx.length;
  const my = ly.reduce((s, v) => s + v, 0) / ly.length;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < lx.length; i++) {
    sxy += (lx[i] - mx) * (ly[i] - my);
    sxx += (lx[i] - mx) ** 2;
  }
  return sxy / sxx;
}

/** The shifts isort makes, its input's inversions: isort.c's inputs are n distinct ints. */
function shifts(kind: Kind, n: number, seed: number): number {
  if (kind === "sorted") return 0;
  if (kind === "nearly") return Math.floor(n / 2); // each swapped adjacent pair is one inversion
  if (kind === "reverse") return (n * (n - 1)) / 2; // every pair is inverted
  return inversions(permutation(n, seed));
}

/** isort.c's random input: Fisher–Yates over 0…n−1 with its generator (64-bit LCG, top 31 bits). */
function permutation(n: number, seed: number): number[] {
  let s = BigInt(seed);
  const next = () => {
    s = (s * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
    return Number(s >> 33n);
  };
  const arr = Array.from({ length: n }, (_, k) => k);
  for (let k = n - 1; k > 0; k--) {
    const j = next() % (k + 1);
    [arr[k], arr[j]] = [arr[j], arr[k]];
  }
  return arr;
}

function inversions(arr: readonly number[]): number {
  let count = 0;
  for (let i = 0; i < arr.length; i++) for (let j = i + 1; j < arr.length; j++) if (arr[i] > arr[j]) count++;
  return count;
}
