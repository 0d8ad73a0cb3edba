// The command line compiled from V8's cached data (engine/io/codeCache.ts, issue 32 item 1): a
// command writes its cached data once, uses it after, writes it again when V8 refuses it (here: a
// file cut short), and answers the same bytes either way; a cache it cannot write, or a failing
// command, costs nothing but the compile. Whether the data was used is seen in the file: V8 refusing
// it makes the command write it again.
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { isAscii } from "node:buffer";
import { join } from "node:path";
import { varbench } from "../helpers/cli.js";
import { ROOT, tempDir } from "../helpers/uftrace.js";

const TINY = join(ROOT, "test/fixtures/uftrace/0.13/frame_loop");
const CCT = ["cct", TINY, "--limit", "3"];

describe("the command line's code cache", () => {
  let dir: string;
  let expected: string;
  /** The file a plain `node` start keeps the cct command's data in. */
  let plainCct: string;
  const run = (args: readonly string[], cache = dir) =>
    varbench(args, ROOT, { ...process.env, VARBENCH_CODE_CACHE: cache });
  const files = () => readdirSync(dir).sort();

  before(() => {
    dir = tempDir("code-cache-");
    const r = run(CCT, "off");
    assert.equal(r.status, 0, r.stderr);
    expected = r.stdout;
    assert.match(expected, /main > decode_frame/);
  });

  it("is written by a command's first run, for that command, and used as it is after", () => {
    const first = run(CCT);
    assert.equal(first.status, 0, first.stderr);
    assert.equal(first.stdout, expected);
    // The tiny trace's tree is made on the command's own thread: the data is its variant with the engine.
    assert.deepEqual(
      files().map((f) => f.replace(/-.*/, "")),
      ["cli.cct+engine"],
    );
    plainCct = files()[0];
    const file = join(dir, plainCct);
    const before = statSync(file);
    assert.ok(before.size > 10_000, `${before.size} bytes`);
    const again = run(CCT);
    assert.equal(again.stdout, expected);
    assert.equal(again.stderr, "");
    const after = statSync(file);
    assert.equal(after.mtimeMs, before.mtimeMs, "V8 took the data: the command did not write it again");
    assert.equal(after.ino, before.ino);
  });

  it("is kept apart for each way of starting Node, whose flags V8 checks", () => {
    const before = statSync(join(dir, plainCct)).mtimeMs;
    const flagged = () =>
      varbench(CCT, ROOT, { ...process.env, VARBENCH_CODE_CACHE: dir, NODE_OPTIONS: "--max-old-space-size=300" });
    for (let i = 0; i < 2; i++) assert.equal(flagged().stdout, expected);
    assert.equal(run(CCT).stdout, expected);
    const now = files().filter((f) => f.startsWith("cli.cct+engine-"));
    assert.equal(now.length, 2, now.join(" "));
    assert.equal(statSync(join(dir, plainCct)).mtimeMs, before, "the plain start's data was not written over");
  });

  it("cut short, is refused by V8 without a word, and written whole again", () => {
    const file = join(dir, plainCct);
    const whole = statSync(file).size;
    truncateSync(file, whole >> 1);
    const r = run(CCT);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, expected);
    assert.equal(r.stderr, "");
    assert.ok(statSync(file).size > whole >> 1, "written again");
  });

  it("changed on disk, is refused by its own checksum before V8 sees it (V8 would crash on it), and written again", () => {
    const file = join(dir, plainCct);
    const bytes = readFileSync(file);
    // 64 bytes overwritten in the middle: V8, given them, ended the process with SIGSEGV or a fatal error.
    for (let i = 0; i < 64; i++) bytes[(bytes.length >> 1) + i] = (i * 151 + 7) & 0xff;
    writeFileSync(file, bytes);
    const r = run(CCT);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, expected);
    assert.equal(r.stderr, "");
    assert.ok(!readFileSync(file).equals(bytes), "written again");
  });

  it("is not kept for a command that fails, and data of another build is removed when one is written", () => {
    writeFileSync(join(dir, "cli.cct-0.0-1-1.v8"), "old");
    const bad = run(["nosuch"]);
    assert.equal(bad.status, 1);
    assert.ok(!files().some((f) => f.startsWith("cli.nosuch") || f.startsWith("cli.other")), files().join(" "));
    assert.ok(files().includes("cli.cct-0.0-1-1.v8"));
    assert.equal(run(["--version"]).status, 0);
    assert.ok(files().some((f) => f.startsWith("cli.none-")));
    assert.ok(!files().includes("cli.cct-0.0-1-1.v8"), "the other build's data is gone");
  });

  it("is kept for the engine's worker when the command closes it, and used by the next", () => {
    // Making a workspace is the worker's work (only reads of a small workspace run on the command's thread).
    const engine = () => files().filter((f) => f.startsWith("engineWorker.engine-"));
    const made = run(["workspace", "init", tempDir("code-cache-ws-")]);
    assert.equal(made.status, 0, made.stderr);
    assert.equal(engine().length, 1, files().join(" "));
    const kept = statSync(join(dir, engine()[0]));
    const again = run(["workspace", "init", tempDir("code-cache-ws-")]);
    assert.equal(again.status, 0, again.stderr);
    assert.equal(again.stderr, "");
    assert.equal(statSync(join(dir, engine()[0])).mtimeMs, kept.mtimeMs, "V8 took the worker's data");
    assert.ok(
      files().some((f) => f.startsWith("cli.cct+engine-")),
      "the command line's data stays beside the worker's",
    );
  });

  it("is kept for a command as it calls the worker and as it runs the engine itself, each used after", () => {
    // A Chrome trace of 1.3 MB: its tree is made in the worker under a budget of 64 MB (64 times it is past
    // it), on the command's own thread under the default budget.
    const fresh = tempDir("code-cache-variants-");
    const big = join(fresh, "big.json");
    const events: string[] = [];
    for (let i = 0; i < 15_000; i++)
      events.push(
        `{"ph":"B","name":"f${i % 7}","pid":1,"tid":1,"ts":${2 * i}}`,
        `{"ph":"E","pid":1,"tid":1,"ts":${2 * i + 1}}`,
      );
    writeFileSync(big, `[${events.join(",\n")}]`);
    const cache = join(fresh, "cache");
    const cct = (trace: string, budgetMb?: string) => {
      const env = { ...process.env, VARBENCH_CODE_CACHE: cache };
      const r = varbench(
        ["cct", trace, "--limit", "3"],
        ROOT,
        budgetMb ? { ...env, VARBENCH_ENGINE_MEMORY_MB: budgetMb } : env,
      );
      assert.equal(r.status, 0, r.stderr);
      return r.stdout;
    };
    const kinds = () =>
      readdirSync(cache)
        .filter((f) => f.startsWith("cli.cct"))
        .map((f) => f.replace(/-.*/, ""))
        .sort();
    const inWorker = cct(big, "64");
    assert.deepEqual(kinds(), ["cli.cct"], "the worker's run keeps the command's own data");
    assert.equal(cct(TINY), expected);
    assert.deepEqual(kinds(), ["cli.cct", "cli.cct+engine"], "the engine run here keeps its variant beside it");
    const times = () => readdirSync(cache).map((f) => statSync(join(cache, f)).mtimeMs);
    const before = times();
    assert.equal(cct(TINY), expected);
    assert.equal(cct(big, "64"), inWorker);
    assert.deepEqual(times(), before, "each run after took data that held what it compiled: none was written");
  });

  it("that cannot be written costs nothing but the compile", () => {
    const blocked = join(tempDir("code-cache-file-"), "not-a-folder");
    writeFileSync(blocked, "a file where the folder would go");
    const r = run(CCT, blocked);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, expected);
    assert.equal(r.stderr, "");
    assert.equal(readFileSync(blocked, "utf8"), "a file where the folder would go");
  });

  it("holds bundles of ASCII, which it reads as Latin-1 (the build refuses any other)", () => {
    for (const file of ["cli.cjs", "engineWorker.cjs"]) {
      const bytes = readFileSync(join(ROOT, "dist/cli", file));
      const at = bytes.findIndex((b) => b > 0x7f);
      assert.ok(
        isAscii(bytes),
        `dist/cli/${file} is not ASCII at byte ${at}: "${bytes.subarray(Math.max(0, at - 40), at + 8).toString()}"`,
      );
    }
  });
});
