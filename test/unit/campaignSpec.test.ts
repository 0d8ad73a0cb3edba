// Campaign specs: field-level errors with lines, and the plan a spec expands to.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { SpecError } from "../../engine/campaign/spec.js";
import { parseCampaignSpec } from "../../engine/campaign/specFile.js";
import { planCampaign } from "../../engine/runner/planCampaign.js";
import { readdirSync, readFileSync } from "node:fs";

const SPEC = `project: demo
designs:
  - name: fast
    variables: { n: 10 }
  - name: slow
    variables: { n: 1000 }
workloads:
  - name: small
    argv: [prog, "{n}", "{size}"]
    features: { size: 1 }
  - name: big
    argv: [prog, "{n}", "{size}"]
    features: { size: 8 }
repetitions: 3
warmups: 1
`;

function issues(text: string): string[] {
  try {
    parseCampaignSpec(text, "c.yaml");
  } catch (e) {
    assert.ok(e instanceof SpecError);
    return e.issues.map((i) => `${i.line}:${i.path}: ${i.message}`);
  }
  assert.fail("the spec was accepted");
}

describe("campaign spec", () => {
  it("names the field and line of each problem", () => {
    const bad = SPEC.replace("repetitions: 3", "repetitions: 0")
      .replace("    features: { size: 1 }", "    features: { size: 1 }\n    colour: red")
      .replace("name: slow", "name: 'slow design'");
    const found = issues(bad);
    assert.ok(
      found.some((i) => i.startsWith("5:designs.1.name:")),
      found.join("\n"),
    );
    assert.ok(
      found.some((i) => i.startsWith("11:workloads.0.colour: not a campaign field")),
      found.join("\n"),
    );
    assert.ok(
      found.some((i) => i.startsWith("15:repetitions:")),
      found.join("\n"),
    );
  });

  it("says which profilers exist instead of accepting one it cannot run", () => {
    const found = issues(`${SPEC}profiler: vtune\n`);
    assert.match(found[0], /^16:profiler\.name: one of: time, uftrace, callgrind, gcov, perf, sampler$/);
  });

  it("runs a design's own argv in place of the workload's, and asks for a workload's only where a design has none", () => {
    const own = `project: demo
designs:
  - { name: gzip, argv: [gzip, -c, "-{level}", in.txt] }
  - { name: zstd, argv: [zstd, -c, "-{level}", in.txt] }
workloads:
  - { name: l1, features: { level: 1 } }
  - { name: l9, features: { level: 9 } }
repetitions: 1
`;
    const argvs = planCampaign(parseCampaignSpec(own, "c.yaml"), "/specs", 1, "c.yaml")
      .map((r) => `${r.design} ${r.workload}: ${r.plan.argv.join(" ")}`)
      .sort();
    assert.deepEqual(argvs, [
      "gzip l1: gzip -c -1 in.txt",
      "gzip l9: gzip -c -9 in.txt",
      "zstd l1: zstd -c -1 in.txt",
      "zstd l9: zstd -c -9 in.txt",
    ]);
    const found = issues(own.replace('  - { name: zstd, argv: [zstd, -c, "-{level}", in.txt] }', "  - { name: zstd }"));
    const need = "a workload needs argv (the command its runs start) unless every design gives its own argv";
    assert.deepEqual(found, [`6:workloads.0.argv: ${need}`, `7:workloads.1.argv: ${need}`]);
  });

  it("asks a workload with a role in active profiling for its count of requests", () => {
    const found = issues(SPEC.replace("    features: { size: 1 }", "    features: { size: 1 }\n    role: regular"));
    assert.ok(
      found.some((i) =>
        /workloads\.0\.requests: a workload with a role \(regular or irregular\) says how many requests its input holds/.test(
          i,
        ),
      ),
      found.join("\n"),
    );
    assert.doesNotThrow(() =>
      parseCampaignSpec(
        SPEC.replace("    features: { size: 1 }", "    features: { size: 1 }\n    role: regular\n    requests: 6"),
        "c.yaml",
      ),
    );
  });

  it("reports broken YAML with its line", () => {
    assert.match(issues("project: demo\ndesigns: [\n")[0], /^3:: YAML:/);
  });
});

describe("campaign plan", () => {
  const spec = parseCampaignSpec(SPEC, "c.yaml");

  it("runs warm-ups first, then rounds that hold every design × workload once, reproducibly from the seed", () => {
    const plan = planCampaign(spec, "/specs", 42, "c.yaml");
    assert.equal(plan.length, 4 * 1 + 4 * 3);
    assert.ok(plan.slice(0, 4).every((r) => r.warmup));
    for (let round = 0; round < 3; round++) {
      const pairs = plan.slice(4 + round * 4, 8 + round * 4).map((r) => `${r.design}/${r.workload}`);
      assert.deepEqual([...pairs].sort(), ["fast/big", "fast/small", "slow/big", "slow/small"]);
    }
    assert.deepEqual(planCampaign(spec, "/specs", 42, "c.yaml"), plan);
    const orders = new Set(
      [1, 2, 3, 4, 5, 6].map((seed) =>
        planCampaign(spec, "/specs", seed, "c.yaml")
          .map((r) => r.design + r.workload)
          .join(),
      ),
    );
    assert.ok(orders.size > 1, "the seed changes the order");
    assert.deepEqual(
      plan.map((r) => r.ordinal),
      plan.map((_, i) => i),
    );
  });

  it("substitutes design variables and workload features, and resolves cwd beside the spec", () => {
    const r = planCampaign(spec, "/specs", 1, "c.yaml").find((p) => p.design === "slow" && p.workload === "big")!;
    assert.deepEqual(r.plan.argv, ["prog", "1000", "8"]);
    assert.equal(r.plan.cwd, "/specs");
    assert.equal(r.plan.timeoutMs, 600_000);
  });

  it("runs sequentially when asked", () => {
    const plan = planCampaign({ ...spec, order: "sequential", warmups: 0 }, "/", 1, "c.yaml");
    assert.deepEqual(
      plan.slice(0, 3).map((r) => `${r.design}/${r.workload}/${r.repetition}`),
      ["fast/small/0", "fast/small/1", "fast/small/2"],
    );
  });

  it("rejects an unknown variable and names where it is", () => {
    const bad = parseCampaignSpec(
      SPEC.replace('"{size}"]\n    features: { size: 1 }', '"{sise}"]\n    features: { size: 1 }'),
      "c.yaml",
    );
    assert.throws(
      () => planCampaign(bad, "/", 1, "c.yaml"),
      /c\.yaml: workloads\.0\.argv\.2: unknown variable \{sise\}/,
    );
  });
});

describe("the example campaign specs", () => {
  it("every spec under examples/campaigns parses and plans", () => {
    const dir = new URL("../../examples/campaigns/", import.meta.url);
    const files = readdirSync(dir).filter((f) => f.endsWith(".yaml"));
    assert.ok(files.length >= 3);
    for (const f of files) {
      const spec = parseCampaignSpec(readFileSync(new URL(f, dir), "utf8"), f);
      assert.ok(planCampaign(spec, "/examples/campaigns", 1, f).length > 0, f);
    }
  });
});
