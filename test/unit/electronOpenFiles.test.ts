// The desktop window's file drop: which paths the main process lets the engine import (electron/openFiles.ts).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { tempDir } from "../helpers/uftrace.js";
import { importablePath, openDialogOptions } from "../../electron/openFiles.js";

describe("importablePath", () => {
  const dir = tempDir("open-files");
  const file = join(dir, "trace.json");
  writeFileSync(file, "{}");
  mkdirSync(join(dir, "uftrace.data"));
  const fifo = join(dir, "pipe");
  execFileSync("mkfifo", [fifo]);

  it("takes a file and a folder by absolute path", async () => {
    assert.equal(await importablePath(file), file);
    assert.equal(await importablePath(join(dir, "uftrace.data")), join(dir, "uftrace.data"));
  });

  it("refuses what is no path, a relative path, a NUL, a missing file, a FIFO and a device", async () => {
    await assert.rejects(importablePath(undefined), /no file was named/);
    await assert.rejects(importablePath({ path: file }), /no file was named/);
    await assert.rejects(importablePath("trace.json"), /not the path of a file/);
    await assert.rejects(importablePath(`${file}\0.txt`), /not the path of a file/);
    await assert.rejects(importablePath("/" + "a".repeat(5000)), /not the path of a file/);
    await assert.rejects(importablePath(join(dir, "missing.json")), /does not exist/);
    await assert.rejects(importablePath(fifo), /neither a file nor a folder/);
    await assert.rejects(importablePath("/dev/zero"), /neither a file nor a folder/);
  });

  it("opens files or folders, never both in one dialog", () => {
    assert.deepEqual(openDialogOptions("folder").properties, ["openDirectory"]);
    assert.deepEqual(openDialogOptions("file").properties, ["openFile"]);
    assert.deepEqual(openDialogOptions("anything").properties, ["openFile"]);
  });
});
