// A text file written piece by piece as an exporter produces it (a trace
// exported as Chrome JSON can be hundreds of MB: it is never one string).
// Writes are synchronous: exporters are fed from inside a reader's callbacks,
// which cannot wait, and a blocking write keeps what is held in memory to one
// piece, however slow the disk or the pipe.
import { closeSync, openSync, statSync, unlinkSync, writeSync } from "node:fs";

/** The standard output named as a file. It is written through this process's descriptor 1, not
 * opened again: opening it fails when it is a socket (a parent process's pipe), and would truncate
 * a file the shell opened for appending. */
const STANDARD_OUTPUT = /^(\/dev\/stdout|\/dev\/fd\/1|\/proc\/self\/fd\/1)$/;
const STDOUT_FD = 1;
/** How long to wait before writing again to a standard output that is full (a non-blocking pipe). */
const FULL_PIPE_WAIT_MS = 2;

/** What the system's refusals to write a file mean, for people. */
const WRITE_PROBLEMS: Readonly<Record<string, string>> = {
  ENOSPC: "no space is left on its device",
  EDQUOT: "the disk quota is used up",
  EFBIG: "it would be larger than its file system allows",
  EACCES: "permission denied",
  EPERM: "not permitted",
  EROFS: "its file system is read-only",
  EISDIR: "it is a folder",
  ENOENT: "its folder does not exist",
  ENOTDIR: "a part of its path is not a folder",
  EIO: "its device reported an input/output error",
};

/** A failure to open or write `path` as an error that names the file and says why in words. */
export function writeError(path: string, e: unknown): Error {
  const code = (e as NodeJS.ErrnoException).code ?? "";
  const why = WRITE_PROBLEMS[code] ?? (e instanceof Error ? e.message : String(e));
  return new Error(`cannot write ${path}: ${why}${code && WRITE_PROBLEMS[code] ? ` (${code})` : ""}`);
}

export class TextFileOutput {
  bytes = 0;
  private fd: number | null;

  private constructor(
    readonly path: string,
    fd: number,
  ) {
    this.fd = fd;
  }

  static open(path: string): TextFileOutput {
    if (STANDARD_OUTPUT.test(path)) return new TextFileOutput(path, STDOUT_FD);
    try {
      return new TextFileOutput(path, openSync(path, "w"));
    } catch (e) {
      throw writeError(path, e);
    }
  }

  write(text: string): void {
    if (this.fd === null) throw new Error(`${this.path} is closed`);
    const bytes = Buffer.from(text, "utf8");
    // A write to a pipe may take part of the bytes: write the rest. Node makes a pipe on standard
    // output non-blocking, so a full one refuses (EAGAIN) until its reader catches up.
    for (let at = 0; at < bytes.length;) {
      try {
        at += writeSync(this.fd, bytes, at);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "EAGAIN") throw writeError(this.path, e);
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, FULL_PIPE_WAIT_MS);
      }
    }
    this.bytes += bytes.length;
  }

  close(): void {
    if (this.fd !== null && this.fd !== STDOUT_FD) closeSync(this.fd);
    this.fd = null;
  }

  /** Closes and removes what was written (a regular file only: never a pipe or a device). */
  discard(): void {
    this.close();
    try {
      if (statSync(this.path).isFile() && !STANDARD_OUTPUT.test(this.path)) unlinkSync(this.path);
    } catch {
      // Already gone, or never a file we can remove: nothing is left to clean up.
    }
  }
}
