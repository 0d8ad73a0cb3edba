// Decoding one `<tid>.dat` stream: 16-byte little-endian records (docs/formats.md),
// read as four u32 words so 64-bit nanosecond times stay exact: a time is kept
// as its difference from a base, which a double holds exactly.
import { TraceError } from "../diagnostics.js";
import { ENTER, EventBatch, EXIT, type PlainRecordFrame, type ThreadSink } from "../eventBatch.js";
import type { ByteSource } from "../source.js";
import { decodeArgs, payloadBytes, type PayloadSpecs } from "./argspec.js";
import type { SchedIntervals } from "./schedEvents.js";
import type { TimeBase } from "./timeBase.js";

// Record types are the batch's event kinds, so a type is copied as it is.
const TYPE_ENTRY = ENTER;
const TYPE_EXIT = EXIT;
const TYPE_LOST = 2;
const RECORD_MAGIC = 5;
const CACHE_SLOTS = 4096;

export interface ThreadStreamContext {
  /** The thread's sink: plain records go to it as they are (see ThreadSink),
   * the events of every other record in batches, in order with them. */
  readonly sink: ThreadSink;
  readonly base: TimeBase;
  readonly specs: PayloadSpecs;
  /** Function id of an address (cached by the caller per session). */
  readonly resolve: (address: number) => number;
  readonly nameOf: (fn: number) => string;
  /** Records at this depth or deeper are skipped (`-D` of default.opts); Infinity for none. */
  readonly maxDepth: number;
  /** This thread's off-CPU intervals and the functions they are shown as, if recorded. */
  readonly sched: ThreadSched | null;
}

export interface ThreadSched {
  readonly intervals: SchedIntervals;
  readonly fn: number;
  readonly fnPreempted: number;
  /** Off-CPU time is left out of the thread's clock instead of shown as calls. */
  readonly exclude: boolean;
}

export interface ThreadStreamStats {
  records: number;
  lost: number;
  events: number;
}

export async function decodeThreadStream(source: ByteSource, ctx: ThreadStreamContext): Promise<ThreadStreamStats> {
  const state: DecodeState = {
    batch: new EventBatch(ctx.sink),
    records: 0,
    lost: 0,
    events: 0,
    cacheLow: new Int32Array(CACHE_SLOTS),
    cacheHigh: new Int32Array(CACHE_SLOTS).fill(-1), // no 48-bit address has these top bits
    cacheFn: new Int32Array(CACHE_SLOTS),
    schedNext: 0,
    nextSchedNs: Infinity,
    offCpuNs: 0,
  };
  updateNextSched(ctx, state);
  ctx.sink.resetAddressCache();
  const reader = new RecordReader(source.name, ctx, state);
  if (source.openBlocks) {
    // Read straight into the sink's record buffer (the kernel's memory): no copy out of a chunk.
    const blocks = await source.openBlocks();
    try {
      let n: number;
      do n = await reader.fill((target) => blocks.read(target));
      while (n > 0);
    } finally {
      await blocks.close();
    }
  } else {
    for await (const chunk of source.chunks()) {
      for (let at = 0; at < chunk.length;) {
        at += await reader.fill((target) => {
          const n = Math.min(target.length, chunk.length - at);
          target.set(chunk.subarray(at, at + n));
          return n;
        });
      }
    }
  }
  state.batch.flush();
  reader.finish();
  ctx.sink.releaseRecordBuffer?.();
  return { records: state.records, lost: state.lost, events: state.events };
}

/** The sink's record buffer as a window on the file: bytes come in after those carried over,
 * whole records are decoded, and the rest (a record or payload cut by the block's end) moves to
 * the buffer's start to be completed by the next block. */
class RecordReader {
  /** Bytes carried over at the start of the sink's record buffer. */
  private len = 0;
  /** File offset of the buffer's first byte. */
  private fileOffset = 0;

  constructor(
    private readonly file: string,
    private readonly ctx: ThreadStreamContext,
    private readonly state: DecodeState,
  ) {}

  /** Lets `put` write into the buffer's free room, then decodes; returns how many bytes it put. */
  async fill(put: (target: Uint8Array) => number | Promise<number>): Promise<number> {
    const sink = this.ctx.sink;
    const buf = sink.recordBuffer();
    if (buf.length === this.len) {
      throw new TraceError({
        kind: "malformed",
        file: this.file,
        byteOffset: this.fileOffset,
        detail: `a record with a payload of over ${this.len} bytes`,
      });
    }
    const n = await put(buf.subarray(this.len));
    if (n === 0) return 0;
    this.len += n;
    const pos = decodeRecords(this.len, this.fileOffset, this.file, this.ctx, this.state);
    sink.recordBuffer().copyWithin(0, pos, this.len);
    this.len -= pos;
    this.fileOffset += pos;
    return n;
  }

  /** The file has ended: nothing may be left over. */
  finish(): void {
    if (this.len > 0) {
      throw new TraceError({
        kind: "malformed",
        file: this.file,
        byteOffset: this.fileOffset,
        detail: `the file ends inside a record (${this.len} of 16 bytes, or a payload, present): it was cut short`,
      });
    }
  }
}

/** Address → function id, direct-mapped; an address is keyed by its low 32
 * bits and its top 16 bits as two int32s. The sink keeps the same cache for
 * the records it decodes itself; this one serves the rest (payload records). */
interface DecodeState extends ThreadStreamStats {
  readonly batch: EventBatch;
  readonly cacheLow: Int32Array;
  readonly cacheHigh: Int32Array;
  readonly cacheFn: Int32Array;
  /** The next off-CPU interval to merge in, and its start (Infinity: none left). */
  schedNext: number;
  nextSchedNs: number;
  /** Off-CPU time left out of the clock so far (ThreadSched.exclude); 0 otherwise. */
  offCpuNs: number;
}

/** Decodes the whole records in the sink's record buffer [0, len); returns
 * the bytes consumed. Plain entries and exits go to the sink as they lie
 * (ThreadSink.consumePlainRecords); the first record it does not take goes
 * through `decodeOne`, and events that one queues go first. The buffer is
 * looked up again after every call that may run the sink, which can move it. */
function decodeRecords(
  len: number,
  fileOffset: number,
  file: string,
  ctx: ThreadStreamContext,
  state: DecodeState,
): number {
  const { sink, base } = ctx;
  const maxDepth = Math.min(ctx.maxDepth, NO_DEPTH_LIMIT);
  let buf = sink.recordBuffer();
  let i32 = new Int32Array(buf.buffer, buf.byteOffset, buf.length >>> 2);
  let pos = 0;
  while (pos + 16 <= len) {
    if (base.set && sink.takesPlainRecords) {
      state.batch.flush();
      const frame: PlainRecordFrame = {
        baseHi: base.hi,
        baseLo: base.lo,
        maxDepth,
        schedLimitNs: state.nextSchedNs,
        offCpuNs: state.offCpuNs,
      };
      const next = sink.consumePlainRecords(pos, len, frame);
      state.records += (next - pos) >>> 4;
      pos = next;
      if (pos + 16 > len) break;
    }
    if (sink.recordBuffer() !== buf) {
      buf = sink.recordBuffer();
      i32 = new Int32Array(buf.buffer, buf.byteOffset, buf.length >>> 2);
    }
    if (base.set && (i32[(pos >>> 2) + 2] & 2) === 0 && emitSchedUntil(recordTime(i32, pos, base), ctx, state))
      continue;
    const next = decodeOne(buf, i32, pos, len, fileOffset, file, ctx, state);
    if (next < 0) break; // a payload not fully here yet
    pos = next;
  }
  return pos;
}

const NO_DEPTH_LIMIT = 0x400; // depth is a 10-bit field

/** Any one record, however rare: checks, payloads, lost and event records,
 * the first time base, cache misses, a full batch. Returns the position after
 * it, or −1 when its payload is not all in the buffer yet. */
function decodeOne(
  buf: Uint8Array,
  i32: Int32Array,
  pos: number,
  len: number,
  fileOffset: number,
  file: string,
  ctx: ThreadStreamContext,
  state: DecodeState,
): number {
  const w = pos >>> 2;
  const lo = i32[w + 2];
  const hi = i32[w + 3];
  if (((lo >>> 3) & 7) !== RECORD_MAGIC) {
    throw new TraceError({
      kind: "bad-magic",
      file,
      byteOffset: fileOffset + pos,
      found: `${(lo >>> 3) & 7} in record header (expected ${RECORD_MAGIC})`,
    });
  }
  const type = lo & 3;
  let size = 16;
  if ((lo >>> 2) & 1) {
    const extra = payloadSize(type, addressOf(lo, hi), buf, pos + 16, len, ctx, file, fileOffset + pos);
    if (extra < 0 || pos + 16 + extra > len) return -1;
    size += extra;
  }
  if (type === TYPE_LOST) {
    state.lost += addressOf(lo, hi); // a lost record's address field is the count
    return pos + size;
  }
  if (type !== TYPE_ENTRY && type !== TYPE_EXIT) {
    state.events++;
    return pos + size;
  }
  state.records++;
  const base = ctx.base;
  if (!base.set) {
    base.lo = i32[w] >>> 0;
    base.hi = i32[w + 1] >>> 0;
    base.set = true;
  }
  const depth = (lo >>> 6) & 0x3ff;
  if (depth >= ctx.maxDepth) return pos + size;
  const slot = (lo >>> 16) & (CACHE_SLOTS - 1);
  const low = (lo >>> 16) | (hi << 16);
  const high = hi >>> 16;
  if (state.cacheLow[slot] !== low || state.cacheHigh[slot] !== high) {
    state.cacheLow[slot] = low;
    state.cacheHigh[slot] = high;
    state.cacheFn[slot] = ctx.resolve(addressOf(lo, hi));
    ctx.sink.cacheAddress(slot, low, high, state.cacheFn[slot]);
  }
  const timeNs = recordTime(i32, pos, base) - state.offCpuNs;
  const fn = state.cacheFn[slot];
  const payload =
    size > 16 && ctx.sink.takesArguments
      ? decodeArgs(type === TYPE_ENTRY ? ctx.specs.entry : ctx.specs.exit, ctx.nameOf(fn), buf, pos + 16)
      : null;
  if (type === TYPE_ENTRY) state.batch.enter(fn, timeNs, depth, payload);
  else state.batch.exit(fn, timeNs, payload);
  return pos + size;
}

/** Time of the entry or exit record at `pos`, relative to the base: the 64-bit difference read as signed,
 * as the kernel reads plain records (kernel/assembly/uftraceRecords.ts), so both decoders agree on a
 * record before the base (another thread's) and on a corrupt time 2⁶³ ns away, which wraps. */
function recordTime(i32: Int32Array, pos: number, base: TimeBase): number {
  const w = pos >>> 2;
  return ((i32[w + 1] - base.hi) | 0) * 4294967296 + ((i32[w] >>> 0) - base.lo);
}

/** Merges in the off-CPU intervals that start at or before `timeNs`, each as
 * one call of linux:schedule. The thread runs nothing while it is off the
 * CPU, so the call nests inside whatever was open. As in uftrace, only
 * intervals between the thread's first and last records count: before, the
 * task is not traced yet (program start); after, it is only exiting. Returns
 * whether any interval was passed. */
function emitSchedUntil(timeNs: number, ctx: ThreadStreamContext, state: DecodeState): boolean {
  const sched = ctx.sched;
  if (sched === null || state.nextSchedNs > timeNs) return false;
  const { startNs, endNs, preempted } = sched.intervals;
  while (state.schedNext < startNs.length && startNs[state.schedNext] <= timeNs) {
    const i = state.schedNext++;
    if (state.records === 0) continue;
    if (sched.exclude) {
      state.offCpuNs += endNs[i] - startNs[i];
      continue;
    }
    const fn = preempted[i] ? sched.fnPreempted : sched.fn;
    state.batch.enter(fn, startNs[i]);
    state.batch.exit(fn, endNs[i]);
  }
  updateNextSched(ctx, state);
  return true;
}

function updateNextSched(ctx: ThreadStreamContext, state: DecodeState): void {
  const starts = ctx.sched?.intervals.startNs;
  state.nextSchedNs = starts && state.schedNext < starts.length ? starts[state.schedNext] : Infinity;
}

/** The 48-bit address field (bits 16–63 of the record's second u64). */
function addressOf(lo: number, hi: number): number {
  return (lo >>> 16) + (hi >>> 0) * 65536;
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
      throw new TraceError({
        kind: "malformed",
        file,
        byteOffset,
        detail: `${ctx.nameOf(fn)} carries argument data but info has no argument spec for it`,
      });
    }
    return bytes;
  }
  // Event records: u16 size then the data, padded to 8 bytes in all.
  const size = u16(0);
  if (Number.isNaN(size)) return -1;
  return Math.ceil((2 + size) / 8) * 8;
}
