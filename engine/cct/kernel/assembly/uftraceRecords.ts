// uftrace's plain entry and exit records decoded where they are consumed: the
// hot loop of ingestion (issue 32 asks for ≥ 6× `uftrace report`'s CPU at 25 M
// events, 8× at 50 M). Its common cases run here with the thread's state in
// locals: a call with no recorded callee (its exit the next record: most of a
// trace's records), folded without the stack, and a run of one such leaf with
// its statistics in locals too (leafCalls, repeatLeaf); the entry of a known
// child; the exit of the innermost call over the time filter. Anything else goes
// through thread.ts's step, which handles every case. Each path folds a call
// with the same arithmetic in the same order, so the tree is the same bit for
// bit (test/stress/leafCalls.test.ts checks it against step alone).
import { ENTER, EXIT, S_INCL, S_M2, S_MAX, S_MEAN, S_MIN, S_N, S_SELF } from "./layout";
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
  timeAfter,
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
    if (kind == ENTER && tp <= depth) {
      const c = findChild(load<i32>(ctxP + ((<usize>tp) << 2)), f, fnP, firstP, nextP);
      if (c != -1) {
        // A call with no recorded callee: its exit (the same address and depth, docs/formats.md)
        // is the next record. Such calls are most of a trace's records.
        if (pos + 32 <= end && load<i32>(p, 24) == (lo | EXIT) && load<i32>(p, 28) == hi) {
          lastTime = last;
          closedCalls = closed;
          const to = leafCalls(c, lo, hi, tp, pos, end, base, maxDepth, schedLimit, offCpuNs);
          last = lastTime;
          closed = closedCalls;
          if (to != pos) {
            pos = to;
            continue;
          }
        }
        if (tp + 1 < capacity) {
          last = timeAfter(timeNs - offCpuNs, last);
          pos += 16;
          tp++;
          store<i32>(ctxP + ((<usize>tp) << 2), c);
          store<f64>(startP + ((<usize>tp) << 3), last);
          store<f64>(childP + ((<usize>tp) << 3), 0);
          store<f64>(closedP + ((<usize>tp) << 3), closed);
          continue;
        }
      }
    }
    last = timeAfter(timeNs - offCpuNs, last);
    pos += 16;
    if (kind == EXIT && tp > 0) {
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

/** Leaf calls in a row under one caller (the open call at stack depth tp), from the one at `pos`
 * (lo, hi: its entry's words; c: its context): each an entry record and its exit. Folded as
 * consumeRecords would push and pop each (thread.ts's close), the same arithmetic in the same
 * order, without the stack; a run of one leaf goes to repeatLeaf. Stops before the first pair
 * that is not such a call or that any check of consumeRecords stops at, and returns where.
 * lastTime and closedCalls hold the thread's running values, in and out. */
function leafCalls(
  c: i32,
  lo0: i32,
  hi0: i32,
  tp: i32,
  pos: i32,
  end: i32,
  base: u64,
  maxDepth: i32,
  schedLimit: f64,
  offCpuNs: f64,
): i32 {
  const parent = load<i32>(sCtx + ((<usize>tp) << 2));
  const child = sChild + ((<usize>tp) << 3);
  const minNs = minDuration,
    inCall = toolCostInside;
  const statsP = pStats,
    pendingP = pPending,
    covP = pCov,
    watchP = pWatch,
    callsP = pCalls,
    parentP = pParent,
    touchedP = pTouched,
    fnP = pFn,
    firstP = pFirst,
    nextP = pNext;
  // The context of the last pair's words: a caller's calls alternate among few leaves.
  let memoLo = lo0,
    memoHi = hi0;
  let last = lastTime,
    closed = closedCalls,
    childNs = load<f64>(child);
  while (pos + 32 <= end) {
    const q = records + <usize>pos;
    const lo = load<i32>(q, 8);
    const hi = load<i32>(q, 12);
    // A plain entry (type 0), then its exit.
    if ((lo & (PLAIN_MASK | 1)) != PLAIN_BITS || load<i32>(q, 24) != (lo | EXIT) || load<i32>(q, 28) != hi) break;
    const depth = (lo >>> 6) & 0x3ff;
    if (depth >= maxDepth || depth < tp) break;
    if (lo != memoLo || hi != memoHi) {
      const slot = (<usize>((lo >>> 16) & (CACHE_SLOTS - 1))) << 2;
      if (load<i32>(cacheLow + slot) != ((lo >>> 16) | (hi << 16)) || load<i32>(cacheHigh + slot) != hi >>> 16) break;
      const next = findChild(parent, load<i32>(cacheFn + slot), fnP, firstP, nextP);
      if (next == -1) break;
      c = next;
      memoLo = lo;
      memoHi = hi;
    }
    const entryNs = <f64>(<i64>(load<u64>(q) - base));
    const exitNs = <f64>(<i64>(load<u64>(q, 16) - base));
    if (entryNs >= schedLimit || exitNs >= schedLimit) break;
    const from = timeAfter(entryNs - offCpuNs, last);
    last = timeAfter(exitNs - offCpuNs, from);
    pos += 32;
    const recorded = last - from;
    closed += 1;
    // The time filter is uftrace's, on recorded time: the caller keeps a filtered call as self time.
    if (recorded < minNs) continue;
    const duration = recorded - inCall;
    const w = load<i32>(watchP + ((<usize>c) << 2));
    if (w >= 0) noteWatched(w, duration);
    countInvocation(c, duration, duration, statsP, covP, firstP, nextP, pendingP, callsP, parentP, touchedP);
    childNs += duration;
    if (
      pos + 32 <= end &&
      load<i32>(q, 40) == lo &&
      load<i32>(q, 44) == hi &&
      w < 0 &&
      load<u32>(covP + ((<usize>c) << 2)) == 0
    ) {
      store<f64>(child, childNs);
      lastTime = last;
      closedCalls = closed;
      pos = repeatLeaf(c, child, pos, end, lo, hi, base, schedLimit, offCpuNs);
      last = lastTime;
      closed = closedCalls;
      childNs = load<f64>(child);
    }
  }
  store<f64>(child, childNs);
  lastTime = last;
  closedCalls = closed;
  return pos;
}

/** A loop calling the leaf c again and again: each next pair of records repeats the words of the
 * last (lo, hi, and its exit's). c has no watched chain and keeps no children's covariance, so an
 * invocation changes only its statistics, its calls and time in its caller's running invocation,
 * and the caller's children's time (`child`): held in locals here, each folded as countInvocation
 * folds it. Stops where leafCalls would, and at a call the time filter drops. */
function repeatLeaf(
  c: i32,
  child: usize,
  pos: i32,
  end: i32,
  lo: i32,
  hi: i32,
  base: u64,
  schedLimit: f64,
  offCpuNs: f64,
): i32 {
  const exitLo = lo | EXIT;
  const o = pStats + ((<usize>c) << 6);
  const pp = pPending + ((<usize>c) << 3);
  const cc = pCalls + ((<usize>c) << 2);
  const minNs = minDuration,
    inCall = toolCostInside;
  let n = load<f64>(o, S_N),
    mean = load<f64>(o, S_MEAN),
    m2 = load<f64>(o, S_M2),
    min = load<f64>(o, S_MIN),
    max = load<f64>(o, S_MAX),
    inclusive = load<f64>(o, S_INCL),
    self = load<f64>(o, S_SELF),
    pending = load<f64>(pp),
    childNs = load<f64>(child),
    last = lastTime,
    closed = closedCalls;
  let calls = load<i32>(cc);
  while (pos + 32 <= end) {
    const q = records + <usize>pos;
    if (load<i32>(q, 8) != lo || load<i32>(q, 12) != hi || load<i32>(q, 24) != exitLo || load<i32>(q, 28) != hi) break;
    const entryNs = <f64>(<i64>(load<u64>(q) - base));
    const exitNs = <f64>(<i64>(load<u64>(q, 16) - base));
    if (entryNs >= schedLimit || exitNs >= schedLimit) break;
    const entryAt = entryNs - offCpuNs;
    const exitAt = exitNs - offCpuNs;
    const from = entryAt < last ? last : entryAt;
    const to = exitAt < from ? from : exitAt;
    const recorded = to - from;
    if (recorded < minNs) break;
    // Counted only once the pair is taken: leafCalls takes a filtered one.
    if (entryAt < last) backwards++;
    if (exitAt < from) backwards++;
    last = to;
    pos += 32;
    closed += 1;
    const d = recorded - inCall;
    // countInvocation's Welford step and totals (self time is d: no callee).
    n += 1;
    const dm = d - mean;
    mean += dm / n;
    m2 += dm * (d - mean);
    if (d < min) min = d;
    if (d > max) max = d;
    inclusive += d;
    self += d;
    pending += d;
    calls++;
    childNs += d;
  }
  store<f64>(o, n, S_N);
  store<f64>(o, mean, S_MEAN);
  store<f64>(o, m2, S_M2);
  store<f64>(o, min, S_MIN);
  store<f64>(o, max, S_MAX);
  store<f64>(o, inclusive, S_INCL);
  store<f64>(o, self, S_SELF);
  store<f64>(pp, pending);
  store<f64>(child, childNs);
  store<i32>(cc, calls);
  lastTime = last;
  closedCalls = closed;
  return pos;
}
