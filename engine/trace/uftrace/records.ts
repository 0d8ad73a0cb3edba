// Decoding one `<tid>.dat` stream: 16-byte little-endian records (FORMATS.md),
// read as four u32 words so 64-bit nanosecond times stay exact: a time is kept
// as its difference from a base, which a double holds exactly.
import { TraceError } from "../diagnostics.js";
import { BATCH_EVENTS, ENTER, EXIT, type EventBatch } from "../eventBatch.js";
import type { ByteSource } from "../source.js";
import { payloadBytes, type PayloadSpecs } from "./argspec.js";

// Record types are the batch's event kinds, so a type is copied as it is.
const TYPE_ENTRY = ENTER;
const TYPE_EXIT = EXIT;
const TYPE_LOST = 2;
const RECORD_MAGIC = 5;
const CACHE_SLOTS = 4096;

export interface TimeBase {
  hi: number;
  lo: number;
  set: boolean;
}

export interface ThreadStreamContext {
  readonly batch: EventBatch;
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
  const state: DecodeState = { records: 0, lost: 0, events: 0, cacheKey: new Float64Array(CACHE_SLOTS).fill(-1), cacheFn: new Int32Array(CACHE_SLOTS) };
  let buf = new Uint8Array(1 << 16);
  let i32 = new Int32Array(buf.buffer);
  let len = 0;
  let fileOffset = 0; // file offset of buf[0]
  for await (const chunk of source.chunks()) {
    if (len + chunk.length > buf.length) {
      const bigger = new Uint8Array(Math.max(buf.length * 2, len + chunk.length + 8));
      bigger.set(buf.subarray(0, len));
      buf = bigger;
      i32 = new Int32Array(buf.buffer, 0, buf.length >>> 2);
    }
    buf.set(chunk, len);
    len += chunk.length;
    const pos = decodeRecords(buf, i32, len, fileOffset, source.name, ctx, state);
    buf.copyWithin(0, pos, len);
    len -= pos;
    fileOffset += pos;
  }
  ctx.batch.flush();
  if (len > 0) {
    throw new TraceError({ kind: "malformed", file: source.name, byteOffset: fileOffset, detail: `the file ends inside a record (${len} of 16 bytes, or a payload, present): it was cut short` });
  }
  return { records: state.records, lost: state.lost, events: state.events };
}

interface DecodeState extends ThreadStreamStats {
  readonly cacheKey: Float64Array;
  readonly cacheFn: Int32Array;
}

/** Decodes the whole records in `buf[0, len)`; returns the bytes consumed. A
 * synchronous loop of its own, so the optimiser compiles it as one tight unit. */
function decodeRecords(buf: Uint8Array, i32: Int32Array, len: number, fileOffset: number, file: string, ctx: ThreadStreamContext, state: DecodeState): number {
  const { batch, base, maxDepth } = ctx;
  const { cacheKey, cacheFn } = state;
  // The batch is filled in place: no call, and no boxed time, per record.
  const bKind = batch.kind;
  const bFn = batch.fn;
  const bDepth = batch.depth;
  const bTime = batch.timeNs;
  let n = batch.count;
  let records = 0;
  let lost = 0;
  let events = 0;
  let baseHi = base.hi;
  let baseLo = base.lo;
  let pos = 0;
  // Records and padded payloads are multiples of 8 bytes, so `pos` stays word-aligned.
  while (pos + 16 <= len) {
    const w = pos >>> 2;
    // Signed reads keep every word an int32 for the optimiser; bit fields are
    // extracted with >>> and the time below undoes the sign exactly.
    const lo = i32[w + 2];
    const hi = i32[w + 3];
    if (((lo >>> 3) & 7) !== RECORD_MAGIC) {
      throw new TraceError({ kind: "bad-magic", file, byteOffset: fileOffset + pos, found: `${(lo >>> 3) & 7} in record header (expected ${RECORD_MAGIC})` });
    }
    const type = lo & 3;
    const address = (lo >>> 16) + (hi >>> 0) * 65536;
    let size = 16;
    if ((lo >>> 2) & 1) {
      const extra = payloadSize(type, address, buf, pos + 16, len, ctx, file, fileOffset + pos);
      if (extra < 0 || pos + 16 + extra > len) break; // payload not fully here yet
      size += extra;
    }
    if (type <= TYPE_EXIT) {
      if (!base.set) {
        base.lo = baseLo = i32[w] >>> 0;
        base.hi = baseHi = i32[w + 1] >>> 0;
        base.set = true;
      }
      const tLo = i32[w];
      // (hi·2³² + lo) − base with lo read signed: a negative lo stands for lo + 2³².
      const timeNs = ((i32[w + 1] >>> 0) - baseHi + (tLo < 0 ? 1 : 0)) * 4294967296 + (tLo - baseLo);
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
        bKind[n] = type; // TYPE_ENTRY = ENTER, TYPE_EXIT = EXIT
        bFn[n] = fn;
        bDepth[n] = type === TYPE_ENTRY ? depth : -1;
        bTime[n] = timeNs;
        if (++n === BATCH_EVENTS) {
          batch.count = n;
          batch.flush();
          n = 0;
        }
      }
      records++;
    } else if (type === TYPE_LOST) {
      lost += address;
    } else {
      events++;
    }
    pos += size;
  }
  batch.count = n;
  state.records += records;
  state.lost += lost;
  state.events += events;
  return pos;
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
