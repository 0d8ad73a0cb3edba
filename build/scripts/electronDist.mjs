// Where a local Electron for packaging is, or why there is none: electron-builder
// otherwise downloads Electron itself, which a machine without internet cannot.
// Used by `npm run dist` (build/scripts/dist.mjs) and the packaging test, which
// is skipped, with this reason, where there is none.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/** Electron's download caches (@electron/get's, which electron-builder shares). */
function cacheDirs() {
  const dirs = [process.env.ELECTRON_CACHE];
  if (process.platform === "darwin") dirs.push(join(homedir(), "Library", "Caches", "electron"));
  else if (process.platform === "win32")
    dirs.push(join(process.env.LOCALAPPDATA ?? join(homedir(), "AppData", "Local"), "electron", "Cache"));
  else dirs.push(join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "electron"));
  return dirs.filter((d) => d && existsSync(d));
}

/** The zip in a cache folder or one level below it (@electron/get keeps one folder per download URL). */
function findZip(dir, name) {
  if (existsSync(join(dir, name))) return join(dir, name);
  for (const sub of readdirSync(dir)) {
    const p = join(dir, sub, name);
    if (statSync(join(dir, sub)).isDirectory() && existsSync(p)) return p;
  }
  return null;
}

/** `{ path, why }`: an electronDist for electron-builder (an unpacked Electron or its zip), or null and why. */
export function findElectronDist(root, platform = process.platform, arch = process.arch) {
  const version = JSON.parse(readFileSync(join(root, "node_modules", "electron", "package.json"), "utf8")).version;
  const zip = `electron-v${version}-${platform}-${arch}.zip`;
  const given = process.env.VARBENCH_ELECTRON_DIST;
  if (given)
    return existsSync(given)
      ? { path: given, why: "" }
      : { path: null, why: `VARBENCH_ELECTRON_DIST=${given} does not exist` };
  const binary = { linux: "electron", win32: "electron.exe", darwin: "Electron.app" }[platform];
  const installed = join(root, "node_modules", "electron", "dist");
  if (binary && existsSync(join(installed, binary))) return { path: installed, why: "" };
  const dirs = cacheDirs();
  for (const dir of dirs) {
    const found = findZip(dir, zip);
    if (found) return { path: found, why: "" };
  }
  return {
    path: null,
    why: `no Electron ${version} binary here: not in node_modules/electron/dist, no ${zip} in Electron's download cache (${dirs.join(", ") || "none"}), VARBENCH_ELECTRON_DIST not set`,
  };
}
