// What a process killed midway leaves in a workspace's artifacts/ (issue 29, item 9) is removed
// when the workspace is next opened: its temporary files and the blobs its journal held that no
// committed row names. A live process's are never touched, nor a blob a row or a manifest names.
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { once } from "node:events";
import { join, relative } from "node:path";
import { FIXTURES, ROOT, tempDir } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { Workspace } from "../../engine/store/workspace.js";

/** A pid no process has now: one that has just exited (the kernel hands pids out in turn, so it
 * is not given again within the test). */
function deadPid(): number {
  const r = spawnSync("sh", ["-c", "echo $$"], { encoding: "utf8" });
  return Number(r.stdout.trim());
}

/** A blob of `text` in the store's layout, written by hand; its path relative to the workspace. */
function blob(ws: string, text: string): string {
  const sha = createHash("sha256").update(text).digest("hex");
  mkdirSync(join(ws, "artifacts", sha.slice(0, 2)), { recursive: true });
  writeFileSync(join(ws, "artifacts", sha.slice(0, 2), sha), text);
  return join("artifacts", sha.slice(0, 2), sha);
}

/** Every file under artifacts/, relative to the workspace. */
function artifactFiles(ws: string): string[] {
  const out: string[] = [];
  const walk = (d: string) =>
    readdirSync(d, { withFileTypes: true }).forEach((e) =>
      e.isDirectory() ? walk(join(d, e.name)) : out.push(relative(ws, join(d, e.name))),
    );
  walk(join(ws, "artifacts"));
  return out.sort();
}

/** Paths of blobs that rows name. */
function namedBlobs(ws: string): Set<string> {
  const w = Workspace.open(ws);
  try {
    return new Set((w.db.prepare("SELECT path FROM artifacts").all() as { path: string }[]).map((r) => r.path));
  } finally {
    w.close();
  }
}

describe("artifact leftovers", () => {
  before(() => varbench(["--version"]));

  it("the next open removes a dead process's temporary files and the blobs only its journal names; a live one's stay", () => {
    const ws = join(tempDir("leftovers"), "ws");
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
    const [committed] = [...namedBlobs(ws)];
    const dead = deadPid();
    const live = process.pid;
    const art = (name: string) => join(ws, "artifacts", name);
    writeFileSync(art(`.tmp-${dead}-0a1b2c`), "half a copy");
    writeFileSync(art(".tmp-0a1b2c3d4e5f"), "half a copy, by a version that named no pid");
    writeFileSync(art(`.tmp-${live}-0a1b2c`), "a copy in progress");
    const orphan = blob(ws, "stored, never committed");
    const heldByLive = blob(ws, "stored by a live process, not yet committed");
    writeFileSync(art(`.pending-${dead}-aaaaaa`), [orphan, committed, heldByLive, "../../etc/passwd", ""].join("\n"));
    writeFileSync(art(`.pending-${live}-bbbbbb`), `${heldByLive}\n`);

    Workspace.open(ws).close(); // opening is what sweeps
    const left = artifactFiles(ws);
    assert.ok(!left.includes(orphan), "the dead import's uncommitted blob is gone");
    assert.ok(left.includes(committed), "a blob a row names stays");
    assert.ok(left.includes(heldByLive), "a blob a live process holds stays");
    assert.ok(
      !existsSync(art(`.tmp-${dead}-0a1b2c`)) && !existsSync(art(".tmp-0a1b2c3d4e5f")),
      "dead processes' temporary files are gone",
    );
    assert.ok(existsSync(art(`.tmp-${live}-0a1b2c`)), "a live process's temporary file stays");
    assert.ok(
      !existsSync(art(`.pending-${dead}-aaaaaa`)) && existsSync(art(`.pending-${live}-bbbbbb`)),
      "the dead journal is gone, the live one stays",
    );
  });

  it("an import killed with SIGKILL while it stores its file leaves nothing once the workspace is opened again", async () => {
    const dir = tempDir("leftovers-kill");
    const ws = join(dir, "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
    const file = join(dir, "spaced.json");
    const out = createWriteStream(file);
    out.write('{"results": [{"command": "sleep 0.1", "times": [0.1, 0.2]}]');
    const block = " ".repeat(1 << 20);
    for (let i = 0; i < 200; i++) if (!out.write(block)) await once(out, "drain");
    out.end("}");
    await once(out, "finish");
    const child = spawn(
      process.execPath,
      [join(ROOT, "bin", "varbench.js"), "-w", ws, "import", file, "--project", "p"],
      { stdio: "ignore" },
    );
    const exited = once(child, "exit");
    // Killed as soon as it has begun writing into artifacts/; if it finished first, nothing is left either.
    let sawWriting = false;
    for (let done = false; !done && !sawWriting;) {
      sawWriting = readdirSync(join(ws, "artifacts")).some((n) => n.startsWith(".tmp-") || n.startsWith(".pending-"));
      done = child.exitCode !== null;
      if (!sawWriting) await new Promise((ok) => setTimeout(ok, 2));
    }
    child.kill("SIGKILL");
    await exited;
    assert.ok(sawWriting, "the import was killed while it wrote (it never finished before the poll saw it)");
    Workspace.open(ws).close();
    const named = namedBlobs(ws);
    assert.deepEqual(
      artifactFiles(ws).filter((f) => !named.has(f)),
      [],
      "every file left under artifacts/ is a blob a row names",
    );
  });
});
