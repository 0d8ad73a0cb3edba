// Every trace and result file is opened here: regular files only. A FIFO
// would block open() until a writer came (the probe's import hung), and a
// device such as /dev/zero named x.json never ends; both are refused in words.
// O_NONBLOCK makes the open itself return at once; fstat on the opened file
// then decides, so nothing can swap the file between the check and the read.
import { constants, type Stats } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import { TraceError } from "../trace/diagnostics.js";

export async function openRegular(path: string): Promise<FileHandle> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK).catch((e: NodeJS.ErrnoException) => {
    if (e.code === "ENOENT") throw new TraceError({ kind: "not-found", file: path });
    if (e.code === "EISDIR") throw new TraceError({ kind: "not-a-file", file: path, what: "a folder" });
    throw new Error(`cannot open ${path}: ${e.code ?? e.message}`);
  });
  const stats = await handle.stat();
  if (!stats.isFile()) {
    await handle.close();
    throw new TraceError({ kind: "not-a-file", file: path, what: whatIs(stats) });
  }
  return handle;
}

function whatIs(s: Stats): string {
  if (s.isDirectory()) return "a folder";
  if (s.isFIFO()) return "a FIFO";
  if (s.isCharacterDevice()) return "a character device";
  if (s.isBlockDevice()) return "a block device";
  if (s.isSocket()) return "a socket";
  return "not a regular file";
}
