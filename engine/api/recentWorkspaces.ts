// The recently opened workspaces, most recent first, kept in the user's
// config folder (io/configFiles.ts).
import { readConfigJson, writeConfigJson } from "../io/configFiles.js";

/** How many workspaces the "recent" menu lists. */
const MAX_RECENT = 10;
const FILE = "recent.json";

export function recentWorkspaces(): string[] {
  const list = readConfigJson(FILE);
  return Array.isArray(list) ? list.filter((x): x is string => typeof x === "string") : [];
}

export function rememberWorkspace(dir: string): void {
  writeConfigJson(FILE, [dir, ...recentWorkspaces().filter((d) => d !== dir)].slice(0, MAX_RECENT));
}
