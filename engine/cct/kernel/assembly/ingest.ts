// The ingestion kernel, in AssemblyScript, compiled to WebAssembly by
// build/scripts/build-kernel.mjs: the streaming CCT builder of every reader
// (events in batches) and, fused with it, the decoder of uftrace's plain
// records, the one input whose volume needs it (issue 2: ≥ 4× `uftrace
// report`). Both loops end in step() below, so there is one builder.
//
// One instance serves every thread of a CctBuilder. A thread's state is a
// struct in this memory (THREAD_* offsets); each exported call loads it into
// globals and stores it back. Arrays grow by reallocation (runtime stub: a
// bump allocator that never frees; growth by doubling bounds the waste).
// Per context: the statistics of ContextTable in the TypeScript side's terms
// (N, mean, M2 by Welford, min, max, inclusive, self), the child covariance of
// paper 000 §2 Eq. 1–2, and the time within its parent's running invocation.

// @ts-ignore: decorator
@external("env", "watched") declare function watched(path: i32, durationNs: f64): void;
// @ts-ignore: decorator
@external("env", "unmatched") declare function unmatched(fn: i32): void;
// @ts-ignore: decorator
@external("env", "created") declare function created(context: i32): i32;

const ENTER: i32 = 0;
const STATS: i32 = 8; // f64 slots per context: N, MEAN, M2, MIN, MAX, INCL, SELF, unused
const S_N: i32 = 0;
const S_MEAN: i32 = 8;
const S_M2: i32 = 16;
const S_MIN: i32 = 24;
const S_MAX: i32 = 32;
const S_INCL: i32 = 40;
const S_SELF: i32 = 48;
export const BATCH_EVENTS: i32 = 8192;
export const RECORD_BYTES: i32 = 1 << 20;
const CACHE_SLOTS: i32 = 4096;

// Thread struct: i32 fields, then f64 fields.
const T_TOP = 0;
const T_SIZE = 4;
const T_CAP = 8;
const T_STACK_CAP = 12;
const T_PARENT = 16;
const T_FN = 20;
const T_FIRST = 24;
const T_NEXT = 28;
const T_NCHILD = 32;
const T_WATCH = 36;
const T_STATS = 40;
const T_PENDING = 44;
const T_COV = 48;
const T_OMIT = 52;
const T_SCTX = 56;
const T_SSTART = 60;
const T_SCHILD = 64;
const T_MISMATCH = 68;
const T_MIN_DURATION = 72;
const T_LAST = 80;
const THREAD_BYTES = 88;

// Covariance block: n (f64), dims, cap, then mean, values, delta (cap f64
// each) and the upper triangle of the co-moment matrix (cap × cap f64).
const C_N = 0;
const C_DIMS = 8;
const C_CAP = 12;
const C_HEADER = 16;
const FIRST_DIMS = 4;

// Shared by all threads: where batches and records are put for the kernel.
let batchKind: usize = 0;
let batchFn: usize = 0;
let batchDepth: usize = 0;
let batchTime: usize = 0;
let records: usize = 0;
let cacheLow: usize = 0;
let cacheHigh: usize = 0;
let cacheFn: usize = 0;
let maxChildren: i32 = 64;
let withCovariance: bool = true;
let watching: bool = false;

// The current thread, loaded by enterThread.
let thread: usize = 0;
let top: i32 = 0;
let size: i32 = 0;
let cap: i32 = 0;
let stackCap: i32 = 0;
let pParent: usize = 0;
let pFn: usize = 0;
let pFirst: usize = 0;
let pNext: usize = 0;
let pNChild: usize = 0;
let pWatch: usize = 0;
let pStats: usize = 0;
let pPending: usize = 0;
let pCov: usize = 0;
let pOmit: usize = 0;
let sCtx: usize = 0;
let sStart: usize = 0;
let sChild: usize = 0;
let mismatch: i32 = 0;
let minDuration: f64 = 0;
let lastTime: f64 = 0;

export function init(maxCovarianceChildren: i32, covariance: i32, watch: i32): void {
  maxChildren = maxCovarianceChildren;
  withCovariance = covariance != 0;
  watching = watch != 0;
  batchKind = heap.alloc(BATCH_EVENTS);
  batchFn = heap.alloc(BATCH_EVENTS << 2);
  batchDepth = heap.alloc(BATCH_EVENTS << 2);
  batchTime = heap.alloc(BATCH_EVENTS << 3);
  records = heap.alloc(RECORD_BYTES);
  cacheLow = heap.alloc(CACHE_SLOTS << 2);
  cacheHigh = heap.alloc(CACHE_SLOTS << 2);
  cacheFn = heap.alloc(CACHE_SLOTS << 2);
}

export function batchKindPtr(): usize { return batchKind; }
export function batchFnPtr(): usize { return batchFn; }
export function batchDepthPtr(): usize { return batchDepth; }
export function batchTimePtr(): usize { return batchTime; }
export function recordsPtr(): usize { return records; }

/** A new thread with its root context (0, fn −1); returns its struct. */
export function newThread(minDurationNs: f64): usize {
  const t = heap.alloc(THREAD_BYTES);
  memory.fill(t, 0, THREAD_BYTES);
  store<f64>(t, minDurationNs, T_MIN_DURATION);
  store<f64>(t, 0, T_LAST);
  thread = t;
  top = 0;
  size = 0;
  mismatch = 0;
  minDuration = minDurationNs;
  lastTime = 0;
  cap = 0;
  stackCap = 0;
  growContexts(256);
  growStack(256);
  addContext(-1, -1);
  store<i32>(sCtx, 0);
  leaveThread();
  return t;
}

function enterThread(t: usize): void {
  thread = t;
  top = load<i32>(t, T_TOP);
  size = load<i32>(t, T_SIZE);
  cap = load<i32>(t, T_CAP);
  stackCap = load<i32>(t, T_STACK_CAP);
  pParent = load<u32>(t, T_PARENT);
  pFn = load<u32>(t, T_FN);
  pFirst = load<u32>(t, T_FIRST);
  pNext = load<u32>(t, T_NEXT);
  pNChild = load<u32>(t, T_NCHILD);
  pWatch = load<u32>(t, T_WATCH);
  pStats = load<u32>(t, T_STATS);
  pPending = load<u32>(t, T_PENDING);
  pCov = load<u32>(t, T_COV);
  pOmit = load<u32>(t, T_OMIT);
  sCtx = load<u32>(t, T_SCTX);
  sStart = load<u32>(t, T_SSTART);
  sChild = load<u32>(t, T_SCHILD);
  mismatch = load<i32>(t, T_MISMATCH);
  minDuration = load<f64>(t, T_MIN_DURATION);
  lastTime = load<f64>(t, T_LAST);
}

function leaveThread(): void {
  const t = thread;
  store<i32>(t, top, T_TOP);
  store<i32>(t, size, T_SIZE);
  store<i32>(t, cap, T_CAP);
  store<i32>(t, stackCap, T_STACK_CAP);
  store<u32>(t, <u32>pParent, T_PARENT);
  store<u32>(t, <u32>pFn, T_FN);
  store<u32>(t, <u32>pFirst, T_FIRST);
  store<u32>(t, <u32>pNext, T_NEXT);
  store<u32>(t, <u32>pNChild, T_NCHILD);
  store<u32>(t, <u32>pWatch, T_WATCH);
  store<u32>(t, <u32>pStats, T_STATS);
  store<u32>(t, <u32>pPending, T_PENDING);
  store<u32>(t, <u32>pCov, T_COV);
  store<u32>(t, <u32>pOmit, T_OMIT);
  store<u32>(t, <u32>sCtx, T_SCTX);
  store<u32>(t, <u32>sStart, T_SSTART);
  store<u32>(t, <u32>sChild, T_SCHILD);
  store<i32>(t, mismatch, T_MISMATCH);
  store<f64>(t, minDuration, T_MIN_DURATION);
  store<f64>(t, lastTime, T_LAST);
}

export function setMinDuration(t: usize, minDurationNs: f64): void {
  store<f64>(t, minDurationNs, T_MIN_DURATION);
}

/** The events batchKind/Fn/Depth/Time[0, n) of thread `t`. */
export function consumeBatch(t: usize, n: i32): void {
  enterThread(t);
  let i = 0;
  while (i < n) {
    const at = <usize>i;
    const time = load<f64>(batchTime + (at << 3));
    if (step(<i32>load<u8>(batchKind + at), load<i32>(batchFn + (at << 2)), load<i32>(batchDepth + (at << 2)), time)) i++;
  }
  if (n > 0) lastTime = load<f64>(batchTime + (<usize>(n - 1) << 3));
  leaveThread();
}

// uftrace .dat records (FORMATS.md): bits 1–5 of the low word of a plain
// entry or exit are `more` = 0 and magic 5; type 0 is entry, 1 exit.
const PLAIN_MASK: i32 = 0x3e;
const PLAIN_BITS: i32 = 5 << 3;

/** Address → function id, direct-mapped by bits 16–27 of the record's second
 * word; an address is keyed by its low 32 bits and its top 16 bits. */
export function cacheReset(): void {
  for (let s = 0; s < CACHE_SLOTS; s++) {
    store<i32>(cacheLow + (<usize>s << 2), 0);
    store<i32>(cacheHigh + (<usize>s << 2), -1); // no 48-bit address has these top bits
  }
}

export function cacheSet(slot: i32, low: i32, high: i32, fn: i32): void {
  store<i32>(cacheLow + (<usize>slot << 2), low);
  store<i32>(cacheHigh + (<usize>slot << 2), high);
  store<i32>(cacheFn + (<usize>slot << 2), fn);
}

/** Decodes and consumes the plain records in records[start, end) of thread
 * `t`, stopping at the first one it does not handle (a payload, another
 * record type, an uncached address, depth ≥ maxDepth, or a time at or after
 * schedLimit, where an off-CPU interval comes first). Times are the record's
 * minus the base (baseHi·2³² + baseLo) minus offCpuNs. Returns where it stopped. */
export function consumeRecords(t: usize, start: i32, end: i32, baseHi: u32, baseLo: u32, maxDepth: i32, schedLimit: f64, offCpuNs: f64): i32 {
  enterThread(t);
  const base = (<u64>baseHi << 32) | <u64>baseLo;
  let pos = start;
  let last = lastTime;
  while (pos + 16 <= end) {
    const p = records + <usize>pos;
    const lo = load<i32>(p, 8);
    const hi = load<i32>(p, 12);
    if ((lo & PLAIN_MASK) != PLAIN_BITS) break;
    const depth = (lo >>> 6) & 0x3ff;
    if (depth >= maxDepth) break;
    const slot = <usize>((lo >>> 16) & (CACHE_SLOTS - 1)) << 2;
    if (load<i32>(cacheLow + slot) != ((lo >>> 16) | (hi << 16)) || load<i32>(cacheHigh + slot) != (hi >>> 16)) break;
    const timeNs = <f64>(<i64>(load<u64>(p) - base));
    if (timeNs >= schedLimit) break;
    const f = load<i32>(cacheFn + slot);
    last = timeNs - offCpuNs;
    if ((lo & 1) == ENTER) {
      while (!step(ENTER, f, depth, last)) {}
    } else {
      while (!step(1, f, -1, last)) {}
    }
    pos += 16;
  }
  lastTime = last;
  leaveThread();
  return pos;
}

/** Closes the calls still open at the thread's last time; returns how many. */
export function closeOpen(t: usize): i32 {
  enterThread(t);
  const open = top;
  while (top > 0) close(lastTime);
  leaveThread();
  return open;
}

/** One event. An event that needs open calls closed first (an exit of an
 * outer call, an entry at a shallower recorded depth) closes the innermost
 * one and returns false, to be looked at again; so closing is written once. */
// @ts-ignore: decorator
@inline function step(kind: i32, f: i32, depth: i32, timeNs: f64): bool {
  if (kind == ENTER) {
    if (depth >= 0 && top > depth) {
      mismatch++;
      close(timeNs);
      return false;
    }
    push(f, timeNs);
    return true;
  }
  if (top > 0 && load<i32>(pFn + (<usize>load<i32>(sCtx + (<usize>top << 2)) << 2)) == f) {
    close(timeNs);
    return true;
  }
  let d = top - 1;
  while (d > 0 && load<i32>(pFn + (<usize>load<i32>(sCtx + (<usize>d << 2)) << 2)) != f) d--;
  if (d <= 0) {
    unmatched(f); // no open call of f: the exit is dropped and counted
    return true;
  }
  mismatch++; // f is open further out: close the innermost call first
  close(timeNs);
  return false;
}

// @ts-ignore: decorator
@inline function push(f: i32, timeNs: f64): void {
  if (top + 1 == stackCap) growStack(stackCap << 1);
  const parent = load<i32>(sCtx + (<usize>top << 2));
  let c = load<i32>(pFirst + (<usize>parent << 2));
  while (c != -1 && load<i32>(pFn + (<usize>c << 2)) != f) c = load<i32>(pNext + (<usize>c << 2));
  if (c == -1) c = addContext(parent, f);
  top++;
  store<i32>(sCtx + (<usize>top << 2), c);
  store<f64>(sStart + (<usize>top << 3), timeNs);
  store<f64>(sChild + (<usize>top << 3), 0);
}

/** Closes the innermost call at timeNs: one invocation of its context. */
function close(timeNs: f64): void {
  const c = load<i32>(sCtx + (<usize>top << 2));
  const duration = timeNs - load<f64>(sStart + (<usize>top << 3));
  const childNs = load<f64>(sChild + (<usize>top << 3));
  top--;
  if (duration < minDuration) return; // time filter: the caller keeps it as self time
  const self = duration - childNs;
  const w = load<i32>(pWatch + (<usize>c << 2));
  if (w >= 0) watched(w, duration);
  // Welford update of N, mean and M2, then min, max and totals.
  const o = pStats + (<usize>c << 6);
  const n1 = load<f64>(o, S_N) + 1;
  store<f64>(o, n1, S_N);
  const mean0 = load<f64>(o, S_MEAN);
  const dm = duration - mean0;
  const mean = mean0 + dm / n1;
  store<f64>(o, mean, S_MEAN);
  store<f64>(o, load<f64>(o, S_M2) + dm * (duration - mean), S_M2);
  if (duration < load<f64>(o, S_MIN)) store<f64>(o, duration, S_MIN);
  if (duration > load<f64>(o, S_MAX)) store<f64>(o, duration, S_MAX);
  store<f64>(o, load<f64>(o, S_INCL) + duration, S_INCL);
  store<f64>(o, load<f64>(o, S_SELF) + self, S_SELF);
  const cov = load<u32>(pCov + (<usize>c << 2));
  if (cov != 0) commitCovariance(c, <usize>cov, self);
  const sp = sChild + (<usize>top << 3);
  store<f64>(sp, load<f64>(sp) + duration);
  const pp = pPending + (<usize>c << 3);
  store<f64>(pp, load<f64>(pp) + duration);
}

/** Folds the invocation of `c` that just ended into its child covariance
 * (vector Welford): dimension 0 is self time, dimension s the time of the
 * child created s-th within this invocation. */
function commitCovariance(c: i32, acc: usize, self: f64): void {
  const k = load<i32>(acc, C_DIMS);
  const kc = <usize>load<i32>(acc, C_CAP);
  const mean = acc + C_HEADER;
  const y = mean + (kc << 3);
  const delta = y + (kc << 3);
  const co = delta + (kc << 3);
  store<f64>(y, self);
  let s: usize = 1;
  for (let ch = load<i32>(pFirst + (<usize>c << 2)); ch != -1; ch = load<i32>(pNext + (<usize>ch << 2))) {
    const pp = pPending + (<usize>ch << 3);
    store<f64>(y + (s << 3), load<f64>(pp));
    store<f64>(pp, 0);
    s++;
  }
  const n1 = load<f64>(acc, C_N) + 1;
  store<f64>(acc, n1, C_N);
  const inv = 1 / n1;
  for (let i = 0; i < k; i++) {
    const at = <usize>i << 3;
    const d = load<f64>(y + at) - load<f64>(mean + at);
    store<f64>(delta + at, d);
    store<f64>(mean + at, load<f64>(mean + at) + d * inv);
  }
  const f = (n1 - 1) * inv;
  for (let i = 0; i < k; i++) {
    const di = load<f64>(delta + (<usize>i << 3)) * f;
    if (di == 0) continue; // the whole row's increment is zero
    const row = co + ((<usize>i * kc) << 3);
    for (let j = i; j < k; j++) {
      const at = row + (<usize>j << 3);
      store<f64>(at, load<f64>(at) + di * load<f64>(delta + (<usize>j << 3)));
    }
  }
}

function addContext(parent: i32, f: i32): i32 {
  if (size == cap) growContexts(cap << 1);
  const c = size++;
  const at = <usize>c << 2;
  store<i32>(pParent + at, parent);
  store<i32>(pFn + at, f);
  store<i32>(pFirst + at, -1);
  store<i32>(pNext + at, -1);
  store<i32>(pNChild + at, 0);
  store<u32>(pCov + at, 0);
  store<i32>(pOmit + at, 0);
  const o = pStats + (<usize>c << 6);
  memory.fill(o, 0, STATS << 3);
  store<f64>(o, Infinity, S_MIN);
  store<f64>(o, -Infinity, S_MAX);
  store<f64>(pPending + (<usize>c << 3), 0);
  if (parent >= 0) {
    // Appending keeps siblings in creation order, which is covariance-dimension order.
    const count = load<i32>(pNChild + (<usize>parent << 2)) + 1;
    store<i32>(pNChild + (<usize>parent << 2), count);
    let last = load<i32>(pFirst + (<usize>parent << 2));
    if (last == -1) store<i32>(pFirst + (<usize>parent << 2), c);
    else {
      while (load<i32>(pNext + (<usize>last << 2)) != -1) last = load<i32>(pNext + (<usize>last << 2));
      store<i32>(pNext + (<usize>last << 2), c);
    }
    if (withCovariance && parent > 0) addCovarianceDimension(parent, count);
  }
  store<i32>(pWatch + at, watching && parent >= 0 ? created(c) : -1);
  return c;
}

/** A new child dimension for `parent`. Earlier invocations had no time in it,
 * so its mean and co-moments start at zero and the statistics stay exact.
 * Past maxChildren the parent keeps no covariance (and is marked omitted). */
function addCovarianceDimension(parent: i32, count: i32): void {
  const at = pCov + (<usize>parent << 2);
  if (count > maxChildren) {
    store<u32>(at, 0);
    store<i32>(pOmit + (<usize>parent << 2), 1);
    return;
  }
  let acc = <usize>load<u32>(at);
  if (acc == 0) {
    // Until its first child, a context's only dimension is self time, which
    // equals its whole time: start from its own n, mean and M2.
    acc = newCovariance(FIRST_DIMS);
    const o = pStats + (<usize>parent << 6);
    store<f64>(acc, load<f64>(o, S_N), C_N);
    store<i32>(acc, 1, C_DIMS);
    store<f64>(acc + C_HEADER, load<f64>(o, S_MEAN));
    store<f64>(acc + C_HEADER + ((3 * FIRST_DIMS) << 3), load<f64>(o, S_M2)); // co-moment [0][0]
  }
  const dims = load<i32>(acc, C_DIMS);
  if (dims == load<i32>(acc, C_CAP)) acc = resizeCovariance(acc, dims << 1);
  store<i32>(acc, dims + 1, C_DIMS);
  store<u32>(at, <u32>acc);
}

function newCovariance(kc: i32): usize {
  const bytes = C_HEADER + ((3 * kc + kc * kc) << 3);
  const acc = heap.alloc(<usize>bytes);
  memory.fill(acc, 0, <usize>bytes);
  store<i32>(acc, kc, C_CAP);
  return acc;
}

function resizeCovariance(old: usize, kc: i32): usize {
  const oc = load<i32>(old, C_CAP);
  const dims = load<i32>(old, C_DIMS);
  const acc = newCovariance(kc);
  store<f64>(acc, load<f64>(old, C_N), C_N);
  store<i32>(acc, dims, C_DIMS);
  memory.copy(acc + C_HEADER, old + C_HEADER, <usize>dims << 3); // means
  const oldCo = old + C_HEADER + (<usize>(3 * oc) << 3);
  const newCo = acc + C_HEADER + (<usize>(3 * kc) << 3);
  for (let i = 0; i < dims; i++) memory.copy(newCo + (<usize>(i * kc) << 3), oldCo + (<usize>(i * oc) << 3), <usize>dims << 3);
  return acc;
}

function growArray(old: usize, count: i32, bytesEach: i32): usize {
  const p = heap.alloc(<usize>(count * bytesEach));
  if (old != 0) memory.copy(p, old, <usize>(cap * bytesEach));
  return p;
}

function growContexts(next: i32): void {
  pParent = growArray(pParent, next, 4);
  pFn = growArray(pFn, next, 4);
  pFirst = growArray(pFirst, next, 4);
  pNext = growArray(pNext, next, 4);
  pNChild = growArray(pNChild, next, 4);
  pWatch = growArray(pWatch, next, 4);
  pStats = growArray(pStats, next, STATS << 3);
  pPending = growArray(pPending, next, 8);
  pCov = growArray(pCov, next, 4);
  pOmit = growArray(pOmit, next, 4);
  cap = next;
}

function growStack(next: i32): void {
  const ctx = heap.alloc(<usize>next << 2);
  const startNs = heap.alloc(<usize>next << 3);
  const child = heap.alloc(<usize>next << 3);
  if (stackCap > 0) {
    memory.copy(ctx, sCtx, <usize>stackCap << 2);
    memory.copy(startNs, sStart, <usize>stackCap << 3);
    memory.copy(child, sChild, <usize>stackCap << 3);
  }
  sCtx = ctx;
  sStart = startNs;
  sChild = child;
  stackCap = next;
}

// Reading a thread out (after closeOpen), and a context's chain while the
// kernel runs (from the `created` callback, which sees the running thread).
export function contextCount(t: usize): i32 { return load<i32>(t, T_SIZE); }
export function mismatches(t: usize): i32 { return load<i32>(t, T_MISMATCH); }
export function parentPtr(t: usize): usize { return load<u32>(t, T_PARENT); }
export function fnPtr(t: usize): usize { return load<u32>(t, T_FN); }
export function childCountPtr(t: usize): usize { return load<u32>(t, T_NCHILD); }
export function statsPtr(t: usize): usize { return load<u32>(t, T_STATS); }
export function covariancePtr(t: usize): usize { return load<u32>(t, T_COV); }
export function omittedPtr(t: usize): usize { return load<u32>(t, T_OMIT); }
export function runningParent(c: i32): i32 { return load<i32>(pParent + (<usize>c << 2)); }
export function runningFn(c: i32): i32 { return load<i32>(pFn + (<usize>c << 2)); }
export function covN(acc: usize): f64 { return load<f64>(acc, C_N); }
export function covDims(acc: usize): i32 { return load<i32>(acc, C_DIMS); }
export function covCap(acc: usize): i32 { return load<i32>(acc, C_CAP); }
export function covMeanPtr(acc: usize): usize { return acc + C_HEADER; }
export function covComomentPtr(acc: usize): usize { return acc + C_HEADER + (<usize>(3 * load<i32>(acc, C_CAP)) << 3); }
