// The version of a program as git knows it (runner/programVersion.ts), on a real repository.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { commitOrder, programVersion } from "../../engine/runner/programVersion.js";

function repo(): { dir: string; git: (...a: string[]) => string } {
  const dir = mkdtempSync(join(tmpdir(), "vb-version-"));
  const git = (...a: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...a], { cwd: dir, encoding: "utf8" }).trim();
  git("init", "-q");
  return { dir, git };
}

test("the default version is HEAD with its dirty flag; a label is looked up as a revision", () => {
  const { dir, git } = repo();
  try {
    assert.equal(programVersion(dir), null, "no commit yet: no version");
    writeFileSync(join(dir, "a.c"), "int main(){return 0;}\n");
    git("add", "a.c");
    git("commit", "-q", "-m", "one");
    const head = git("rev-parse", "HEAD");
    assert.deepEqual(programVersion(dir), { label: head.slice(0, 12), commit: head, dirty: false });
    writeFileSync(join(dir, "a.c"), "int main(){return 1;}\n");
    assert.deepEqual(programVersion(dir), { label: `${head.slice(0, 12)}-dirty`, commit: head, dirty: true });
    git("tag", "v1");
    assert.deepEqual(programVersion(dir, "v1"), { label: "v1", commit: head, dirty: null });
    assert.deepEqual(programVersion(dir, "release-7"), { label: "release-7", commit: null, dirty: null });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("commit order is git's topological order, parents first, across branches", () => {
  const { dir, git } = repo();
  try {
    const commit = (m: string) => {
      git("commit", "-q", "--allow-empty", "-m", m);
      return git("rev-parse", "HEAD");
    };
    const a = commit("a");
    const b = commit("b");
    git("checkout", "-q", "-b", "side", a);
    const c = commit("c");
    const order = commitOrder(dir, [c, b, a, "0".repeat(40)]);
    assert.equal(order.size, 3, "an unknown commit is left out");
    assert.ok(order.get(a)! < order.get(b)! && order.get(a)! < order.get(c)!);
    assert.equal(commitOrder(tmpdir(), [a]).size, 0, "outside the repository git knows none");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("outside a git work tree there is no default version", () => {
  const dir = mkdtempSync(join(tmpdir(), "vb-nogit-"));
  try {
    assert.equal(programVersion(dir), null);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
