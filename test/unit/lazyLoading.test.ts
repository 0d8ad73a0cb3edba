// What a command loads before it does its work (issue 32 item 1): every command pays for
// parsing and running each module it imports statically, so the command line's start, the
// analyses' declarations and the API service import only what every caller needs, and the
// rest is imported when first used. Checked on the static import graph esbuild sees (the
// one the command line's bundle is split by), not on timings.
import { describe, it, before } from "node:test";
import assert from "node:assert/strict";
import { build, type Metafile } from "esbuild";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { execFileSync, spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import { ROOT } from "../helpers/uftrace.js";

let meta: Metafile;

before(async () => {
  const r = await build({
    absWorkingDir: ROOT,
    entryPoints: ["engine/cli/main.ts", "engine/analyses/registry.ts", "engine/api/service.ts"],
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    packages: "external",
    write: false,
    metafile: true,
    outdir: join(tmpdir(), "varbench-lazy-loading"),
    logLevel: "silent",
  });
  meta = r.metafile;
});

/** Every source file and package `entry` imports statically, directly or through others. */
function staticClosure(entry: string): Set<string> {
  const seen = new Set([entry]);
  const queue = [entry];
  while (queue.length > 0) {
    for (const i of meta.inputs[queue.pop()!]?.imports ?? []) {
      if (i.kind !== "import-statement" || seen.has(i.path)) continue;
      seen.add(i.path);
      if (!i.external) queue.push(i.path);
    }
  }
  return seen;
}

const matching = (files: Set<string>, re: RegExp) => [...files].filter((f) => re.test(f));

describe("what is loaded before it is used", () => {
  it("the command line's start loads no analysis and no zod (varbench --help)", () => {
    const files = staticClosure("engine/cli/main.ts");
    assert.deepEqual(matching(files, /^engine\/(analyses|api)\//), []);
    assert.deepEqual(matching(files, /^zod/), []);
  });

  it("the analyses' declarations load none of their steps, nor the algorithms behind them", () => {
    const files = staticClosure("engine/analyses/registry.ts");
    assert.ok(files.has("engine/analyses/cct.ts"), "the registry lists the declarations");
    assert.deepEqual(matching(files, /^engine\/analyses\/(steps\/|dominantVariance|patternRuns)/), []);
    assert.deepEqual(matching(files, /^(ml-|fft|simple-statistics)/), []);
    assert.deepEqual(matching(files, /^engine\/(variance\/analyze|patterns\/findPatterns|phases\/segmentation)/), []);
  });

  it("the API service loads its handlers on the first call that needs them", () => {
    const files = staticClosure("engine/api/service.ts");
    assert.deepEqual(matching(files, /Handlers\.ts$/), []);
    assert.deepEqual(matching(files, /^engine\/analyses\/steps\//), []);
  });

  it("reading a trace loads the reader of its format only", () => {
    const files = staticClosure("engine/api/service.ts");
    assert.deepEqual(matching(files, /^engine\/trace\/(uftrace|chrome|text)\/read/), []);
  });
});

/** Node's built-in modules a run of the built command line loaded (process.moduleLoadList), by name. */
function builtinsLoadedBy(args: readonly string[]): string[] {
  execFileSync(process.execPath, [join(ROOT, "build", "scripts", "build-engine.mjs")], { stdio: "ignore" });
  const main = pathToFileURL(join(ROOT, "dist", "cli", "main.js")).href;
  const probe = [
    `process.argv = [process.argv[0], "varbench", ...${JSON.stringify(args)}];`,
    `process.on("exit", () => process.stderr.write("\\n" + JSON.stringify(process.moduleLoadList)));`,
    `await import(${JSON.stringify(main)});`,
  ].join("\n");
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", probe], { cwd: ROOT, encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  const loaded = JSON.parse(r.stderr.trim().split("\n").pop()!) as string[];
  return loaded.filter((m) => m.startsWith("NativeModule ")).map((m) => m.slice("NativeModule ".length));
}

describe("what the built command line loads", () => {
  // commander requires child_process only to spawn executable subcommands, which Varbench declares
  // none of; build-engine.mjs makes that require happen at its first use (with net, dgram and streams).
  it("neither --help nor a command on a trace file loads child_process", () => {
    assert.ok(builtinsLoadedBy(["--help"]).includes("fs"), "the probe sees the modules loaded");
    assert.ok(!builtinsLoadedBy(["--help"]).includes("child_process"));
    const tiny = join(ROOT, "test/fixtures/uftrace/0.13/frame_loop");
    assert.ok(!builtinsLoadedBy(["cct", tiny, "--limit", "1"]).includes("child_process"));
  });
});
