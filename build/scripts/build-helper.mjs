// Prebuilds the run helper (engine/runner/native/vbtime.c, the wait4 wrapper
// every run is spawned through) for this Linux machine's architecture
// into dist/native/vbtime, which build/electron-builder.yml ships as an extra
// resource, so the installed app needs no C compiler. A checkout compiles it on
// first use instead (engine/runner/helper.ts). Run by `npm run dist`; packages
// for another architecture are made on that architecture.
import { execFileSync } from "node:child_process";
import { mkdirSync, renameSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));
const source = join(root, "engine", "runner", "native", "vbtime.c");
const outdir = join(root, "dist", "native");
const out = join(outdir, "vbtime");

if (process.platform !== "linux") {
  // The helper pins CPUs with Linux's sched_setaffinity, and the runner reads /proc: Linux only.
  console.log(`build-helper: no run helper on ${process.platform} (the runner is Linux-only)`);
  process.exit(0);
}
mkdirSync(outdir, { recursive: true });
const tmp = `${out}.${process.pid}`;
try {
  execFileSync(process.env.CC ?? "cc", ["-O2", "-o", tmp, source], { stdio: ["ignore", "inherit", "inherit"] });
} catch (e) {
  console.error(`build-helper: cannot compile ${source} (a C compiler is needed: set CC or install gcc): ${e.message}`);
  process.exit(1);
}
renameSync(tmp, out);
console.log(`build-helper: ${out} (${process.platform}-${process.arch})`);
