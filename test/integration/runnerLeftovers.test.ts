// What a killed runner leaves (issue 17 item 11): its run folders are removed
// by the next runner, a live runner's never; a -pg program's gmon.out lands
// in the run's own folder, not among the sources.
import { it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { varbench } from "../helpers/cli.js";
import { buildExamples, EXAMPLES_BIN, tempDir } from "../helpers/uftrace.js";

it("removes the run folders of dead runners, keeps a live runner's, and writes no gmon.out into the spec's folder", () => {
  buildExamples();
  const dir = tempDir("leftovers");
  const ws = join(dir, "ws");
  assert.equal(varbench(["workspace", "init", ws]).status, 0);
  const gone = spawnSync("true").pid!; // a pid whose process has ended
  const dead = join(ws, `.run-${gone}-abcdef`);
  const old = join(ws, ".run-Xy12Zq");
  const live = join(ws, `.run-${process.pid}-ghijkl`);
  for (const d of [dead, old, live]) mkdirSync(d);
  const specDir = join(dir, "specs");
  mkdirSync(specDir);
  writeFileSync(
    join(specDir, "pg.yaml"),
    [
      "project: p",
      "designs: [{ name: a }]",
      "workloads:",
      "  - name: w",
      `    argv: ["${join(EXAMPLES_BIN, "frame_loop")}", "4", "8"]`,
      "repetitions: 1",
      "",
    ].join("\n"),
  );
  rmSync(join(specDir, "gmon.out"), { force: true });
  const r = varbench(["-w", ws, "campaign", "run", join(specDir, "pg.yaml")]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(existsSync(dead), false, "a dead runner's folder is removed");
  assert.equal(existsSync(old), false, "a folder of an older runner (no pid) is removed");
  assert.equal(existsSync(live), true, "a live runner's folder is kept");
  assert.equal(existsSync(join(specDir, "gmon.out")), false, "no gmon.out among the sources");
});

it("kills what a run started outside its process group (setsid) when the run ends", async () => {
  const dir = tempDir("escapee");
  const ws = join(dir, "ws");
  assert.equal(varbench(["workspace", "init", ws]).status, 0);
  const pidFile = join(dir, "escaped.pid");
  writeFileSync(
    join(dir, "escape.yaml"),
    [
      "project: p",
      "designs: [{ name: a }]",
      "workloads:",
      "  - name: w",
      `    argv: ["sh", "-c", "setsid sleep 300 & echo $! > ${pidFile}"]`,
      "repetitions: 1",
      "",
    ].join("\n"),
  );
  const r = varbench(["-w", ws, "campaign", "run", join(dir, "escape.yaml")]);
  assert.equal(r.status, 0, r.stderr);
  const pid = Number(readFileSync(pidFile, "utf8"));
  // SIGKILL is sent before the run is recorded; the kernel may take a moment to reap it.
  for (let i = 0; i < 50 && alive(pid); i++) await new Promise((ok) => setTimeout(ok, 100));
  assert.equal(alive(pid), false, `the setsid'd sleep (${pid}) outlived its run`);
});

function alive(pid: number): boolean {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0];
    return state !== "Z";
  } catch {
    return false;
  }
}
