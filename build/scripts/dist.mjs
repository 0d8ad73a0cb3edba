// `npm run dist` (after `npm run build`): the run helper prebuilt, then the app
// packaged by electron-builder with build/electron-builder.yml — on Linux an
// AppImage and a deb in dist/app/, or what the arguments say (`npm run dist --
// --dir` for the unpacked folder only, `-- --win`, `-- --mac` on those systems;
// `-c.<key>=<value>` overrides a key). A local Electron (electronDist.mjs) is used
// when there is one; otherwise electron-builder downloads it, as it downloads its
// AppImage and deb tools.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { findElectronDist } from "./electronDist.mjs";

const root = fileURLToPath(new URL("../../", import.meta.url));
const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: "inherit" }).status ?? 1;

/** electron-builder rebuilds native modules for Electron's ABI inside node_modules, where the tests
 * and the command line need them built for Node: each build/Release/*.node (and @electron/rebuild's
 * .forge-meta stamp, so the next packaging rebuilds again) is kept aside and put back. */
function keepNativeBuilds() {
  const dirs = readdirSync(join(root, "node_modules"))
    .flatMap((n) => (n.startsWith("@") ? readdirSync(join(root, "node_modules", n)).map((m) => `${n}/${m}`) : [n]))
    .map((n) => join(root, "node_modules", n, "build", "Release"))
    .filter((d) => existsSync(d) && readdirSync(d).some((f) => f.endsWith(".node")));
  const aside = mkdtempSync(join(tmpdir(), "varbench-native-"));
  const kept = dirs.map((dir, i) => {
    const files = readdirSync(dir).filter((f) => f.endsWith(".node") || f === ".forge-meta");
    for (const f of files) copyFileSync(join(dir, f), join(aside, `${i}-${f}`));
    return { dir, i, files };
  });
  return () => {
    for (const { dir, i, files } of kept) {
      if (!files.includes(".forge-meta")) rmSync(join(dir, ".forge-meta"), { force: true });
      for (const f of files) {
        // A new file, not a write into the old one: electron-builder hard-links what it packs.
        rmSync(join(dir, f), { force: true });
        copyFileSync(join(aside, `${i}-${f}`), join(dir, f));
      }
    }
    rmSync(aside, { recursive: true, force: true });
  };
}

if (run([join(root, "build", "scripts", "build-helper.mjs")]) !== 0) process.exit(1);
const electron = findElectronDist(root);
const extra = electron.path ? [`-c.electronDist=${electron.path}`] : [];
console.log(electron.path ? `dist: Electron from ${electron.path}` : `dist: ${electron.why}; electron-builder will download it`);
const builder = createRequire(join(root, "package.json")).resolve("electron-builder/cli.js");
const restore = keepNativeBuilds();
let status;
try {
  status = run([builder, "--config", "build/electron-builder.yml", "--publish", "never", ...extra, ...process.argv.slice(2)]);
} finally {
  restore();
}
process.exit(status);
