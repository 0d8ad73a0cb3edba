// Where the Electron binary is, or why there is none. The electron package
// fetches its binary on first use; without a network that fails, which is
// caught here and worded for the person starting Varbench.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export function electronBinary(root: string): { path: string | null; why: string } {
  // Inside the packaged app (its RunAsNode fuse off), process.execPath is the app itself: `-e` would
  // open a second window, not run Node. The app opens its own window for `start` before this is reached.
  if (process.versions.electron)
    return { path: null, why: "this command runs inside the Varbench app, which opens its own window" };
  const r = spawnSync(process.execPath, ["-e", "process.stdout.write(require('electron'))"], {
    cwd: root,
    encoding: "utf8",
    timeout: 120_000,
  });
  const path = r.status === 0 ? r.stdout.trim() : "";
  if (path && existsSync(path)) return { path, why: "" };
  const errors = (r.stderr ?? "")
    .split("\n")
    .filter((l) => /^\w*Error\b/.test(l))
    .map((l) => l.trim());
  return {
    path: null,
    why: `the Electron binary is not installed and could not be fetched (${errors.join("; ") || r.error?.message || "no message"})`,
  };
}
