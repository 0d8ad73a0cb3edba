// Builds what Varbench runs: the ingestion kernel (build-kernel.mjs), then the
// command line as compiled JavaScript in dist/cli/. The command line and the
// engine's worker are each one CommonJS bundle (cli.cjs, engineWorker.cjs),
// which their entries (main.js, what bin/varbench.js imports, and
// engineWorker.js) compile from V8's cached data (engine/io/codeCache.ts:
// Node 20 caches no ES module's compilation, and finding and compiling a
// command's many modules cost more than Node's own start); the reader pool's
// worker stays an ES module. Nothing is transpiled at start. Run by `npm ci`
// (postinstall) and `npm run build`; skipped when dist/ is newer than every
// file of engine/ and this script (--force builds anyway).
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));
execFileSync(process.execPath, [join(root, "build/scripts/build-kernel.mjs"), ...process.argv.slice(2)], {
  stdio: "inherit",
});

const outdir = join(root, "dist", "cli");
const stamp = join(outdir, "main.js");
// What the bundle holds and leaves external, for the packaging checks (test/integration/packagingFiles.test.ts).
const metafile = join(root, "dist", "meta", "cli.json");
const newest = (dir) =>
  Math.max(
    ...readdirSync(dir, { withFileTypes: true }).map((e) =>
      e.isDirectory() ? newest(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs,
    ),
  );
const inputs = Math.max(
  newest(join(root, "engine")),
  statSync(fileURLToPath(import.meta.url)).mtimeMs,
  statSync(join(root, "package-lock.json")).mtimeMs,
);
if (existsSync(stamp) && existsSync(metafile) && statSync(stamp).mtimeMs > inputs && !process.argv.includes("--force"))
  process.exit(0);

/**
 * commander requires node:child_process when it loads, for the executable subcommands Varbench does not
 * declare (it calls child_process.spawn only to run one); that require loads child_process, net, dgram and
 * the streams into every command. Here it is required at its first use instead.
 */
const lazyChildProcess = {
  name: "lazy-child-process",
  setup(b) {
    b.onLoad({ filter: /[\\/]commander[\\/]lib[\\/]command\.js$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      const eager = "const childProcess = require('node:child_process');";
      if (!source.includes(eager)) throw new Error(`build-engine: ${args.path} no longer has "${eager}"`);
      const lazy = "const childProcess = { spawn: (...a) => require('node:child_process').spawn(...a) };";
      return { contents: source.replace(eager, lazy), loader: "js" };
    });
  },
};

/** The command line's ECharts is the bundle beside it (echarts.cjs), required where a chart is drawn. */
const echartsBeside = {
  name: "echarts-beside",
  setup(b) {
    b.onResolve({ filter: /^echarts$/ }, () => ({ path: "./echarts.cjs", external: true }));
  },
};
const outExtension = { ".js": ".cjs" };

rmSync(outdir, { recursive: true, force: true });
const common = {
  absWorkingDir: root,
  outdir,
  bundle: true,
  platform: "node",
  target: "node20",
  // Smaller files parse faster at every start; names are kept for error messages.
  minify: true,
  keepNames: true,
  // Native and optional native modules load from node_modules, and Playwright (PDF printing), whose
  // driver files are found beside its own modules.
  external: ["better-sqlite3", "bufferutil", "utf-8-validate", "playwright-core"],
  logLevel: "warning",
  metafile: true,
};
const [modules, charts, commandLine] = await Promise.all([
  build({
    ...common,
    // The entries that run the command line and the engine's worker (engine/api/engineHost.ts, cli/api.ts),
    // and the reader pool's worker (engine/pool/readerPool.ts), loaded by URL beside the chunks.
    entryPoints: {
      main: "engine/cli/launch.ts",
      engineWorker: "engine/api/workerLaunch.ts",
      readerWorker: "engine/pool/readerWorker.ts",
    },
    splitting: true,
    format: "esm",
    // ES module bundles of CommonJS packages need a require of their own.
    banner: {
      js: "import { createRequire as __vbRequire } from 'node:module'; const require = __vbRequire(import.meta.url);",
    },
  }),
  // ECharts (1.3 MB, the reports' SVG charts) in a file of its own, read only by the commands that draw:
  // every other command would read it and V8 account for it at each start.
  build({ ...common, entryPoints: { echarts: "node_modules/echarts/index.js" }, outExtension, format: "cjs" }),
  build({
    ...common,
    // One file: what a command does not use is still compiled only when called (esbuild wraps the modules
    // imported lazily), and V8's cached data covers a script, not a graph of modules.
    entryPoints: { cli: "engine/cli/main.ts", engineWorker: "engine/api/workerEntry.ts" },
    outExtension,
    format: "cjs",
    // The sources' URLs relative to their module (the workers beside the bundle, the project's root above).
    define: { "import.meta.url": "__vbModuleUrl" },
    banner: { js: 'var __vbModuleUrl = require("node:url").pathToFileURL(__filename).href;' },
    plugins: [lazyChildProcess, echartsBeside],
  }),
]);
// The launchers read the command line and the engine as Latin-1, one byte a character (engine/io/codeCache.ts).
for (const file of ["cli.cjs", "engineWorker.cjs"]) {
  const bytes = readFileSync(join(outdir, file));
  const at = bytes.findIndex((b) => b > 0x7f);
  if (at >= 0)
    throw new Error(
      `build-engine: dist/cli/${file} holds a non-ASCII byte at ${at} ("${bytes.subarray(Math.max(0, at - 40), at + 8)}"): write that character as a \\u escape in its source`,
    );
}
mkdirSync(join(root, "dist", "meta"), { recursive: true });
// One metafile for both builds, as the packaging checks read every output and input of the command line.
const metaOf = (...results) => ({
  inputs: Object.assign({}, ...results.map((r) => r.metafile.inputs)),
  outputs: Object.assign({}, ...results.map((r) => r.metafile.outputs)),
});
writeFileSync(metafile, JSON.stringify(metaOf(modules, charts, commandLine)));
console.log("build-engine: dist/cli built");
