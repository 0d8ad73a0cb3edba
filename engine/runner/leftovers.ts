// A run works in a folder of its own beside the workspace's database,
// removed when the run ends; a runner killed with kill -9 leaves its folders
// behind. Each is named for its runner's pid, so the next runner removes
// those whose runner is gone, and never a live runner's.
import { readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { isAlive } from "./liveness.js";

export const RUN_DIR_PREFIX = ".run-";

/** Removes the run folders of runners that are gone; returns how many. */
export async function removeDeadRunFolders(workspaceDir: string): Promise<number> {
  let removed = 0;
  for (const name of await readdir(workspaceDir)) {
    if (!name.startsWith(RUN_DIR_PREFIX)) continue;
    const pid = Number(/^\.run-(\d+)-/.exec(name)?.[1]);
    // Folders of older versions carry no pid: their runner is the one killed before this version ran.
    if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) continue;
    await rm(join(workspaceDir, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}
