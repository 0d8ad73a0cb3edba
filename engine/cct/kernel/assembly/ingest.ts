// The ingestion kernel, in AssemblyScript, compiled to WebAssembly by
// build/scripts/build-kernel.mjs: the streaming CCT builder behind every
// reader, fed events in batches (consumeBatch) or, for uftrace, plain records
// as they lie in the file (consumeRecords, uftraceRecords.ts). Both end in
// thread.ts's statistics, so there is one builder. One instance serves every
// thread of a CctBuilder; memory comes from the runtime stub's bump allocator
// (it never frees; arrays grow by doubling, which bounds the waste).
import {
  close,
  enterThread,
  findChild,
  fold,
  lastTime,
  leaveThread,
  maxChildren,
  pFirst,
  pFn,
  pNext,
  sCtx,
  step,
  timeAfter,
  toolCost,
  toolCostInside,
  top,
  unwinds,
  watchDuration,
  watching,
  WATCH_EVENTS,
  watchPath,
  withCovariance,
} from "./thread";
import { initRecords } from "./uftraceRecords";
import { BATCH_EVENTS, ENTER, EXIT } from "./layout";

export { newThread, setMinDuration } from "./thread";
export { RECORD_BYTES, cacheReset, cacheSet, consumeRecords, recordsPtr } from "./uftraceRecords";
export {
  childCountPtr,
  contextCount,
  covariancePtr,
  covCap,
  covComomentPtr,
  covDims,
  covMeanPtr,
  covN,
  fnPtr,
  mismatches,
  backwardEvents,
  omittedPtr,
  parentPtr,
  runningFn,
  runningParent,
  statsPtr,
} from "./readout";

export { BATCH_EVENTS, ENTER, EXIT, STATS, S_INCL, S_M2, S_MAX, S_MEAN, S_MIN, S_N, S_ONCE, S_SELF } from "./layout";
let batchKind: usize = 0;
let batchFn: usize = 0;
let batchDepth: usize = 0;
let batchTime: usize = 0;

/** `toolCostNs`: the tracer's cost per recorded call taken out of every call's time, of which
 * `toolCostInsideNs` lies between the call's own records (thread.ts). */
export function init(
  maxCovarianceChildren: i32,
  covariance: i32,
  watch: i32,
  toolCostNs: f64,
  toolCostInsideNs: f64,
): void {
  maxChildren = maxCovarianceChildren;
  toolCost = toolCostNs;
  toolCostInside = toolCostInsideNs;
  withCovariance = covariance != 0;
  watching = watch != 0;
  batchKind = heap.alloc(BATCH_EVENTS);
  batchFn = heap.alloc(BATCH_EVENTS << 2);
  batchDepth = heap.alloc(BATCH_EVENTS << 2);
  batchTime = heap.alloc(BATCH_EVENTS << 3);
  if (watching) {
    watchPath = heap.alloc(WATCH_EVENTS << 2);
    watchDuration = heap.alloc(WATCH_EVENTS << 3);
  }
  initRecords();
}

export function batchKindPtr(): usize {
  return batchKind;
}
export function batchFnPtr(): usize {
  return batchFn;
}
export function batchDepthPtr(): usize {
  return batchDepth;
}
export function batchTimePtr(): usize {
  return batchTime;
}
export function watchPathPtr(): usize {
  return watchPath;
}
export function watchDurationPtr(): usize {
  return watchDuration;
}

/** The events batchKind/Fn/Depth/Time[0, n) of thread `t`. */
export function consumeBatch(t: usize, n: i32): void {
  enterThread(t);
  for (let i = 0; i < n; i++) {
    const at = <usize>i;
    const kind = <i32>load<u8>(batchKind + at);
    const f = load<i32>(batchFn + (at << 2));
    const depth = load<i32>(batchDepth + (at << 2));
    const time = timeAfter(load<f64>(batchTime + (at << 3)), lastTime);
    // A call whose exit is the next event (a leaf: most calls), of a context already made.
    if (
      kind == ENTER &&
      i + 1 < n &&
      load<u8>(batchKind + at + 1) == EXIT &&
      load<i32>(batchFn + ((at + 1) << 2)) == f &&
      !unwinds(depth)
    ) {
      const c = findChild(load<i32>(sCtx + ((<usize>top) << 2)), f, pFn, pFirst, pNext);
      if (c != -1) {
        const end = timeAfter(load<f64>(batchTime + ((at + 1) << 3)), time);
        fold(c, end - time, 0, 0);
        lastTime = end;
        i++;
        continue;
      }
    }
    while (!step(kind, f, depth, time)) {}
    lastTime = time;
  }
  leaveThread();
}

/** Closes the calls still open at the thread's last time; returns how many. */
export function closeOpen(t: usize): i32 {
  enterThread(t);
  const open = top;
  while (top > 0) close(lastTime);
  leaveThread();
  return open;
}
