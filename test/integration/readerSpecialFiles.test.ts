// Special files given as traces (issue 17 item 5): a FIFO, as the file or as a
// .dat of a uftrace folder, hung import and cct in open(); /dev/zero named
// x.json was read forever. Each is refused at once, in words, and the
// workspace is left as it was.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { snapshot, varbench } from "../helpers/cli.js";
import { buildExamples, record, ROOT, tempDir } from "../helpers/uftrace.js";

/** The CLI, stopped if it does not end: a hang is the failure tested, not a slow machine. */
function cli(args: string[]) {
  varbench(["--version"]); // built once, outside the guarded run
  return spawnSync(process.execPath, [join(ROOT, "bin", "varbench.js"), ...args], {
    encoding: "utf8",
    timeout: 120_000,
  });
}

describe("special files as traces", () => {
  it("refuses a FIFO, a device named x.json and a folder named x.json, for cct and import, and keeps the workspace", () => {
    const dir = tempDir("special");
    const ws = join(dir, "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
    const fifo = join(dir, "trace.json");
    spawnSync("mkfifo", [fifo]);
    const zero = join(dir, "x.json");
    symlinkSync("/dev/zero", zero);
    const folder = join(dir, "folder.json");
    mkdirSync(folder);
    const before = snapshot(ws);
    for (const [file, what] of [
      [fifo, "a FIFO"],
      [zero, "a character device"],
    ] as const) {
      for (const args of [
        ["cct", file],
        ["-w", ws, "import", file, "--project", "p"],
      ]) {
        const r = cli(args);
        assert.equal(r.signal, null, `${args.join(" ")} did not end`);
        assert.equal(r.status, 1, r.stdout);
        assert.match(r.stderr, new RegExp(`${file.replace(/[.]/g, "\\.")} is ${what}, not a regular file`));
        assert.doesNotMatch(r.stderr, /\n\s+at /);
      }
    }
    const r = cli(["cct", folder]);
    assert.equal(r.status, 1);
    assert.doesNotMatch(r.stderr, /\n\s+at |EISDIR/);
    assert.deepEqual(snapshot(ws), before);
  });

  it("refuses a FIFO in place of a uftrace folder's .dat, and a folder in place of one", () => {
    buildExamples();
    const trace = record("frame_loop", ["4", "8"]);
    for (const swap of ["fifo", "folder"]) {
      const copy = join(tempDir("special-dat"), "uftrace.data");
      cpSync(trace, copy, { recursive: true });
      const dat = readdirSync(copy).find((f) => f.endsWith(".dat"))!;
      rmSync(join(copy, dat));
      if (swap === "fifo") spawnSync("mkfifo", [join(copy, dat)]);
      else mkdirSync(join(copy, dat));
      const r = cli(["cct", copy]);
      assert.equal(r.signal, null, "cct did not end");
      assert.equal(r.status, 1);
      assert.match(
        r.stderr,
        new RegExp(`${dat.replace(/[.]/g, "\\.")} is ${swap === "fifo" ? "a FIFO" : "a folder"}, not a regular file`),
      );
    }
  });
});
