// The recently opened workspaces, most recent first, kept in the user's
// config folder (VARBENCH_CONFIG_DIR overrides it, e.g. for tests).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/** How many workspaces the "recent" menu lists. */
const MAX_RECENT = 10;

function configDir(): string {
  return process.env.VARBENCH_CONFIG_DIR ?? join(process.env.XDG_CONFIG_HOME ?? join(homedir(), ".config"), "varbench");
}

export function recentWorkspaces(): string[] {
  try {
    const list = JSON.parse(readFileSync(join(configDir(), "recent.json"), "utf8")) as unknown;
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return []; // none yet, or unreadable: the list starts again
  }
}

export function rememberWorkspace(dir: string): void {
  const list = [dir, ...recentWorkspaces().filter((d) => d !== dir)].slice(0, MAX_RECENT);
  const folder = configDir();
  mkdirSync(folder, { recursive: true });
  const tmp = join(folder, `recent.json.${process.pid}`);
  writeFileSync(tmp, JSON.stringify(list, null, 2));
  renameSync(tmp, join(folder, "recent.json")); // whole or not at all
}
