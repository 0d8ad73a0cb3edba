// The layer rules (.dependency-cruiser.cjs) refuse what they should: in a small tree laid out like
// the repository, each bad import below is reported under its rule, and every rule of the file has
// one; a tree that imports down both of the engine's orders, as the code does, passes.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { ROOT, tempDir } from "../helpers/uftrace.js";

const CONFIG = join(ROOT, ".dependency-cruiser.cjs");
const RULES: readonly string[] = (
  createRequire(import.meta.url)(CONFIG) as { forbidden: { name: string }[] }
).forbidden.map((r) => r.name);

/** An import of `to` (a file of the tree, or a package or built-in by name) from `from`; types only when asked. */
interface Arrow {
  readonly from: string;
  readonly to: string;
  readonly typeOnly?: boolean;
}

/** The tree the arrows make (every file they name; a file no arrow leaves exports a constant), cruised as CI cruises it. */
function cruise(arrows: readonly Arrow[]): { status: number | null; out: string } {
  const files = new Map<string, string[]>();
  for (const a of arrows) {
    files.set(a.from, files.get(a.from) ?? []);
    if (a.to.includes("/") && !a.to.startsWith("node:")) files.set(a.to, files.get(a.to) ?? []);
  }
  arrows.forEach((a, i) => {
    const spec =
      a.to.includes("/") && !a.to.startsWith("node:")
        ? `./${relative(dirname(a.from), a.to)}`.replace(/^\.\/\.\.\//, "../").replace(/\.ts$/, ".js")
        : a.to;
    files
      .get(a.from)!
      .push(
        a.typeOnly
          ? `import type { T as T${i} } from "${spec}";\nexport type U${i} = T${i};`
          : `import { x as x${i} } from "${spec}";\nexport const y${i} = x${i};`,
      );
  });
  const dir = tempDir("layers");
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext" } }),
  );
  for (const [path, lines] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(
      join(dir, path),
      [...lines, "export const x = 1;", "export interface T { readonly n: number }", ""].join("\n"),
    );
  }
  const bin = join(ROOT, "node_modules", "dependency-cruiser", "bin", "dependency-cruise.mjs");
  const roots = ["engine", "electron", "renderer", "test"].filter((root) =>
    [...files.keys()].some((f) => f.startsWith(`${root}/`)),
  );
  const r = spawnSync(process.execPath, [bin, "--config", CONFIG, ...roots], { cwd: dir, encoding: "utf8" });
  return { status: r.status, out: r.stdout + r.stderr };
}

const arrow = (from: string, to: string, typeOnly = false): Arrow => ({ from, to, typeOnly });

// Down the pure order (errors, format, stats and the kernel at the bottom; campaign; results and
// verdict; trace; cct; the analyses and flame graphs; charts; report), then the host order, and
// the shells, as the code's own imports run (e.g. trace → cct/kernel, charts → format, analyses → errors).
const DOWN: readonly Arrow[] = [
  arrow("engine/campaign/spec.ts", "engine/errors/errors.ts"),
  arrow("engine/campaign/readModels.ts", "engine/stats/summary.ts", true),
  arrow("engine/results/diagnostics.ts", "engine/campaign/spec.ts"),
  arrow("engine/verdict/speedup.ts", "engine/format/numbers.ts"),
  arrow("engine/verdict/designVerdict.ts", "engine/campaign/measures.ts", true),
  arrow("engine/trace/detect.ts", "engine/results/model.ts"),
  arrow("engine/trace/eventBatch.ts", "engine/cct/kernel/layout.ts"),
  arrow("engine/cct/cctBuilder.ts", "engine/trace/eventBatch.ts"),
  arrow("engine/cct/contextTable.ts", "engine/cct/kernel/layout.ts"),
  arrow("engine/cct/table.ts", "engine/campaign/readModels.ts", true),
  arrow("engine/variance/analyze.ts", "engine/cct/contextTable.ts", true),
  arrow("engine/trend/costTables.ts", "engine/cct/contextTable.ts", true),
  arrow("engine/patterns/comparison.ts", "engine/verdict/speedup.ts"),
  arrow("engine/patterns/traceTimelines.ts", "engine/trace/eventBatch.ts"),
  arrow("engine/phases/phaseComparison.ts", "engine/stats/kmeans.ts"),
  arrow("engine/flame/flameDiff.ts", "engine/cct/compare.ts"),
  arrow("engine/charts/patternCharts.ts", "engine/patterns/comparison.ts"),
  arrow("engine/charts/trendText.ts", "engine/trend/costTables.ts"),
  arrow("engine/report/svgCharts.ts", "engine/charts/patternCharts.ts"),
  arrow("engine/report/vcgText.ts", "engine/variance/analyze.ts", true),
  arrow("engine/io/readTrace.ts", "engine/trace/detect.ts"),
  arrow("engine/io/pdf.ts", "engine/errors/errors.ts"),
  arrow("engine/store/db.ts", "engine/io/readTrace.ts"),
  arrow("engine/pool/readerPool.ts", "engine/io/readTrace.ts"),
  arrow("engine/store/runProducts.ts", "engine/pool/runTimelines.ts", true),
  arrow("engine/ingest/importTrace.ts", "engine/store/db.ts"),
  arrow("engine/runner/run.ts", "engine/ingest/importTrace.ts"),
  arrow("engine/analyses/cct.ts", "engine/ingest/importTrace.ts"),
  arrow("engine/analyses/cct.ts", "engine/errors/errors.ts"),
  arrow("engine/api/service.ts", "engine/analyses/cct.ts"),
  arrow("engine/api/service.ts", "engine/runner/run.ts"),
  arrow("engine/cli/main.ts", "engine/api/service.ts"),
  arrow("engine/cli/main.ts", "engine/report/vcgText.ts"),
  arrow("electron/main.ts", "engine/api/service.ts"),
  arrow("electron/main.ts", "engine/errors/errors.ts"),
  arrow("renderer/src/view.ts", "engine/errors/errors.ts"),
  arrow("renderer/src/view.ts", "engine/charts/patternCharts.ts"),
];

/** One bad import for each rule, with the rule that must refuse it. */
const BAD: readonly (readonly [string, Arrow])[] = [
  ["pure-engine-stays-pure", arrow("engine/variance/e.ts", "engine/store/w.ts", true)],
  ["pure-engine-no-node-builtins", arrow("engine/trend/read.ts", "node:fs")],
  // Up the pure order, or across one of its ranks; the first two passed before the order was written.
  ["pure-order-stats", arrow("engine/stats/s.ts", "engine/report/r.ts")],
  ["pure-order-cct", arrow("engine/cct/c.ts", "engine/variance/v.ts")],
  ["pure-order-errors", arrow("engine/errors/e.ts", "engine/format/f.ts")],
  ["pure-order-format", arrow("engine/format/f.ts", "engine/stats/s2.ts")],
  ["pure-order-cct-kernel", arrow("engine/cct/kernel/k.ts", "engine/trace/t.ts")],
  ["pure-order-campaign", arrow("engine/campaign/m.ts", "engine/cct/c2.ts", true)],
  ["pure-order-results", arrow("engine/results/r.ts", "engine/trace/t2.ts")],
  ["pure-order-verdict", arrow("engine/verdict/v.ts", "engine/results/r2.ts")],
  ["pure-order-trace", arrow("engine/trace/t.ts", "engine/cct/c3.ts")],
  ["pure-order-variance", arrow("engine/variance/v.ts", "engine/trend/t.ts")],
  ["pure-order-trend", arrow("engine/trend/t.ts", "engine/charts/c.ts")],
  ["pure-order-patterns", arrow("engine/patterns/p.ts", "engine/phases/p.ts")],
  ["pure-order-phases", arrow("engine/phases/p2.ts", "engine/patterns/kmeans.ts")],
  ["pure-order-flame", arrow("engine/flame/f.ts", "engine/report/r2.ts", true)],
  ["pure-order-timeline", arrow("engine/timeline/t.ts", "engine/flame/f3.ts")],
  ["pure-order-history", arrow("engine/history/h.ts", "engine/variance/v4.ts")],
  ["pure-order-charts", arrow("engine/charts/patternCharts.ts", "engine/report/patternsText.ts")],
  // A pure folder the order does not name yet.
  ["pure-folder-ranked", arrow("engine/newfolder/n.ts", "engine/stats/s3.ts")],
  ["pure-folder-ranked-imported", arrow("engine/cct/c4.ts", "engine/newfolder/leaf.ts")],
  // Up the host order, or across its shared rank.
  ["host-order-io", arrow("engine/io/c.ts", "engine/ingest/d.ts")],
  ["host-order-pool", arrow("engine/pool/p.ts", "engine/store/s.ts")],
  ["host-order-store", arrow("engine/store/a.ts", "engine/api/service.ts")],
  ["host-order-ingest", arrow("engine/ingest/d.ts", "engine/runner/run.ts")],
  ["host-order-runner", arrow("engine/runner/run.ts", "engine/analyses/a.ts")],
  ["host-order-analyses", arrow("engine/analyses/b.ts", "engine/runner/run2.ts")],
  ["host-order-api", arrow("engine/api/service.ts", "engine/cli/main.ts")],
  // The shells.
  ["renderer-only-api-and-pure", arrow("renderer/src/a.ts", "engine/store/w.ts")],
  ["renderer-no-electron", arrow("renderer/src/b.ts", "electron")],
  ["electron-only-api", arrow("electron/main.ts", "engine/analyses/b.ts")],
  ["engine-never-imports-shells", arrow("engine/api/s.ts", "test/helpers/h.ts")],
  ["no-circular", arrow("engine/cct/loopA.ts", "engine/cct/loopB.ts")],
];

describe("layer rules", () => {
  it("accept imports down the pure engine's order, the host order, and from the shells into the API and the pure engine", () => {
    const r = cruise(DOWN);
    assert.equal(r.status, 0, r.out);
  });

  it("refuse a bad import under each rule of .dependency-cruiser.cjs, types too", () => {
    const r = cruise([...BAD.map(([, a]) => a), arrow("engine/cct/loopB.ts", "engine/cct/loopA.ts")]);
    assert.notEqual(r.status, 0);
    for (const [rule, a] of BAD) {
      // A built-in is named without its node: prefix; a cycle is listed from each of its files.
      const line =
        rule === "no-circular" ? `${rule}: ${a.from} → ` : `${rule}: ${a.from} → ${a.to.replace(/^node:/, "")}`;
      assert.ok(r.out.includes(line), `${line}\nnot in\n${r.out}`);
    }
    assert.deepEqual(
      RULES.filter((name) => !BAD.some(([rule]) => rule === name)),
      [],
      "every rule has a bad import here",
    );
  });
});
