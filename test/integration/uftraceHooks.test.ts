// uftrace records only programs that call its entry hook (-pg, -finstrument-functions,
// or patched with -P). Before a campaign's first run, a program built without
// one is refused once, in words that say how to build it, and only its own runs
// fail; a run that uftrace itself stopped says uftrace's error, not "exited with code 1".
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildExamples, ROOT, tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { Workspace } from "../../engine/store/workspace.js";

const SORTS = join(ROOT, "examples", "sorts.c");

function runs(ws: string): { design: string; status: string; message: string | null }[] {
  const w = Workspace.open(ws);
  try {
    return w.db
      .prepare(
        "SELECT d.name AS design, r.status, r.message FROM runs r JOIN designs d ON d.id = r.design_id ORDER BY r.id",
      )
      .all() as never;
  } finally {
    w.close();
  }
}

describe("uftrace and programs without its entry hook", () => {
  before(buildExamples);

  it("refuses a build without -pg before any run, names the fix, and records the -pg design", () => {
    const dir = tempDir("uftrace-hooks");
    const ws = join(dir, "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
    // A program whose text holds the word "mcount" passes the quick look at its symbols: uftrace's own check stops it.
    writeFileSync(join(dir, "word.c"), '#include <stdio.h>\nint main(void) { puts("mcount"); return 0; }\n');
    const spec = join(dir, "spec.yaml");
    writeFileSync(
      spec,
      `project: hooks
designs:
  - { name: plain, variables: { prog: sorts, src: ${JSON.stringify(SORTS)} }, build: [gcc, -O0, -o, "{build_dir}/sorts", "{src}"] }
  - { name: pg, variables: { prog: sorts, src: ${JSON.stringify(SORTS)} }, build: [gcc, -O0, -pg, -o, "{build_dir}/sorts", "{src}"] }
  - { name: word, variables: { prog: word, src: ${JSON.stringify(join(dir, "word.c"))} }, build: [gcc, -O0, -o, "{build_dir}/word", "{src}"] }
workloads:
  - { name: n-50, argv: ["{build_dir}/{prog}", merge, "50", "1"], features: { n: 50 } }
repetitions: 2
profiler: uftrace
timeout: 60s
`,
    );
    const r = varbench(["-w", ws, "campaign", "run", spec]);
    assert.match(
      r.stdout + r.stderr,
      /design plain: uftrace cannot record .*sorts: it was built without an entry hook .* Build it with -pg .* Its 2 runs failed without starting/,
    );
    const byDesign = (d: string) => runs(ws).filter((x) => x.design === d && x.status !== "cancelled");
    assert.deepEqual(
      byDesign("plain").map((x) => x.status),
      ["failed", "failed"],
    );
    for (const x of byDesign("plain")) assert.match(x.message ?? "", /built without an entry hook/);
    assert.deepEqual(
      byDesign("pg").map((x) => x.status),
      ["succeeded", "succeeded"],
    );
    const word = byDesign("word");
    assert.deepEqual(
      word.map((x) => x.status),
      ["failed", "failed"],
    );
    for (const x of word)
      assert.match(
        x.message ?? "",
        /^uftrace stopped before the program ran: Can't find 'mcount' symbol .*compiled with -pg or -finstrument-functions/,
      );
  });
});
