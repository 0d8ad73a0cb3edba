// Outputs that cannot be written are said with the file and why, in words (issue 29, item 7):
// `report -o /dev/full` printed "ENOSPC: no space left on device, write" and not the file.
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { FIXTURES, tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";

describe("outputs that cannot be written", () => {
  let ws: string;
  let dir: string;
  let traceRun: string;

  before(() => {
    dir = tempDir("outputs");
    ws = join(dir, "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
    assert.equal(
      varbench([
        "-w",
        ws,
        "import",
        join(FIXTURES, "results", "hyperfine", "1.15", "two_sleeps.json"),
        "--project",
        "p",
      ]).status,
      0,
    );
    const trace = join(dir, "t.json");
    writeFileSync(trace, `[{"ph":"B","name":"main","pid":1,"tid":1,"ts":0},{"ph":"E","pid":1,"tid":1,"ts":5}]`);
    const imported = varbench(["-w", ws, "import", trace, "--project", "p"]);
    assert.equal(imported.status, 0, imported.stderr);
    traceRun = /^run (\d+):/.exec(imported.stdout)![1];
  });

  it("report: a full device, a missing folder and a folder are named with the reason", () => {
    const cases: [string, string][] = [
      ["/dev/full", "no space is left on its device (ENOSPC)"],
      [join(dir, "missing", "r.md"), "its folder does not exist (ENOENT)"],
      [dir, "it is a folder (EISDIR)"],
    ];
    for (const [out, why] of cases) {
      const r = varbench(["-w", ws, "report", "1", "--format", "md", "-o", out]);
      assert.equal(r.status, 1, out);
      assert.equal(r.stderr, `varbench: cannot write ${out}: ${why}\n`);
    }
  });

  it("export-trace: a full device is named with the reason", () => {
    const r = varbench(["-w", ws, "export-trace", `run:${traceRun}`, "-o", "/dev/full"]);
    assert.equal(r.status, 1);
    assert.equal(r.stderr, "varbench: cannot write /dev/full: no space is left on its device (ENOSPC)\n");
  });
});
