// Bundles the Electron shell into electron/dist: main (ESM), the engine
// worker (ESM) and the preload (CommonJS, as sandboxed preloads must be).
// better-sqlite3 stays external: it is a native module, loaded from
// node_modules (packaging rebuilds it for Electron's ABI, see build/electron-builder.yml).
// Each bundle's esbuild metafile goes to dist/meta/, where the packaging check
// (test/integration/packagingFiles.test.ts) reads what each bundle holds and
// leaves external, so the files electron-builder ships are derived, not listed by hand.
import { build } from "esbuild";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));
const common = {
  bundle: true,
  platform: "node",
  target: "node20",
  sourcemap: true,
  absWorkingDir: root,
  logLevel: "warning",
  metafile: true,
  external: ["electron", "better-sqlite3", "bufferutil", "utf-8-validate", "playwright-core"],
};
// ESM bundles of CommonJS packages need a require of their own.
const banner = {
  js: "import { createRequire as __vbRequire } from 'node:module'; const require = __vbRequire(import.meta.url);",
};

const bundles = {
  "electron-main": { entryPoints: ["electron/main.ts"], outfile: "electron/dist/main.js", format: "esm", banner },
  "electron-worker": {
    entryPoints: ["electron/engineWorker.ts"],
    outfile: "electron/dist/engineWorker.js",
    format: "esm",
    banner,
  },
  // The reader pool's worker (engine/pool/readerPool.ts), found beside the engine worker.
  "electron-reader": {
    entryPoints: ["engine/pool/readerWorker.ts"],
    outfile: "electron/dist/readerWorker.js",
    format: "esm",
    banner,
  },
  "electron-preload": { entryPoints: ["electron/preload.ts"], outfile: "electron/dist/preload.cjs", format: "cjs" },
};
mkdirSync(join(root, "dist", "meta"), { recursive: true });
for (const [name, options] of Object.entries(bundles)) {
  const { metafile } = await build({ ...common, ...options });
  writeFileSync(join(root, "dist", "meta", `${name}.json`), JSON.stringify(metafile));
}
