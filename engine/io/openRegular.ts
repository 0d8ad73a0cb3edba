// Every trace and result file is opened here: regular files only. A FIFO
// would block open() until a writer came (the probe's import hung), and a
// device such as /dev/zero named x.json never ends; both are refused in words.
// O_NONBLOCK makes the open itself return at once; fstat on the opened file
// then decides, so nothing can swap the file between the check and the read.
import { closeSync, constants, fstatSync, openSync, type Stats } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import { TraceError } from "../trace/diagnostics.js";

/** openRegular's file descriptor and size, opened and checked in this thread: for small files, whose
 * reads cost less than a round trip through libuv's thread pool. */
export function openRegularSync(path: string): { fd: number; size: number } {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    throw openError(path, e as NodeJS.ErrnoException);
  }
  const stats = fstatSync(fd);
  if (!stats.isFile()) {
    closeSync(fd);
    throw new TraceError({ kind: "not-a-file", file: path, what: whatIs(stats) });
  }
  return { fd, size: stats.size };
}

export async function openRegular(path: string): Promise<FileHandle> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK).catch((e: NodeJS.ErrnoException) => {
    throw openError(path, e);
  });
  const stats = await handle.stat();
  if (!stats.isFile()) {
    await handle.close();
    throw new TraceError({ kind: "not-a-file", file: path, what: whatIs(stats) });
  }
  return handle;
}

function openError(path: string, e: NodeJS.ErrnoException): Error {
  if (e.code === "ENOENT") return new TraceError({ kind: "not-found", file: path });
  if (e.code === "EISDIR") return new TraceError({ kind: "not-a-file", file: path, what: "a folder" });
  return new Error(`cannot open ${path}: ${e.code ?? e.message}`);
}

function whatIs(s: Stats): string {
  if (s.isDirectory()) return "a folder";
  if (s.isFIFO()) return "a FIFO";
  if (s.isCharacterDevice()) return "a character device";
  if (s.isBlockDevice()) return "a block device";
  if (s.isSocket()) return "a socket";
  return "not a regular file";
}
