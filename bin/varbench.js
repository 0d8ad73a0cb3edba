#!/usr/bin/env node
// The `varbench` command: the compiled command line (dist/cli, built by
// `npm ci` and `npm run build` with build/scripts/build-engine.mjs).
import { existsSync } from "node:fs";

const main = new URL("../dist/cli/main.js", import.meta.url);
if (!existsSync(main)) {
  console.error("varbench: the command line is not built; run `npm ci` or `npm run build` in the Varbench folder");
  process.exit(1);
}
await import(main.href);
