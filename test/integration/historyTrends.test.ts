// A change point explained by a trend (issue 33 item 3, paper 002) on real runs: examples/scaling.c
// measured under uftrace at 12 versions (a campaign each) on inputs of 50, 100 and 200 (the workloads'
// feature n), its sort() calling step() about n times, and n·n/50 times from v07 on: the same at n = 50,
// twice at 100, four times at 200. Each side's runs over the three workloads fitted against n: the
// exponent goes from about 1 to about 2. The measure is the calls uftrace recorded, a count that does not
// depend on the machine's speed.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT } from "../helpers/uftrace.js";
import type { VarbenchService } from "../../engine/api/service.js";
import { recordVersions, versionLabel } from "../helpers/versionedCampaigns.js";
import type { VarbenchApi } from "../../engine/api/contract.js";

const VERSIONS = 12;
const QUADRATIC_FROM = 7;
const SIZES = [50, 100, 200];
const label = versionLabel;
let service: VarbenchService;
let api: VarbenchApi;

function spec(v: number): string {
  const program = join(ROOT, "examples", "build", "scaling");
  return [
    "project: scaling",
    `name: run-${label(v)}`,
    "designs:",
    "  - name: O0",
    "workloads:",
    ...SIZES.flatMap((n) => [
      `  - name: n${n}`,
      `    argv: ["${program}", "${v}", "${QUADRATIC_FROM}", "${n}"]`,
      `    features: { n: ${n} }`,
    ]),
    "repetitions: 1",
    "profiler: uftrace",
    "order: sequential",
    "timeout: 60s",
    "",
  ].join("\n");
}

before(async () => {
  ({ service, api } = await recordVersions("history-trends", VERSIONS, spec));
});

after(() => service.close());

describe("history explained by trends", () => {
  it("finds the change at v07 where the cost grows with n and says the exponent went up", async () => {
    const r = await api.history.project({ project: "scaling", metric: "calls" });
    const n200 = r.series.findIndex((s) => s.workload === "n200");
    assert.equal(r.series[n200].changes.length, 1, JSON.stringify(r.series[n200].changes));
    assert.equal(r.versions[r.series[n200].changes[0].after].label, label(QUADRATIC_FROM));
    const why = r.explanations.find((e) => e.series === n200 && e.change === 0)!;
    const trends = why.findings!.find((f) => f.analysis === "trends")!;
    assert.match(trends.summary, /scales worse against n after the change/, JSON.stringify(trends, null, 1));
    assert.ok(trends.score > 0.5, `${trends.score}`);
    // The whole program's exponent: about 1 before (n calls), about 2 after (n·n/50).
    const whole = trends.details.find((d) => d.startsWith("(whole program)"))!;
    const [b, a] = [...whole.matchAll(/n\^(\d+\.\d+)/g)].map((m) => Number(m[1]));
    assert.ok(Math.abs(b - 1) < 0.25 && Math.abs(a - 2) < 0.25, whole);
    assert.match(whole, /changed/);
  });
});
