// Empirical computational complexity (paper 002 ch. 2) on the thesis's own
// example: examples/bsort.c built with --coverage and run on arrays of 60 to
// 4,000 ints under gcov, by the real command line. Expected values come from
// the thesis (§2.2–2.3) and from the counts worked out from the source.
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { VarbenchService } from "../../engine/api/service.js";
import { inProcessClient } from "../../engine/api/inProcess.js";

const SOURCE = join(ROOT, "examples", "bsort.c");
/** The file:line location of the first line of code (not of the opening comment) that contains `text`. */
const lineOf = (text: string) => `${SOURCE}:${readFileSync(SOURCE, "utf8").split("\n").findIndex((l) => l.includes(text) && !/^\s*(\/\*|\*)/.test(l)) + 1}`;

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
      for (const text of ["while (j < n)", "if (arr[j] < arr[i])", "j++"]) assert.ok(compares.members.includes(lineOf(text)), text);
      assert.equal(compares.name, lineOf("while (j < n)"), "the representative varies most: 0.5n² + 0.5n");
      assert.ok(Math.abs(compares.fits[0].power.b - 2) < 0.02, String(compares.fits[0].power.b));
      const size = r.clusters.find((c) => c.name === "n")!;
      assert.equal(size.representativeIsFeature, true);
      for (const text of ["while (i < n)", "int j = i + 1", "i++"]) assert.ok(size.members.includes(lineOf(text)), text);
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
      const expected = seeds.map((seed) => 0.5 * 3600 + 30 + 2 * (0.5 * 3600 - 30) + 6 * swapsOf(60, seed)).sort((x, y) => x - y);
      assert.deepEqual(n60.map(({ i }) => compares.cost[i]).sort((x, y) => x - y), expected);
      const csv = varbench(["-w", ws, "trends", "1", "--csv"]);
      assert.equal(csv.status, 0, csv.stderr);
      assert.match(csv.stdout.split("\n")[0], /^rank,cluster,locations,max_cost/);
      const bad = varbench(["-w", ws, "trends", "1", "--feature", "size"]);
      assert.equal(bad.status, 1);
      assert.match(bad.stderr, /no feature size in every run \(features: n\)/);
    } finally {
      await service.close();
    }
  });
});

/** The swaps bsort.c makes on n ints drawn from `seed` by its own generator (64-bit LCG, top 31 bits). */
function swapsOf(n: number, seed: number): number {
  let s = BigInt(seed);
  const arr = Array.from({ length: n }, () => {
    s = (s * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
    return Number(s >> 33n) | 0;
  });
  let swaps = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (arr[j] < arr[i]) {
        [arr[i], arr[j]] = [arr[j], arr[i]];
        swaps++;
      }
    }
  }
  return swaps;
}
