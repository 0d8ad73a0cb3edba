// A folder uploaded in one body (browser mode's drop of a uftrace data directory, issue 31 item 2): a 4-byte
// big-endian length, a JSON manifest of the files' relative paths and sizes, then their bytes in that order
// (renderer/src/files/folderUpload.ts builds it as a Blob, so nothing is held in memory). Every path is
// checked segment by segment as a single upload's name is (uploads.ts), before a byte is written; the
// files, the total and the manifest are bounded; whatever is refused leaves nothing behind (the caller
// removes the upload's folder).
import type { IncomingMessage } from "node:http";
import { mkdir, open, type FileHandle } from "node:fs/promises";
import { dirname, join } from "node:path";
import { uploadNameProblem } from "./uploads.js";

/** Files in one folder: a uftrace recording holds a few per thread and module (its .dat, .sym, sid-*.map). */
export const MAX_FOLDER_FILES = 10_000;
/** Levels below the folder: a uftrace recording has none; a little room for what a user's folder holds. */
const MAX_FOLDER_DEPTH = 8;
/** The manifest's bytes: MAX_FOLDER_FILES entries of a path and a size, with room for long names. */
const MAX_MANIFEST_BYTES = MAX_FOLDER_FILES * 600;

export interface FolderEntry {
  readonly path: string;
  readonly size: number;
}

/** A refusal in words, answered as 400 or 413. */
export class FolderRefused extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413,
  ) {
    super(message);
  }
}

/** Why a relative path cannot be written under the folder, or null. */
export function folderPathProblem(path: string): string | null {
  const parts = path.split("/");
  if (parts.length > MAX_FOLDER_DEPTH) return `${JSON.stringify(path)} is more than ${MAX_FOLDER_DEPTH} folders deep`;
  for (const p of parts) {
    const problem = uploadNameProblem(p);
    if (problem !== null) return `${JSON.stringify(path)}: ${problem.replace("the file's name", "a part of the path")}`;
  }
  return null;
}

/** The manifest checked whole: entries, paths, sizes and their total against `maxBytes`. */
export function checkManifest(value: unknown, maxBytes: number): FolderEntry[] {
  if (!Array.isArray(value) || value.length === 0)
    throw new FolderRefused("the folder's list of files is missing or empty", 400);
  if (value.length > MAX_FOLDER_FILES)
    throw new FolderRefused(
      `the folder holds ${value.length} files, more than the ${MAX_FOLDER_FILES} a page can upload; import it with \`varbench import <folder>\``,
      413,
    );
  const seen = new Set<string>();
  let total = 0;
  for (const e of value as unknown[]) {
    const { path, size } = (e ?? {}) as { path?: unknown; size?: unknown };
    if (typeof path !== "string" || typeof size !== "number" || !Number.isSafeInteger(size) || size < 0)
      throw new FolderRefused("each file of the folder's list needs a path and a size in bytes", 400);
    const problem = folderPathProblem(path);
    if (problem !== null) throw new FolderRefused(`refused: ${problem}`, 400);
    if (seen.has(path)) throw new FolderRefused(`refused: ${JSON.stringify(path)} is listed twice`, 400);
    seen.add(path);
    total += size;
  }
  if (total > maxBytes)
    throw new FolderRefused(
      `the folder is over ${maxBytes} bytes, the most a page can upload; import it with \`varbench import <folder>\``,
      413,
    );
  return value as FolderEntry[];
}

/** Reads the body into `root`: the manifest, then each file's bytes; refuses a body that is not what it says. */
export async function receiveFolder(req: IncomingMessage, root: string, maxBytes: number): Promise<FolderEntry[]> {
  const chunks = req[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let buf: Buffer = Buffer.alloc(0);
  const fill = async (n: number) => {
    while (buf.length < n) {
      const next = await chunks.next();
      if (next.done) throw new FolderRefused("the upload ended before the whole folder arrived", 400);
      buf = buf.length === 0 ? next.value : Buffer.concat([buf, next.value]);
    }
  };
  await fill(4);
  const length = buf.readUInt32BE(0);
  if (length > MAX_MANIFEST_BYTES) throw new FolderRefused("the folder's list of files is too long", 413);
  await fill(4 + length);
  let manifest: unknown;
  try {
    manifest = JSON.parse(buf.subarray(4, 4 + length).toString("utf8"));
  } catch {
    throw new FolderRefused("the folder's list of files is not JSON", 400);
  }
  const entries = checkManifest(manifest, maxBytes);
  buf = buf.subarray(4 + length);
  for (const e of entries) {
    const file = join(root, ...e.path.split("/"));
    await mkdir(dirname(file), { recursive: true });
    const out: FileHandle = await open(file, "wx");
    try {
      let left = e.size;
      while (left > 0) {
        if (buf.length === 0) await fill(1);
        const piece = buf.subarray(0, Math.min(left, buf.length));
        await out.write(piece);
        left -= piece.length;
        buf = buf.subarray(piece.length);
      }
    } finally {
      await out.close();
    }
  }
  if (buf.length > 0 || !(await chunks.next()).done)
    throw new FolderRefused("the upload holds more bytes than its list of files says", 400);
  return entries;
}
