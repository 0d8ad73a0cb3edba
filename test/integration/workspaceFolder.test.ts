// Folders that cannot hold a workspace are refused in words, at once: under
// /proc Node's recursive mkdir never returned (the probe's `varbench workspace
// init /proc/self/x` and `workspace.open {"dir": "/proc/self"}` spun forever
// and the server then ignored SIGTERM).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { varbench } from "../helpers/cli.js";
import { tempDir, ROOT } from "../helpers/uftrace.js";
import { VarbenchService } from "../../engine/api/service.js";
import { inProcessClient } from "../../engine/api/inProcess.js";

/** The CLI, stopped if it does not end: a hang is the failure being tested, not a slow machine. */
function cli(args: string[]) {
  varbench(["--version"]); // builds the engine once, outside the guarded run
  return spawnSync(process.execPath, [join(ROOT, "bin", "varbench.js"), ...args], {
    encoding: "utf8",
    timeout: 120_000,
  });
}

describe("workspace folders", () => {
  it("refuses a workspace under /proc from the command line, naming the virtual file system", () => {
    const r = cli(["workspace", "init", "/proc/self/x"]);
    assert.equal(r.signal, null, "the command did not end");
    assert.equal(r.status, 1);
    assert.match(r.stderr, /\/proc\/self\/x cannot be a workspace folder: .* is on proc, a virtual file system/);
    assert.doesNotMatch(r.stderr, /\n\s+at /);
  });

  it("refuses a file, and a folder below a file, and makes missing parents of a real folder", () => {
    const dir = tempDir("wsfolder");
    const file = join(dir, "plain.txt");
    writeFileSync(file, "x");
    assert.match(cli(["workspace", "init", file]).stderr, /plain\.txt is not a folder: a workspace is a folder/);
    assert.match(cli(["workspace", "init", join(file, "ws")]).stderr, /plain\.txt is a file, not a folder/);
    const deep = join(dir, "a", "b", "ws");
    const ok = cli(["workspace", "init", deep]);
    assert.equal(ok.status, 0, ok.stderr);
  });

  it("answers workspace.open on /proc/self with invalid arguments, and keeps the open workspace", async () => {
    const dir = join(tempDir("wsopen"), "ws");
    assert.equal(varbench(["workspace", "init", dir]).status, 0);
    const service = new VarbenchService(dir, { localFiles: true, remember: false });
    const api = inProcessClient(service);
    await assert.rejects(
      api.workspace.open({ dir: "/proc/self" }),
      (e: Error & { code?: string }) =>
        e.code === "invalid-arguments" && /is on proc, a virtual file system/.test(e.message),
    );
    assert.equal((await api.workspace.info({})).dir, dir);
  });
});
