// History across versions (issue 33 item 5) on real runs: examples/versioned.c measured under uftrace at 20
// versions (a campaign each, `--version v01`…), its transform() made 30 % busier from v12 on; each version
// also varies by up to ±5 % (the program's own noise, fixed per version). The measure is the calls uftrace
// recorded, a count that does not depend on the machine's speed.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import type { VarbenchService } from "../../engine/api/service.js";
import { recordVersions, versionLabel } from "../helpers/versionedCampaigns.js";
import type { VarbenchApi } from "../../engine/api/contract.js";
import type { HistoryReport } from "../../engine/api/types.js";

const VERSIONS = 20;
const REGRESSED_FROM = 12;
const label = versionLabel;
let service: VarbenchService;
let api: VarbenchApi;
let dir: string;

function spec(v: number): string {
  const program = join(ROOT, "examples", "build", "versioned");
  return [
    "project: versions",
    `name: run-${label(v)}`,
    "designs:",
    "  - name: O0",
    "workloads:",
    "  - name: regressed",
    `    argv: ["${program}", "${v}", "${REGRESSED_FROM}"]`,
    "  - name: steady",
    `    argv: ["${program}", "${v}", "0"]`,
    "repetitions: 2",
    "profiler: uftrace",
    "order: sequential",
    "timeout: 60s",
    "",
  ].join("\n");
}

before(async () => {
  ({ service, api, dir } = await recordVersions("history", VERSIONS, spec, (p, v) =>
    assert.deepEqual(p.version, { label: label(v), commit: null, dirty: null }, "a label outside git has no commit"),
  ));
});

after(() => service.close());

const series = (r: HistoryReport, workload: string) => r.series.find((s) => s.workload === workload)!;

describe("history across versions", () => {
  it("finds the change point at the version the regression came in, and none in the steady series", async () => {
    const r = await api.history.project({ project: "versions", metric: "calls" });
    assert.deepEqual(
      r.versions.map((v) => v.label),
      Array.from({ length: VERSIONS }, (_, i) => label(i + 1)),
      "versions as first measured",
    );
    const regressed = series(r, "regressed");
    assert.equal(regressed.points.length, VERSIONS);
    assert.equal(regressed.changes.length, 1, JSON.stringify(regressed.changes));
    const c = regressed.changes[0];
    assert.equal(r.versions[c.after].label, label(REGRESSED_FROM));
    assert.equal(r.versions[c.before].label, label(REGRESSED_FROM - 1));
    assert.equal(c.regression, true);
    // transform() is 300 of ~600 step() calls: 30 % more of it is ~15 % more calls in all (±5 % noise).
    assert.ok(c.ratio!.estimate > 1.08 && c.ratio!.estimate < 1.25, `ratio ${c.ratio!.estimate}`);
    assert.ok(c.ratio!.low > 1, "the interval excludes no change");
    assert.deepEqual(series(r, "steady").changes, [], "no change point where nothing changed");
    // Explained by the function that changed: transform() calls step() more often from v12 on.
    const why = r.explanations.find((e) => e.series === r.series.indexOf(regressed) && e.change === 0)!;
    assert.deepEqual(
      why.versionsAfter.map((v) => r.versions[v].label),
      ["v12", "v13", "v14"],
    );
    const top = why.contexts[0];
    assert.ok(top.path.includes("transform"), JSON.stringify(why.contexts.map((x) => x.path)));
    assert.ok(top.callsAfter > top.callsBefore * 1.15, `${top.callsBefore} → ${top.callsAfter} calls a run`);
    // Every analysis says its word, ranked: the context that changed first (it holds the change of time).
    const findings = why.findings!;
    assert.deepEqual(findings.map((f) => f.analysis).sort(), ["contexts", "execution-patterns", "trends", "vcg"]);
    assert.equal(findings[0].analysis, "contexts", JSON.stringify(findings, null, 1));
    assert.match(findings[0].summary, /transform → step/);
    assert.ok(findings[0].score > 0.5, `transform → step holds most of the change: ${findings[0].score}`);
    const scores = findings.map((f) => f.score);
    assert.deepEqual(
      scores,
      [...scores].sort((x, y) => y - x),
      "ranked by score",
    );
    // Its workloads declare no feature: no trend to fit, said, never made up.
    const trends = findings.find((f) => f.analysis === "trends")!;
    assert.equal(trends.score, 0);
    assert.match(trends.summary, /no feature/);
    assert.equal(r.environmentChanges.length, 0, "one machine, one kernel, one uftrace");
  });

  it("gives the same answer from the same data", async () => {
    const a = await api.history.project({ project: "versions", metric: "calls" });
    const b = await api.history.project({ project: "versions", metric: "calls" });
    assert.deepEqual(a, b);
  });

  it("fails a CI job (status 2) on a regression at the newest change point, and says which", () => {
    const bad = varbench(["-w", dir, "history", "versions", "--metric", "calls", "--fail-on-regression", "5%"]);
    assert.equal(bad.status, 2, bad.stderr);
    assert.match(bad.stderr, /regressed .*at v12/);
    assert.match(bad.stdout, /regression at v12 \(after v11\)/);
    const steady = varbench([
      "-w",
      dir,
      "history",
      "versions",
      "--metric",
      "calls",
      "--workload",
      "steady",
      "--fail-on-regression",
      "5%",
    ]);
    assert.equal(steady.status, 0, steady.stderr);
    assert.match(steady.stdout, /no change point/);
    const big = varbench([
      "-w",
      dir,
      "history",
      "versions",
      "--metric",
      "calls",
      "--min-magnitude",
      "50%",
      "--fail-on-regression",
      "5%",
    ]);
    assert.equal(big.status, 0, "a change under --min-magnitude is left out");
    // uftrace records no instruction counts: nothing to judge must not pass as "no regression".
    const none = varbench(["-w", dir, "history", "versions", "--metric", "ir", "--fail-on-regression", "5%"]);
    assert.equal(none.status, 1, none.stderr);
    assert.match(none.stderr, /--fail-on-regression: no series to judge/);
    const badFdr = varbench(["-w", dir, "history", "versions", "--fdr", "2"]);
    assert.equal(badFdr.status, 1);
    assert.match(badFdr.stderr, /^varbench: --fdr: must be below 1/m, "the option is named as it was typed");
  });
});
