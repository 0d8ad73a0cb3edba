// Small JSON files of the user's own, kept in Varbench's config folder
// (VARBENCH_CONFIG_DIR overrides it, e.g. for tests): what belongs to the user
// or the machine rather than to one workspace (recent workspaces, a tracer's
// calibration on this machine). Written whole or not at all.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

export function configDir(): string {
  return process.env.VARBENCH_CONFIG_DIR ?? join(process.env.XDG_CONFIG_HOME ?? join(homedir(), ".config"), "varbench");
}

/** The file's JSON, or undefined when it is missing or unreadable (it is made again). */
export function readConfigJson(name: string): unknown {
  try {
    return JSON.parse(readFileSync(join(configDir(), name), "utf8")) as unknown;
  } catch {
    return undefined;
  }
}

export function writeConfigJson(name: string, value: unknown): void {
  const folder = configDir();
  mkdirSync(folder, { recursive: true });
  const tmp = join(folder, `${name}.${process.pid}`);
  writeFileSync(tmp, JSON.stringify(value, null, 2));
  renameSync(tmp, join(folder, name));
}
