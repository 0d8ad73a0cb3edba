// uftrace's plain entry and exit records decoded where they are consumed: the
// hot loop of ingestion (issue 2 asks for ≥ 4× `uftrace report`). Its two
// common cases, the entry of a known child and the exit of the innermost
// call over the time filter, run here with the thread's state in locals; anything else goes
// through thread.ts's step, which handles every case.
import { ENTER, EXIT } from "./layout";
import {
  backwards,
  closedCalls,
  countInvocation,
  enterThread,
  findChild,
  lastTime,
  leaveThread,
  minDuration,
  noteWatched,
  pCalls,
  pCov,
  pFirst,
  pFn,
  pNext,
  pParent,
  pPending,
  pStats,
  pTouched,
  pWatch,
  sChild,
  sClosed,
  sCtx,
  sStart,
  stackCap,
  step,
  toolCost,
  toolCostInside,
  top,
} from "./thread";

export const RECORD_BYTES: i32 = 1 << 20;
const CACHE_SLOTS: i32 = 4096;
// Bits 1–5 of a plain record's low word: `more` = 0 and magic 5 (docs/formats.md).
const PLAIN_MASK: i32 = 0x3e;
const PLAIN_BITS: i32 = 5 << 3;

let records: usize = 0;
let cacheLow: usize = 0;
let cacheHigh: usize = 0;
let cacheFn: usize = 0;

export function initRecords(): void {
  records = heap.alloc(RECORD_BYTES);
  cacheLow = heap.alloc(CACHE_SLOTS << 2);
  cacheHigh = heap.alloc(CACHE_SLOTS << 2);
  cacheFn = heap.alloc(CACHE_SLOTS << 2);
  cacheReset();
}

export function recordsPtr(): usize {
  return records;
}

/** Address → function id, direct-mapped by bits 16–27 of the record's second
 * word; an address is keyed by its low 32 bits and its top 16 bits. */
export function cacheReset(): void {
  for (let s = 0; s < CACHE_SLOTS; s++) {
    store<i32>(cacheLow + ((<usize>s) << 2), 0);
    store<i32>(cacheHigh + ((<usize>s) << 2), -1); // no 48-bit address has these top bits
  }
}

export function cacheSet(slot: i32, low: i32, high: i32, fn: i32): void {
  store<i32>(cacheLow + ((<usize>slot) << 2), low);
  store<i32>(cacheHigh + ((<usize>slot) << 2), high);
  store<i32>(cacheFn + ((<usize>slot) << 2), fn);
}

/** Decodes and consumes the plain records in records[start, end) for thread
 * `t`, stopping at the first one it does not handle (a payload, another
 * record type, an uncached address, depth ≥ maxDepth, or a time at or after
 * schedLimit, where an off-CPU interval comes first). A time is the record's
 * minus the base (baseHi·2³² + baseLo) minus offCpuNs. Returns where it stopped. */
export function consumeRecords(
  t: usize,
  start: i32,
  end: i32,
  baseHi: u32,
  baseLo: u32,
  maxDepth: i32,
  schedLimit: f64,
  offCpuNs: f64,
): i32 {
  enterThread(t);
  const base = ((<u64>baseHi) << 32) | (<u64>baseLo);
  const cLow = cacheLow,
    cHigh = cacheHigh,
    cFn = cacheFn,
    minNs = minDuration,
    cost = toolCost,
    inCall = toolCostInside;
  let tp = top,
    capacity = stackCap,
    last = lastTime,
    closed = closedCalls;
  let ctxP = sCtx,
    startP = sStart,
    childP = sChild,
    closedP = sClosed,
    fnP = pFn,
    firstP = pFirst,
    nextP = pNext;
  let statsP = pStats,
    pendingP = pPending,
    covP = pCov,
    watchP = pWatch,
    callsP = pCalls,
    parentP = pParent,
    touchedP = pTouched;
  let pos = start;
  while (pos + 16 <= end) {
    const p = records + <usize>pos;
    const lo = load<i32>(p, 8);
    const hi = load<i32>(p, 12);
    if ((lo & PLAIN_MASK) != PLAIN_BITS) break;
    const depth = (lo >>> 6) & 0x3ff;
    if (depth >= maxDepth) break;
    const slot = (<usize>((lo >>> 16) & (CACHE_SLOTS - 1))) << 2;
    if (load<i32>(cLow + slot) != ((lo >>> 16) | (hi << 16)) || load<i32>(cHigh + slot) != hi >>> 16) break;
    const timeNs = <f64>(<i64>(load<u64>(p) - base));
    if (timeNs >= schedLimit) break;
    const f = load<i32>(cFn + slot);
    const kind = lo & 1;
    const at = timeNs - offCpuNs;
    if (at < last)
      backwards++; // a damaged record: taken at the time before it (thread.ts)
    else last = at;
    pos += 16;
    if (kind == ENTER) {
      if (tp <= depth && tp + 1 < capacity) {
        const c = findChild(load<i32>(ctxP + ((<usize>tp) << 2)), f, fnP, firstP, nextP);
        if (c != -1) {
          tp++;
          store<i32>(ctxP + ((<usize>tp) << 2), c);
          store<f64>(startP + ((<usize>tp) << 3), last);
          store<f64>(childP + ((<usize>tp) << 3), 0);
          store<f64>(closedP + ((<usize>tp) << 3), closed);
          continue;
        }
      }
    } else if (tp > 0) {
      const c = load<i32>(ctxP + ((<usize>tp) << 2));
      const recorded = last - load<f64>(startP + ((<usize>tp) << 3));
      if (load<i32>(fnP + ((<usize>c) << 2)) == f && recorded >= minNs) {
        // thread.ts's close: the tracer's cost of the calls closed inside this one comes out.
        const duration = recorded - inCall - cost * (closed - load<f64>(closedP + ((<usize>tp) << 3)));
        closed += 1;
        const w = load<i32>(watchP + ((<usize>c) << 2));
        if (w >= 0) noteWatched(w, duration);
        countInvocation(
          c,
          duration,
          duration - load<f64>(childP + ((<usize>tp) << 3)),
          statsP,
          covP,
          firstP,
          nextP,
          pendingP,
          callsP,
          parentP,
          touchedP,
        );
        tp--;
        const sp = childP + ((<usize>tp) << 3);
        store<f64>(sp, load<f64>(sp) + duration);
        continue;
      }
    }
    // Any other case: through step, with the state back in the globals.
    top = tp;
    closedCalls = closed;
    while (!step(kind == ENTER ? ENTER : EXIT, f, kind == ENTER ? depth : -1, last)) {}
    tp = top;
    closed = closedCalls;
    capacity = stackCap;
    ctxP = sCtx;
    startP = sStart;
    childP = sChild;
    closedP = sClosed;
    fnP = pFn;
    firstP = pFirst;
    nextP = pNext;
    statsP = pStats;
    pendingP = pPending;
    covP = pCov;
    watchP = pWatch;
    callsP = pCalls;
    parentP = pParent;
    touchedP = pTouched;
  }
  top = tp;
  lastTime = last;
  closedCalls = closed;
  leaveThread();
  return pos;
}
