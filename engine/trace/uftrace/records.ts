// Decoding one `<tid>.dat` stream: 16-byte little-endian records (FORMATS.md),
// read as four u32 words so 64-bit nanosecond times stay exact: a time is kept
// as its difference from a base, which a double holds exactly.
import { TraceError } from "../diagnostics.js";
import type { TraceSink } from "../sink.js";
import type { ByteSource } from "../source.js";
import { payloadBytes, type PayloadSpecs } from "./argspec.js";

const TYPE_ENTRY = 0;
const TYPE_EXIT = 1;
const TYPE_LOST = 2;
const RECORD_MAGIC = 5;
const CACHE_SLOTS = 4096;

export interface TimeBase {
  hi: number;
  lo: number;
  set: boolean;
}

export interface ThreadStreamContext {
  readonly sink: TraceSink;
  readonly thread: number;
  readonly base: TimeBase;
  readonly specs: PayloadSpecs;
  /** Function id of an address (cached by the caller per session). */
  readonly resolve: (address: number) => number;
  readonly nameOf: (fn: number) => string;
  /** Records at this depth or deeper are skipped (`-D` of default.opts); Infinity for none. */
  readonly maxDepth: number;
}

export interface ThreadStreamStats {
  records: number;
  lost: number;
  events: number;
}

export async function decodeThreadStream(source: ByteSource, ctx: ThreadStreamContext): Promise<ThreadStreamStats> {
  const stats: ThreadStreamStats = { records: 0, lost: 0, events: 0 };
  let buf = new Uint8Array(1 << 16);
  let u32 = new Uint32Array(buf.buffer);
  let len = 0;
  let fileOffset = 0; // file offset of buf[0]
  const cacheKey = new Float64Array(CACHE_SLOTS).fill(-1);
  const cacheFn = new Int32Array(CACHE_SLOTS);
  const { sink, thread, base, maxDepth } = ctx;

  for await (const chunk of source.chunks()) {
    if (len + chunk.length > buf.length) {
      const bigger = new Uint8Array(Math.max(buf.length * 2, len + chunk.length + 8));
      bigger.set(buf.subarray(0, len));
      buf = bigger;
      u32 = new Uint32Array(buf.buffer, 0, buf.length >>> 2);
    }
    buf.set(chunk, len);
    len += chunk.length;
    let pos = 0;
    // Records and padded payloads are multiples of 8 bytes, so `pos` stays word-aligned.
    while (pos + 16 <= len) {
      const w = pos >>> 2;
      const lo = u32[w + 2];
      const hi = u32[w + 3];
      if (((lo >>> 3) & 7) !== RECORD_MAGIC) {
        throw new TraceError({ kind: "bad-magic", file: source.name, byteOffset: fileOffset + pos, found: `${(lo >>> 3) & 7} in record header (expected ${RECORD_MAGIC})` });
      }
      const type = lo & 3;
      const address = (lo >>> 16) + hi * 65536;
      let size = 16;
      if ((lo >>> 2) & 1) {
        const extra = payloadSize(type, address, buf, pos + 16, len, ctx, source.name, fileOffset + pos);
        if (extra < 0) break; // payload not fully here yet
        size += extra;
        if (pos + size > len) break;
      }
      if (type === TYPE_ENTRY || type === TYPE_EXIT) {
        if (!base.set) {
          base.lo = u32[w];
          base.hi = u32[w + 1];
          base.set = true;
        }
        const timeNs = (u32[w + 1] - base.hi) * 4294967296 + (u32[w] - base.lo);
        const depth = (lo >>> 6) & 0x3ff;
        if (depth < maxDepth) {
          const slot = (lo >>> 16) & (CACHE_SLOTS - 1);
          let fn: number;
          if (cacheKey[slot] === address) fn = cacheFn[slot];
          else {
            fn = ctx.resolve(address);
            cacheKey[slot] = address;
            cacheFn[slot] = fn;
          }
          if (type === TYPE_ENTRY) {
            sink.unwindTo(thread, depth, timeNs);
            sink.enter(thread, fn, timeNs);
          } else sink.exit(thread, fn, timeNs);
        }
        stats.records++;
      } else if (type === TYPE_LOST) {
        stats.lost += address;
      } else {
        stats.events++;
      }
      pos += size;
    }
    buf.copyWithin(0, pos, len);
    len -= pos;
    fileOffset += pos;
  }
  if (len > 0) {
    throw new TraceError({ kind: "malformed", file: source.name, byteOffset: fileOffset, detail: `the file ends inside a record (${len} of 16 bytes, or a payload, present): it was cut short` });
  }
  return stats;
}

/** Payload bytes after the record at `start`, or −1 when they are not all in the buffer yet. */
function payloadSize(
  type: number,
  address: number,
  buf: Uint8Array,
  start: number,
  len: number,
  ctx: ThreadStreamContext,
  file: string,
  byteOffset: number,
): number {
  const u16 = (at: number) => (start + at + 2 <= len ? buf[start + at] | (buf[start + at + 1] << 8) : NaN);
  if (type === TYPE_ENTRY || type === TYPE_EXIT) {
    const fn = ctx.resolve(address);
    const specs = type === TYPE_ENTRY ? ctx.specs.entry : ctx.specs.exit;
    const bytes = payloadBytes(specs, ctx.nameOf(fn), u16);
    if (Number.isNaN(bytes)) return -1;
    if (bytes < 0) {
      throw new TraceError({ kind: "malformed", file, byteOffset, detail: `${ctx.nameOf(fn)} carries argument data but info has no argument spec for it` });
    }
    return bytes;
  }
  // Event records: u16 size then the data, padded to 8 bytes in all.
  const size = u16(0);
  if (Number.isNaN(size)) return -1;
  return Math.ceil((2 + size) / 8) * 8;
}
