// One thread's calling-context tree as it is built: the contexts (a call
// chain from the root, context 0), their statistics, and the stack of open
// calls. The running thread's state is in globals, loaded from its struct
// (layout.ts) when a call for it starts and stored back when it ends.
import { addDimension, commitCovariance, startCovariance } from "./covariance";
import {
  ENTER, STATS, S_INCL, S_M2, S_MAX, S_MEAN, S_MIN, S_N, S_ONCE, S_SELF, THREAD_BYTES, T_CALLS, T_CAP, T_COV, T_FIRST, T_FN, T_LAST,
  T_MIN_DURATION, T_MISMATCH, T_NCHILD, T_NEXT, T_OMIT, T_PARENT, T_PENDING, T_SCHILD, T_SCTX, T_SIZE, T_SSTART,
  T_STACK_CAP, T_STATS, T_TOP, T_TOUCHED, T_WATCH, T_LAST_CHILD, T_HASH, T_HASH_CAP, T_BACKWARDS, T_SCLOSED, T_CLOSED,
} from "./layout";

// @ts-ignore: decorator
@external("env", "watched") declare function watched(count: i32): void;
// @ts-ignore: decorator
@external("env", "unmatched") declare function unmatched(fn: i32): void;
// @ts-ignore: decorator
@external("env", "created") declare function created(context: i32): i32;

// Settings of the whole instance (init).
export let maxChildren: i32 = 64;
export let withCovariance: bool = true;
export let watching: bool = false;
/** The tracer's own cost per recorded call, in ns, taken out of every call's time (0: none),
 * and the part of it that lies between the call's own entry and exit records (toolCostInside ≤
 * toolCost: the recorded time of an empty function). A call's hooks run partly before its entry
 * record and after its exit record, in its caller's time (toolCost − toolCostInside), and partly
 * between them, in its own (toolCostInside). Exactly, then, an invocation with D calls recorded
 * inside it and k of them direct children loses toolCostInside + D·toolCost of its inclusive
 * time (all of each descendant's hooks lie inside it), and its self time loses toolCostInside +
 * k·(toolCost − toolCostInside). With toolCostInside = 0 the whole cost is charged to the caller. */
export let toolCost: f64 = 0;
export let toolCostInside: f64 = 0;

// Invocations of watched chains, reported to the host in batches (a call out
// of WebAssembly per invocation would cost more than the invocation's
// statistics), in the order they ended; flushed when full and at the end of
// every exported call, so a batch never mixes threads.
export const WATCH_EVENTS: i32 = 4096;
export let watchPath: usize = 0;
export let watchDuration: usize = 0;
let watchCount: i32 = 0;

export function flushWatched(): void {
  if (watchCount > 0) watched(watchCount);
  watchCount = 0;
}

// @ts-ignore: decorator
@inline export function noteWatched(path: i32, durationNs: f64): void {
  store<i32>(watchPath + (<usize>watchCount << 2), path);
  store<f64>(watchDuration + (<usize>watchCount << 3), durationNs);
  if (++watchCount == WATCH_EVENTS) flushWatched();
}

export let thread: usize = 0;
export let top: i32 = 0;
export let size: i32 = 0;
export let cap: i32 = 0;
export let stackCap: i32 = 0;
// Per context: parent, function, first child, next sibling, child count,
// watched chain (−1: none), statistics, time within the parent's running
// invocation, covariance block (0: none), omitted (over maxChildren), calls
// within the parent's running invocation, and two links (8 bytes): the first
// child called in its running invocation, and the next such sibling; and its
// last child, so that a new one is appended without walking its siblings.
export let pParent: usize = 0;
export let pFn: usize = 0;
export let pFirst: usize = 0;
export let pNext: usize = 0;
export let pNChild: usize = 0;
export let pWatch: usize = 0;
export let pStats: usize = 0;
export let pPending: usize = 0;
export let pCov: usize = 0;
export let pOmit: usize = 0;
export let pCalls: usize = 0;
export let pTouched: usize = 0;
export let pLastChild: usize = 0;
// Every context but the root by (parent, function), open addressing (−1: empty
// slot), at most half full: a context with thousands of children (an
// interpreter's dispatch, a generated program) finds its child in constant
// time, where walking the siblings made building the tree quadratic in them.
export let pHash: usize = 0;
export let hashCap: i32 = 0;
// Per open call: its context, start time, the time of its closed children, and the count of
// calls the thread had closed when it was entered (closedCalls then), so that the calls closed
// inside it are the difference when it closes.
export let sCtx: usize = 0;
export let sStart: usize = 0;
export let sChild: usize = 0;
export let sClosed: usize = 0;
/** Calls closed in this thread so far, time-filtered ones included: each was recorded, so its
 * hooks ran inside its caller's time (toolCost). */
export let closedCalls: f64 = 0;
export let mismatch: i32 = 0;
/** Events earlier than the event before them in the thread (a damaged trace): taken at that
 * earlier event's time, so that no call ends before it starts and no self time is negative. */
export let backwards: i32 = 0;
export let minDuration: f64 = 0;
export let lastTime: f64 = 0;

/** A new thread with its root context (0, fn −1); returns its struct. */
export function newThread(minDurationNs: f64): usize {
  thread = heap.alloc(THREAD_BYTES);
  top = size = cap = stackCap = mismatch = hashCap = backwards = 0;
  minDuration = minDurationNs;
  closedCalls = 0;
  // No event yet: a thread's first time may be below the trace's base (uftrace: another thread's first record).
  lastTime = -Infinity;
  // Small, and doubled as needed: a trace may hold tens of thousands of threads of a few calls
  // each (256 contexts to start cost 37 kB a thread: 1.5 GB for 40,000 threads).
  growContexts(16);
  growHash(32);
  growStack(16);
  addContext(-1, -1);
  store<i32>(sCtx, 0);
  leaveThread();
  return thread;
}

/** The time filter of thread `t` (uftrace `-t`, known once the recording's options are read). */
export function setMinDuration(t: usize, minDurationNs: f64): void {
  store<f64>(t, minDurationNs, T_MIN_DURATION);
}

export function enterThread(t: usize): void {
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
  pCalls = load<u32>(t, T_CALLS);
  pTouched = load<u32>(t, T_TOUCHED);
  pLastChild = load<u32>(t, T_LAST_CHILD);
  pHash = load<u32>(t, T_HASH);
  hashCap = load<i32>(t, T_HASH_CAP);
  sCtx = load<u32>(t, T_SCTX);
  sStart = load<u32>(t, T_SSTART);
  sChild = load<u32>(t, T_SCHILD);
  sClosed = load<u32>(t, T_SCLOSED);
  closedCalls = load<f64>(t, T_CLOSED);
  mismatch = load<i32>(t, T_MISMATCH);
  backwards = load<i32>(t, T_BACKWARDS);
  minDuration = load<f64>(t, T_MIN_DURATION);
  lastTime = load<f64>(t, T_LAST);
}

export function leaveThread(): void {
  flushWatched();
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
  store<u32>(t, <u32>pCalls, T_CALLS);
  store<u32>(t, <u32>pTouched, T_TOUCHED);
  store<u32>(t, <u32>pLastChild, T_LAST_CHILD);
  store<u32>(t, <u32>pHash, T_HASH);
  store<i32>(t, hashCap, T_HASH_CAP);
  store<u32>(t, <u32>sCtx, T_SCTX);
  store<u32>(t, <u32>sStart, T_SSTART);
  store<u32>(t, <u32>sChild, T_SCHILD);
  store<u32>(t, <u32>sClosed, T_SCLOSED);
  store<f64>(t, closedCalls, T_CLOSED);
  store<i32>(t, mismatch, T_MISMATCH);
  store<i32>(t, backwards, T_BACKWARDS);
  store<f64>(t, minDuration, T_MIN_DURATION);
  store<f64>(t, lastTime, T_LAST);
}

/** Bits of uftrace's recorded depth: a recursion deeper than 1,023 wraps it
 * (--max-stack above 1,024), so the depth meant is the deepest one with these
 * bits that is not deeper than the calls open. */
const DEPTH_BITS = 10;

/** One event, any case. An entry at a shallower recorded depth than the open
 * calls closes the innermost one and returns false, to be looked at again; an
 * exit of an outer call closes every call opened inside it and then that call. */
export function step(kind: i32, f: i32, depth: i32, timeNs: f64): bool {
  if (kind == ENTER) {
    if (unwinds(depth)) {
      mismatch++;
      close(timeNs);
      return false;
    }
    if (top + 1 == stackCap) growStack(stackCap << 1);
    const parent = load<i32>(sCtx + (<usize>top << 2));
    let c = findChild(parent, f, pFn, pFirst, pNext);
    if (c == -1) c = addContext(parent, f);
    top++;
    store<i32>(sCtx + (<usize>top << 2), c);
    store<f64>(sStart + (<usize>top << 3), timeNs);
    store<f64>(sChild + (<usize>top << 3), 0);
    store<f64>(sClosed + (<usize>top << 3), closedCalls);
    return true;
  }
  let d = top;
  while (d > 0 && load<i32>(pFn + (<usize>load<i32>(sCtx + (<usize>d << 2)) << 2)) != f) d--;
  if (d == 0) {
    unmatched(f); // no open call of f: the exit is dropped and counted
    return true;
  }
  // f is open further out: the calls opened inside it are closed first, all
  // here, so that a deep stack is walked once, not once per call closed.
  mismatch += top - d;
  while (top >= d) close(timeNs);
  return true;
}

/** Whether an entry at `depth` (−1: none recorded) would make step close open calls first. */
// @ts-ignore: decorator
@inline export function unwinds(depth: i32): bool {
  return depth >= 0 && top > depth && top > depth + (((top - depth) >> DEPTH_BITS) << DEPTH_BITS);
}

/** Closes the innermost call at timeNs: one invocation of its context. */
export function close(timeNs: f64): void {
  const c = load<i32>(sCtx + (<usize>top << 2));
  const recorded = timeNs - load<f64>(sStart + (<usize>top << 3));
  const childNs = load<f64>(sChild + (<usize>top << 3));
  const inside = closedCalls - load<f64>(sClosed + (<usize>top << 3));
  top--;
  fold(c, recorded, inside, childNs);
}

/** One invocation of c, a child of the innermost open call, `recorded` ns long, with `inside` calls
 * closed within it and `childNs` of its children's time: close's, and a leaf's without the stack
 * (consumeBatch: 0 and 0, the same arithmetic as a push and close). */
export function fold(c: i32, recorded: f64, inside: f64, childNs: f64): void {
  closedCalls += 1;
  // The time filter is uftrace's, on recorded time: the caller keeps a filtered call as self time.
  if (recorded < minDuration) return;
  const duration = recorded - toolCostInside - toolCost * inside;
  const w = load<i32>(pWatch + (<usize>c << 2));
  if (w >= 0) noteWatched(w, duration);
  countInvocation(c, duration, duration - childNs, pStats, pCov, pFirst, pNext, pPending, pCalls, pParent, pTouched);
  const sp = sChild + (<usize>top << 3);
  store<f64>(sp, load<f64>(sp) + duration);
}

/** The thread's time after an event at `at`: an event earlier than the one before it is a damaged
 * record, taken at the time before it, and counted (backwards). */
// @ts-ignore: decorator
@inline export function timeAfter(at: f64, last: f64): f64 {
  if (at < last) {
    backwards++;
    return last;
  }
  return at;
}

/** Siblings walked before the hash table is asked: most contexts have a few children, found at once. */
const WALK: i32 = 8;

/** The child of `parent` for function f, or −1. */
// @ts-ignore: decorator
@inline export function findChild(parent: i32, f: i32, fnP: usize, firstP: usize, nextP: usize): i32 {
  let c = load<i32>(firstP + (<usize>parent << 2));
  let walk = WALK;
  while (c != -1 && load<i32>(fnP + (<usize>c << 2)) != f) {
    if (--walk == 0) return hashedChild(parent, f);
    c = load<i32>(nextP + (<usize>c << 2));
  }
  return c;
}

// @ts-ignore: decorator
@inline function slotOf(parent: i32, f: i32): i32 {
  return <i32>((<u32>parent * 0x9e3779b1) ^ (<u32>f * 0x85ebca77)) & (hashCap - 1);
}

function hashedChild(parent: i32, f: i32): i32 {
  const mask = hashCap - 1;
  let h = slotOf(parent, f);
  let c = load<i32>(pHash + (<usize>h << 2));
  // Ends at the first empty slot: the table is never full.
  while (c != -1 && (load<i32>(pFn + (<usize>c << 2)) != f || load<i32>(pParent + (<usize>c << 2)) != parent)) {
    h = (h + 1) & mask;
    c = load<i32>(pHash + (<usize>h << 2));
  }
  return c;
}

function hashContext(c: i32): void {
  const mask = hashCap - 1;
  let h = slotOf(load<i32>(pParent + (<usize>c << 2)), load<i32>(pFn + (<usize>c << 2)));
  while (load<i32>(pHash + (<usize>h << 2)) != -1) h = (h + 1) & mask;
  store<i32>(pHash + (<usize>h << 2), c);
}

/** A table of `next` slots (a power of two) holding every context but the root. */
function growHash(next: i32): void {
  pHash = heap.alloc(<usize>next << 2);
  memory.fill(pHash, 0xff, <usize>next << 2);
  hashCap = next;
  for (let c = 1; c < size; c++) hashContext(c);
}

/** Folds one invocation of `c` into its statistics (Welford's N, mean and M2,
 * then min, max and totals), its child covariance, its parent's pending
 * time, and which of its children ran exactly once in it. Pointers are
 * arguments so a caller can hold them in locals. */
// @ts-ignore: decorator
@inline export function countInvocation(c: i32, duration: f64, self: f64, statsP: usize, covP: usize, firstP: usize, nextP: usize, pendingP: usize, callsP: usize, parentP: usize, touchedP: usize): void {
  const o = statsP + (<usize>c << 6);
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
  const acc = load<u32>(covP + (<usize>c << 2));
  if (acc != 0) commitCovariance(<usize>acc, self, load<i32>(firstP + (<usize>c << 2)), nextP, pendingP);
  const pp = pendingP + (<usize>c << 3);
  store<f64>(pp, load<f64>(pp) + duration);
  // Paper 000 §2.2 inlines a callee called exactly once per invocation with high probability:
  // count, per child, the invocations of c in which it ran exactly once. Only the children called
  // in this invocation are visited (they are linked as they are first called), so the cost is
  // that of the calls made, however many children c has.
  const head = touchedP + (<usize>c << 3);
  for (let ch = load<i32>(head); ch != -1; ch = load<i32>(touchedP + (<usize>ch << 3), 4)) {
    const cp = callsP + (<usize>ch << 2);
    if (load<i32>(cp) == 1) {
      const oo = statsP + (<usize>ch << 6);
      store<f64>(oo, load<f64>(oo, S_ONCE) + 1, S_ONCE);
    }
    store<i32>(cp, 0);
  }
  store<i32>(head, -1);
  const cc = callsP + (<usize>c << 2);
  const calls = load<i32>(cc);
  if (calls == 0) {
    // c's first call in its parent's running invocation: linked into the parent's list.
    const ph = touchedP + (<usize>load<i32>(parentP + (<usize>c << 2)) << 3);
    store<i32>(touchedP + (<usize>c << 3), load<i32>(ph), 4);
    store<i32>(ph, c);
  }
  store<i32>(cc, calls + 1);
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
  store<i32>(pCalls + at, 0);
  store<i32>(pTouched + (<usize>c << 3), -1);
  store<i32>(pLastChild + at, -1);
  const o = pStats + (<usize>c << 6);
  memory.fill(o, 0, STATS << 3);
  store<f64>(o, Infinity, S_MIN);
  store<f64>(o, -Infinity, S_MAX);
  store<f64>(pPending + (<usize>c << 3), 0);
  if (parent >= 0) {
    // Appending keeps siblings in creation order, which is covariance-dimension order.
    const pat = <usize>parent << 2;
    const count = load<i32>(pNChild + pat) + 1;
    store<i32>(pNChild + pat, count);
    const last = load<i32>(pLastChild + pat);
    if (last == -1) store<i32>(pFirst + pat, c);
    else store<i32>(pNext + (<usize>last << 2), c);
    store<i32>(pLastChild + pat, c);
    if (size << 1 > hashCap) growHash(hashCap << 1); // which puts c in too
    else hashContext(c);
    if (withCovariance && parent > 0) addCovarianceDimension(parent, count);
  }
  store<i32>(pWatch + at, watching && parent >= 0 ? created(c) : -1);
  return c;
}

/** Past maxChildren a context keeps no covariance, and is marked omitted. */
function addCovarianceDimension(parent: i32, count: i32): void {
  const at = <usize>parent << 2;
  if (count > maxChildren) {
    store<u32>(pCov + at, 0);
    store<i32>(pOmit + at, 1);
    return;
  }
  let acc = <usize>load<u32>(pCov + at);
  if (acc == 0) {
    const o = pStats + (<usize>parent << 6);
    acc = startCovariance(load<f64>(o, S_N), load<f64>(o, S_MEAN), load<f64>(o, S_M2));
  }
  store<u32>(pCov + at, <u32>addDimension(acc));
}

function growArray(old: usize, count: i32, bytesEach: i32): usize {
  const p = heap.alloc(<usize>(count * bytesEach));
  if (cap > 0) memory.copy(p, old, <usize>(cap * bytesEach));
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
  pCalls = growArray(pCalls, next, 4);
  pTouched = growArray(pTouched, next, 8);
  pLastChild = growArray(pLastChild, next, 4);
  cap = next;
}

export function growStack(next: i32): void {
  const ctx = heap.alloc(<usize>next << 2);
  const startNs = heap.alloc(<usize>next << 3);
  const child = heap.alloc(<usize>next << 3);
  const closedAt = heap.alloc(<usize>next << 3);
  if (stackCap > 0) {
    memory.copy(ctx, sCtx, <usize>stackCap << 2);
    memory.copy(startNs, sStart, <usize>stackCap << 3);
    memory.copy(child, sChild, <usize>stackCap << 3);
    memory.copy(closedAt, sClosed, <usize>stackCap << 3);
  }
  sCtx = ctx;
  sStart = startNs;
  sChild = child;
  sClosed = closedAt;
  stackCap = next;
}
