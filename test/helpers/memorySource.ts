// In-memory sources with chunks as small as a test likes, to catch boundary bugs.
import type { ByteSource, TraceDirectory } from "../../engine/trace/source.js";
import { CctBuilder } from "../../engine/cct/cctBuilder.js";
import { EventBatch } from "../../engine/trace/eventBatch.js";
import type { Cct } from "../../engine/cct/cct.js";

/** `blocks`: the source can also be read into the reader's own buffers (ByteSource.openBlocks), at
 * most chunkBytes a read, as a file source is. */
export function memorySource(
  name: string,
  bytes: Uint8Array | string,
  chunkBytes = 1 << 20,
  blocks = false,
): ByteSource {
  const data = typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes;
  const source: ByteSource = {
    name,
    async *chunks() {
      for (let i = 0; i < data.length; i += chunkBytes) yield data.slice(i, i + chunkBytes);
    },
  };
  if (!blocks) return source;
  return {
    ...source,
    openBlocks: async () => {
      let at = 0;
      return {
        read: async (target) => {
          const n = Math.min(target.length, chunkBytes, data.length - at);
          target.set(data.subarray(at, at + n));
          at += n;
          return n;
        },
        close: async () => {},
      };
    },
  };
}

export function memoryDirectory(
  name: string,
  files: Map<string, Uint8Array>,
  chunkBytes: number,
  blocks = false,
): TraceDirectory {
  return {
    name,
    list: async () => [...files.keys()].sort(),
    has: async (f) => files.has(f),
    readText: async (f) => new TextDecoder().decode(files.get(f)),
    open: (f) => memorySource(`${name}/${f}`, files.get(f)!, chunkBytes, blocks),
  };
}

/** One call of a generated trace: function name, start, end, children. */
export interface Call {
  readonly fn: string;
  readonly start: number;
  readonly end: number;
  readonly children: readonly Call[];
}

/** Builds a CCT straight from call trees, one array of top-level calls per thread. */
export function cctOf(threads: readonly (readonly Call[])[], maxCovarianceChildren?: number): Cct {
  const b = new CctBuilder(maxCovarianceChildren === undefined ? {} : { maxCovarianceChildren });
  threads.forEach((calls, t) => {
    const batch = new EventBatch(b.thread({ pid: 1, tid: t + 1 }));
    const emit = (c: Call) => {
      batch.enter(b.functionId(c.fn), c.start);
      c.children.forEach(emit);
      batch.exit(b.functionId(c.fn), c.end);
    };
    calls.forEach(emit);
    batch.flush();
  });
  return b.finish();
}
