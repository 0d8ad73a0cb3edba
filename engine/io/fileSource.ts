// File-backed sources for the pure readers: chunks read with a fixed-size
// buffer, so a trace of any size streams in bounded memory.
import { closeSync, readFileSync, readSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { setImmediate } from "node:timers/promises";
import { openRegular, openRegularSync } from "./openRegular.js";
import { basename, join } from "node:path";
import { TraceError } from "../trace/diagnostics.js";
import type { ByteSource, TraceDirectory } from "../trace/source.js";

/** Small enough that a chunk the kernel has just copied in is still in the core's cache when it is
 * decoded, large enough that the per-chunk read costs nothing: against 4 MiB, 1 MiB read a 1.6 M-event
 * Chrome export 11% faster and its uftrace recording 35% faster (issue 32 item 5; 512 KiB: uftrace a
 * little faster still, Chrome slower). */
export const DEFAULT_CHUNK_BYTES = 1 << 20;

/** The longest a block reader keeps the event loop waiting, in ms. */
const TURN_MS = 20;

/** Told of every chunk read, with its size: progress of long reads. */
export type OnBytes = (bytes: number) => void;

/** Files up to this size are read in the caller's thread: each read of one costs less than a round trip
 * through libuv's thread pool, of which a file read through it takes four or five (open, stat, reads,
 * close); a run of the 40-run example campaign has about eight such files, and its reading waited on
 * them for more than its own work. Larger files' chunks are read ahead in the pool, their reads beside
 * the decoding (blocks are read in this thread whatever the size: openBlocks). */
export const SMALL_FILE_BYTES = 256 << 10;

/** The file opened in this thread if it is small (SMALL_FILE_BYTES), else null (it is closed again). */
function openSmall(path: string): { fd: number; size: number } | null {
  const file = openRegularSync(path);
  if (file.size <= SMALL_FILE_BYTES) return file;
  closeSync(file.fd);
  return null;
}

export function fileSource(path: string, chunkBytes = DEFAULT_CHUNK_BYTES, onBytes?: OnBytes): ByteSource {
  return {
    name: path,
    async *chunks() {
      const small = openSmall(path);
      if (small !== null) {
        try {
          // Room for the whole file at once (and for bytes it gained since): its end is a read of 0.
          const buf = new Uint8Array(Math.min(chunkBytes, small.size + 1));
          for (;;) {
            const n = readSync(small.fd, buf, 0, buf.length, null);
            if (n === 0) return;
            onBytes?.(n);
            yield buf.subarray(0, n);
          }
        } finally {
          closeSync(small.fd);
        }
      }
      const handle = await openRegular(path);
      // One read ahead, so the disk works while the consumer decodes, into two
      // buffers in turn: the chunk handed out last stays intact until the
      // consumer asks for the next one (ByteSource's contract).
      const buffers = [new Uint8Array(chunkBytes), new Uint8Array(chunkBytes)];
      let turn = 0;
      const read = () => {
        const buf = buffers[turn];
        turn ^= 1;
        return handle.read(buf, 0, chunkBytes, null).then(({ bytesRead }) => buf.subarray(0, bytesRead));
      };
      let next = read();
      try {
        for (;;) {
          const chunk = await next;
          if (chunk.length === 0) return;
          onBytes?.(chunk.length);
          next = read();
          yield chunk;
        }
      } finally {
        await next.catch(() => undefined);
        await handle.close();
      }
    },
    // Reads of at most chunkBytes each, so a block ends where a chunk would. Read in this thread
    // whatever the file's size: a block is read into the buffer being decoded, so no read can go
    // ahead of the decoding, and each through libuv's pool cost a round trip between two threads
    // (a 51 M-event uftrace recording: ~80 ms of sys time of a 0.6 s command, issue 32 item 2).
    async openBlocks() {
      const file = openRegularSync(path);
      let turned = performance.now();
      return {
        read: async (target) => {
          // A long read lets the event loop through now and then: it still hears a cancel.
          if (performance.now() - turned > TURN_MS) {
            await setImmediate();
            turned = performance.now();
          }
          const n = readSync(file.fd, target, 0, Math.min(target.length, chunkBytes), null);
          if (n > 0) onBytes?.(n);
          return n;
        },
        close: async () => closeSync(file.fd),
      };
    },
  };
}

export function directorySource(path: string, chunkBytes = DEFAULT_CHUNK_BYTES, onBytes?: OnBytes): TraceDirectory {
  return {
    name: path,
    list: async () => (await readdir(path)).sort(),
    has: async (file) =>
      stat(join(path, file)).then(
        () => true,
        () => false,
      ),
    readText: async (file) => {
      try {
        return await readTextFile(join(path, file));
      } catch (e) {
        if (e instanceof TraceError && e.detail.kind === "not-found")
          throw new TraceError({ kind: "missing-file", file: path, needed: file });
        throw e;
      }
    },
    open: (file) => fileSource(join(path, basename(file)), chunkBytes, onBytes),
  };
}

/** A regular file's text: read in this thread when it is small (SMALL_FILE_BYTES), else through the pool. */
export async function readTextFile(path: string): Promise<string> {
  const small = openSmall(path);
  if (small !== null) {
    try {
      return readFileSync(small.fd, "utf8");
    } finally {
      closeSync(small.fd);
    }
  }
  const handle = await openRegular(path);
  try {
    return await handle.readFile("utf8");
  } finally {
    await handle.close();
  }
}

export async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
}
