// `npm run dist` (after `npm run build`): the run helper prebuilt, then the app
// packaged by electron-builder with build/electron-builder.yml — on Linux an
// AppImage and a deb in dist/app/, or what the arguments say (`npm run dist --
// --dir` for the unpacked folder only, `-- --win`, `-- --mac` on those systems;
// `-c.<key>=<value>` overrides a key). A local Electron (electronDist.mjs) is used
// when there is one; otherwise electron-builder downloads it, as it downloads its
// AppImage and deb tools. Where it could not (no Electron here and its download
// host unknown to DNS: a machine without internet), it says so and stops before
// building anything, rather than build for minutes and end in ENOTFOUND.
import { spawnSync } from "node:child_process";
import { lookup } from "node:dns/promises";
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

/** The host electron-builder downloads from (Electron, and the AppImage and deb tools), and whether DNS knows it. */
async function downloadHost() {
  const mirror =
    process.env.ELECTRON_MIRROR ||
    process.env.npm_config_electron_mirror ||
    "https://github.com/electron/electron/releases/download/";
  const host = URL.canParse(mirror) ? new URL(mirror).hostname : mirror;
  return lookup(host).then(
    () => ({ host, reachable: true }),
    (e) => ({ host, reachable: false, why: e.code ?? e.message }),
  );
}

const args = process.argv.slice(2);
const electron = findElectronDist(root);
// An unpacked folder (--dir) needs nothing downloaded once Electron is here; every installer does.
const needsDownload = !electron.path || !args.includes("--dir");
if (needsDownload) {
  const net = await downloadHost();
  if (!net.reachable) {
    console.error(
      `dist: ${electron.path ? "the AppImage and deb tools" : electron.why.replace(/^no/, "No")}${electron.path ? "" : ", and Electron"} must be downloaded from ${net.host}, which cannot be reached from here (${net.why}). Nothing was built.`,
    );
    console.error(
      "dist: on a machine with internet, npm ci then npm run dist; or here, VARBENCH_ELECTRON_DIST=<an unpacked Electron or its zip> npm run dist -- --dir",
    );
    process.exit(1);
  }
}
// The renderer and Electron bundles, then the run helper.
if (spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" }).status !== 0) process.exit(1);
if (run([join(root, "build", "scripts", "build-helper.mjs")]) !== 0) process.exit(1);
const extra = electron.path ? [`-c.electronDist=${electron.path}`] : [];
console.log(
  electron.path ? `dist: Electron from ${electron.path}` : `dist: ${electron.why}; electron-builder will download it`,
);
const builder = createRequire(join(root, "package.json")).resolve("electron-builder/cli.js");
const restore = keepNativeBuilds();
let status;
try {
  status = run([builder, "--config", "build/electron-builder.yml", "--publish", "never", ...extra, ...args]);
} finally {
  restore();
}
process.exit(status);
