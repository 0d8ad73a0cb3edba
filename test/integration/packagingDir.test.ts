// `electron-builder --dir` with build/electron-builder.yml, where an Electron binary is at hand
// (build/scripts/electronDist.mjs: VARBENCH_ELECTRON_DIST, node_modules/electron/dist, or
// Electron's download cache), and a look inside the unpacked app: the asar archive holds the
// bundles and the renderer, the native module is rebuilt and unpacked, the run helper, example
// programs and traces are real files beside it, and the fuses are flipped. Elsewhere (this CI
// cannot download Electron) it is reported as skipped with the reason, never as passed.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { ROOT, tempDir } from "../helpers/uftrace.js";
import { findElectronDist } from "../../build/scripts/electronDist.mjs";

const electron = findElectronDist(ROOT);
const skip =
  process.platform !== "linux"
    ? "the unpacked-folder checks are written for Linux"
    : electron.path
      ? false
      : electron.why;
const builderRequire = createRequire(
  createRequire(join(ROOT, "package.json")).resolve("electron-builder/package.json"),
);

describe("electron-builder --dir", () => {
  it("packs the app with what it needs at run time", { skip, timeout: 30 * 60_000 }, async () => {
    // As `npm run dist -- --dir` runs it: the helper prebuilt, the Node build of better-sqlite3 put back after.
    const out = tempDir("packaging");
    const r = spawnSync(
      process.execPath,
      [join(ROOT, "build", "scripts", "dist.mjs"), "--dir", "--linux", `-c.directories.output=${out}`],
      {
        cwd: ROOT,
        encoding: "utf8",
        maxBuffer: 64 << 20,
        env: { ...process.env, VARBENCH_ELECTRON_DIST: electron.path! },
      },
    );
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    const unpacked = readdirSync(out).find((d) => d.startsWith("linux") && d.endsWith("unpacked"));
    assert.ok(unpacked, `no linux-unpacked folder in ${out}`);
    const app = join(out, unpacked);
    const resources = join(app, "resources");

    // The tests' Node still loads the module electron-builder rebuilt for Electron.
    assert.equal(
      spawnSync(process.execPath, ["-e", "new (require('better-sqlite3'))(':memory:')"], { cwd: ROOT }).status,
      0,
      "better-sqlite3 left built for Electron in node_modules",
    );

    const { listPackage } = builderRequire("@electron/asar") as {
      listPackage(archive: string, options: object): string[];
    };
    const inAsar = new Set(listPackage(join(resources, "app.asar"), {}).map((f) => f.replace(/\\/g, "/")));
    for (const f of [
      "/package.json",
      "/electron/dist/main.js",
      "/electron/dist/engineWorker.js",
      "/electron/dist/preload.cjs",
      "/renderer/dist/index.html",
      "/dist/cli/main.js",
      "/node_modules/better-sqlite3/lib/index.js",
    ])
      assert.ok(inAsar.has(f), `${f} is not in app.asar`);
    assert.ok(
      ![...inAsar].some((f) => f.startsWith("/node_modules/echarts/")),
      "echarts is bundled, not shipped again",
    );
    assert.ok(
      existsSync(
        join(
          resources,
          "app.asar.unpacked",
          "node_modules",
          "better-sqlite3",
          "build",
          "Release",
          "better_sqlite3.node",
        ),
      ),
      "the native module beside the archive",
    );

    accessSync(join(resources, "native", "vbtime"), constants.X_OK);
    for (const f of [
      "data/examples/Makefile",
      "data/examples/campaigns/frame_loop.yaml",
      "data/test/fixtures/uftrace/0.13/frame_loop",
      "data/engine/runner/native/vbtime.c",
    ])
      assert.ok(existsSync(join(resources, f)), `resources/${f}`);

    const { getCurrentFuseWire, FuseV1Options } = builderRequire("@electron/fuses") as {
      getCurrentFuseWire(binary: string): Promise<Record<number, number>>;
      FuseV1Options: Record<string, number>;
    };
    const wire = await getCurrentFuseWire(join(app, "varbench"));
    const on = (fuse: string) => String.fromCharCode(wire[FuseV1Options[fuse]]) === "1";
    assert.deepEqual(
      Object.fromEntries(
        [
          "RunAsNode",
          "EnableCookieEncryption",
          "EnableNodeOptionsEnvironmentVariable",
          "EnableNodeCliInspectArguments",
          "EnableEmbeddedAsarIntegrityValidation",
          "OnlyLoadAppFromAsar",
          "GrantFileProtocolExtraPrivileges",
        ].map((f) => [f, on(f)]),
      ),
      {
        RunAsNode: false,
        EnableCookieEncryption: true,
        EnableNodeOptionsEnvironmentVariable: false,
        EnableNodeCliInspectArguments: false,
        EnableEmbeddedAsarIntegrityValidation: true,
        OnlyLoadAppFromAsar: true,
        GrantFileProtocolExtraPrivileges: false,
      },
    );
  });
});
