// The folder a workspace is created in, checked before anything is written.
// Node's recursive mkdir never returns under /proc (/proc/self/x: each try at
// the missing part fails in a way it retries), and a workspace on a virtual
// file system could not hold a database anyway; so the nearest existing
// ancestor is checked and the missing parts are made one by one.
import { mkdirSync, statfsSync, statSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";

/** statfs(2) magic numbers of Linux's virtual file systems (linux/magic.h): nothing stored there is kept. */
const VIRTUAL_FILE_SYSTEMS = new Map<number, string>([
  [0x9fa0, "proc"],
  [0x62656572, "sysfs"],
  [0x1cd1, "devpts"],
  [0x64626720, "debugfs"],
  [0x74726163, "tracefs"],
  [0x73636673, "securityfs"],
  [0x63677270, "cgroup2"],
  [0x27e0eb, "cgroup"],
  [0xcafe4a11, "bpf"],
]);

/** Makes `full` (an absolute path) and its missing parents, or says in words why it cannot be a workspace. */
export function ensureWorkspaceFolder(full: string): void {
  let existing = full;
  while (!exists(existing)) existing = dirname(existing);
  if (!statSync(existing).isDirectory()) {
    throw new Error(
      existing === full
        ? `${full} is not a folder: a workspace is a folder`
        : `${full} cannot be a workspace folder: ${existing} is a file, not a folder`,
    );
  }
  const fs = virtualFileSystem(existing);
  if (fs)
    throw new Error(
      `${full} cannot be a workspace folder: ${existing} is on ${fs}, a virtual file system that keeps no files`,
    );
  let at = existing;
  for (const part of relative(existing, full).split(sep).filter(Boolean)) {
    at = join(at, part);
    try {
      mkdirSync(at);
    } catch (e) {
      throw new Error(
        `cannot create the workspace folder ${at}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      );
    }
  }
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

function virtualFileSystem(dir: string): string | null {
  try {
    return VIRTUAL_FILE_SYSTEMS.get(statfsSync(dir).type) ?? null;
  } catch {
    return null; // statfs unsupported: the mkdir or the database will say what is wrong
  }
}
