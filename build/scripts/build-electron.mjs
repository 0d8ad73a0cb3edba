// Bundles the Electron shell into electron/dist: main (ESM), the engine
// worker (ESM) and the preload (CommonJS, as sandboxed preloads must be).
// better-sqlite3 stays external: it is a native module, loaded from
// node_modules (packaging rebuilds it for Electron's ABI, see build/electron-builder.yml).
import { build } from "esbuild";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));
const common = { bundle: true, platform: "node", target: "node20", sourcemap: true, absWorkingDir: root, logLevel: "warning", external: ["electron", "better-sqlite3", "bufferutil", "utf-8-validate", "playwright-core"] };
// ESM bundles of CommonJS packages need a require of their own.
const banner = { js: "import { createRequire as __vbRequire } from 'node:module'; const require = __vbRequire(import.meta.url);" };

await build({ ...common, entryPoints: ["electron/main.ts"], outfile: "electron/dist/main.js", format: "esm", banner });
await build({ ...common, entryPoints: ["electron/engineWorker.ts"], outfile: "electron/dist/engineWorker.js", format: "esm", banner });
await build({ ...common, entryPoints: ["electron/preload.ts"], outfile: "electron/dist/preload.cjs", format: "cjs" });
