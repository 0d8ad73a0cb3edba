// The layer rules (.dependency-cruiser.cjs) refuse what they should: each bad
// import below, in a small tree laid out like the engine, is reported under
// its rule; the good imports beside them are not.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { ROOT, tempDir } from "../helpers/uftrace.js";

function cruise(files: Record<string, string>): { status: number | null; out: string } {
  const dir = tempDir("layers");
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext" } }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const r = spawnSync(process.execPath, [join(ROOT, "node_modules", "dependency-cruiser", "bin", "dependency-cruise.mjs"), "--config", join(ROOT, ".dependency-cruiser.cjs"), "engine"], { cwd: dir, encoding: "utf8" });
  return { status: r.status, out: r.stdout + r.stderr };
}

const leaf = "export const x = 1;\n";
const importing = (from: string) => `import { x } from "${from}";\nexport const y = x;\n`;

describe("layer rules", () => {
  it("accept imports down the order and into the pure engine", () => {
    const r = cruise({
      "engine/io/a.ts": importing("../cct/pure.js"),
      "engine/cct/pure.ts": leaf,
      "engine/store/b.ts": importing("../io/a.js"),
      "engine/analyses/c.ts": importing("../api/errors.js"),
      "engine/api/errors.ts": leaf,
      "engine/cli/d.ts": importing("../analyses/c.js"),
    });
    assert.equal(r.status, 0, r.out);
  });

  it("refuse an import up the order, across runner and analyses, and from pure code into a host folder (types too)", () => {
    const r = cruise({
      "engine/store/a.ts": importing("../api/service.js"),
      "engine/api/service.ts": leaf,
      "engine/analyses/b.ts": importing("../runner/run.js"),
      "engine/runner/run.ts": leaf,
      "engine/io/c.ts": importing("../ingest/d.js"),
      "engine/ingest/d.ts": leaf,
      "engine/variance/e.ts": `import type { W } from "../store/w.js";\nexport type V = W;\n`,
      "engine/store/w.ts": "export interface W { readonly n: number }\n",
    });
    assert.notEqual(r.status, 0);
    assert.match(r.out, /host-order-store: engine\/store\/a\.ts → engine\/api\/service\.ts/);
    assert.match(r.out, /host-order-analyses: engine\/analyses\/b\.ts → engine\/runner\/run\.ts/);
    assert.match(r.out, /host-order-io: engine\/io\/c\.ts → engine\/ingest\/d\.ts/);
    assert.match(r.out, /pure-engine-stays-pure: engine\/variance\/e\.ts → engine\/store\/w\.ts/);
  });
});
