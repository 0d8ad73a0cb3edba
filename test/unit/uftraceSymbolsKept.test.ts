// Symbol files that can never change (TraceDirectory.contentId: the workspace's
// blobs) are read and parsed once for every trace that holds them
// (trace/uftrace/resolver.ts): a second trace with the same files reads no
// .sym file again and names every function as its own read would; a damaged
// file is still said in each trace that needs it; files under other ids are
// read for themselves. On the nested_chain fixture (uftrace 0.13).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { damagedSymCopy, FIXTURES } from "../helpers/uftrace.js";
import { directorySource } from "../../engine/io/fileSource.js";
import { readInput } from "../../engine/io/readTrace.js";
import { CctBuilder } from "../../engine/cct/cctBuilder.js";
import { describeTraceWarning } from "../../engine/trace/diagnostics.js";
import type { TraceDirectory } from "../../engine/trace/source.js";

const FIXTURE = join(FIXTURES, "uftrace", "0.13", "nested_chain");

/** The folder as a directory of unchanging files (ids: a SHA-256 of the bytes, as the workspace names
 * blobs, salted per test so no other test's reads are found), counting the .sym files it reads. */
function keptDirectory(path: string, salt: string): { dir: TraceDirectory; symReads: () => number } {
  const plain = directorySource(path);
  let reads = 0;
  const dir: TraceDirectory = {
    ...plain,
    readText: (file) => {
      if (file.endsWith(".sym")) reads++;
      return plain.readText(file);
    },
    contentId: (file) =>
      salt +
      createHash("sha256")
        .update(readFileSync(join(path, file)))
        .digest("hex"),
  };
  return { dir, symReads: () => reads };
}

async function read(dir: TraceDirectory) {
  const sink = new CctBuilder({});
  await readInput({ format: "uftrace", dir }, sink);
  const cct = sink.finish();
  return { functions: [...cct.functions], warnings: cct.warnings.map(describeTraceWarning) };
}

describe("symbol files kept across traces", () => {
  it("reads a trace's unchanging .sym files once, and names the functions of a second trace as its own read would", async () => {
    const alone = await read(directorySource(FIXTURE));
    const first = keptDirectory(FIXTURE, "a");
    const second = keptDirectory(FIXTURE, "a");
    assert.deepEqual(await read(first.dir), alone);
    assert.ok(first.symReads() >= 10, `${first.symReads()} .sym files read`);
    assert.deepEqual(await read(second.dir), alone);
    assert.equal(second.symReads(), 0);
    // The same files with no id (a folder the user names, which may be recorded again) are read again.
    const plain = keptDirectory(FIXTURE, "a");
    assert.deepEqual(await read({ ...plain.dir, contentId: undefined }), alone);
    assert.equal(plain.symReads(), first.symReads());
  });

  it("says a damaged .sym file in every trace that needs it, and reads a file of another id for itself", async () => {
    const { copy } = damagedSymCopy(FIXTURE, "kept-sym");
    const damaged = /nested_chain\.sym: at byte \d+: 2 line\(s\) are not symbol lines/;
    const once = await read(keptDirectory(copy, "b").dir);
    const again = await read(keptDirectory(copy, "b").dir);
    assert.match(once.warnings[0], damaged);
    assert.deepEqual(again, once);
    // The intact fixture under the same salt: its own program file, read for itself, names main.
    const intact = await read(keptDirectory(FIXTURE, "b").dir);
    assert.ok(!intact.warnings.some((w) => damaged.test(w)), intact.warnings.join("\n"));
    assert.ok(intact.functions.includes("main"));
    assert.ok(!once.functions.includes("main"));
  });
});
