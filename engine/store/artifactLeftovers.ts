// What a process killed midway left in <workspace>/artifacts/, removed when the
// workspace is next opened: its temporary files (`.tmp-<pid>-…`), and the blobs
// its journals (`.pending-<pid>-…`) still held, which no committed row names (the
// rows of an import or a run that never committed). A live process's are never
// touched: its temporary files carry its pid, and a blob it holds is in its
// journal before it looks for the blob on disk (artifactStore.ts), so a blob is
// first moved aside, then the live journals are read, and it is put back if one
// holds it.
import { readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import type { Db } from "./database.js";
import { isAlive } from "../io/liveness.js";
import { JOURNAL_PREFIX, TEMP_PREFIX, type Manifest } from "./artifactStore.js";

const BLOB_PATH = /^artifacts\/[0-9a-f]{2}\/([0-9a-f]{64})$/;
const MANIFEST_MEDIA_TYPE = "application/vnd.varbench.manifest+json";

export interface RemovedLeftovers {
  readonly tempFiles: number;
  readonly blobs: number;
}

export function removeArtifactLeftovers(workspaceDir: string, db: Db): RemovedLeftovers {
  const root = join(workspaceDir, "artifacts");
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return { tempFiles: 0, blobs: 0 };
  }
  let tempFiles = 0;
  for (const name of names.filter((n) => n.startsWith(TEMP_PREFIX) && deadWriter(n, TEMP_PREFIX))) {
    rmSync(join(root, name), { force: true, recursive: true });
    tempFiles++;
  }
  const deadJournals = names.filter((n) => n.startsWith(JOURNAL_PREFIX) && deadWriter(n, JOURNAL_PREFIX));
  const candidates = new Set(deadJournals.flatMap((n) => journalLines(join(root, n))));
  const unnamed = [...candidates].filter(
    (path) => db.prepare("SELECT 1 FROM artifacts WHERE path = ? LIMIT 1").get(path) === undefined,
  );
  let blobs = 0;
  if (unnamed.length > 0) {
    const inManifests = manifestBlobs(workspaceDir, db);
    for (const path of unnamed.filter((p) => !inManifests.has(BLOB_PATH.exec(p)![1])))
      blobs += removeUnlessHeld(workspaceDir, root, path) ? 1 : 0;
  }
  for (const name of deadJournals) rmSync(join(root, name), { force: true });
  return { tempFiles, blobs };
}

/** Whether the process named in a leftover's name is gone. Temporary names of versions before the
 * pid was in them carry none: their writer is a process of an older run. */
function deadWriter(name: string, prefix: string): boolean {
  const pid = Number(/^(\d+)(?:-|$)/.exec(name.slice(prefix.length))?.[1]);
  return !(Number.isInteger(pid) && pid > 0 && isAlive(pid));
}

/** The blob paths a journal lists (anything else in it is not the store's, and is left alone). */
function journalLines(file: string): string[] {
  try {
    return readFileSync(file, "utf8")
      .split("\n")
      .filter((l) => BLOB_PATH.test(l));
  } catch {
    return [];
  }
}

/** Hashes of the files of every committed directory (a uftrace recording): rows name its manifest only. */
function manifestBlobs(workspaceDir: string, db: Db): Set<string> {
  const hashes = new Set<string>();
  for (const { path } of db
    .prepare("SELECT DISTINCT path FROM artifacts WHERE media_type = ?")
    .all(MANIFEST_MEDIA_TYPE) as { path: string }[]) {
    try {
      for (const f of Object.values((JSON.parse(readFileSync(join(workspaceDir, path), "utf8")) as Manifest).files))
        hashes.add(f.sha256);
    } catch {
      // A manifest that cannot be read names nothing this sweep could keep.
    }
  }
  return hashes;
}

/** Moves the blob aside, then reads the live journals: one that holds it gets it back. */
function removeUnlessHeld(workspaceDir: string, root: string, path: string): boolean {
  const aside = join(root, `${TEMP_PREFIX}${process.pid}-${randomBytes(6).toString("hex")}`);
  try {
    renameSync(join(workspaceDir, path), aside);
  } catch {
    return false; // gone already
  }
  const held = readdirSync(root)
    .filter((n) => n.startsWith(JOURNAL_PREFIX) && !deadWriter(n, JOURNAL_PREFIX))
    .some((n) => journalLines(join(root, n)).includes(path));
  if (held) {
    renameSync(aside, join(workspaceDir, path));
    return false;
  }
  rmSync(aside, { force: true });
  return true;
}
