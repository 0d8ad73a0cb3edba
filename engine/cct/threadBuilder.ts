// Streaming CCT construction for one thread: a stack of open calls over typed
// arrays. Each exit folds one invocation into its context's statistics and its
// cumulative time into the parent's running covariance vector (paper 000 §2).
// A context appears at most once on a stack (a chain cannot contain itself),
// so its time within the parent's running invocation is one slot per context
// (ContextTable.childPending), with no per-frame copy. Times are read
// from the batch by index and never passed as arguments (see eventBatch.ts).
import { ContextTable, INCL, M2, MAX, MEAN, MIN, N, SELF, STATS_STRIDE } from "./contextTable.js";
import { ENTER, EXIT, type EventBatch, type ThreadSink } from "../trace/eventBatch.js";

export interface UnbalancedCounts {
  /** Exits with no matching open call, by function id. */
  readonly unmatchedExits: Map<number, number>;
  /** Open calls closed because an exit of a caller, or a shallower entry, skipped them. */
  closedOnMismatch: number;
  /** Open calls closed at the thread's last time. */
  closedAtEnd: number;
}

export class ThreadBuilder implements ThreadSink {
  readonly table: ContextTable;
  readonly unbalanced: UnbalancedCounts = { unmatchedExits: new Map(), closedOnMismatch: 0, closedAtEnd: 0 };
  events = 0;
  private readonly last = new Float64Array(1);
  private depth = 0;
  private ctx = new Int32Array(1024);
  private start = new Float64Array(1024);
  private childSum = new Float64Array(1024);
  /** Call chains (function ids from the thread root) whose every invocation
   * is handed to `onWatched` with its duration: for a context's distribution,
   * or the confirmation pass of paper 000 §2.2. None by default. */
  watchPaths: readonly Int32Array[] = [];
  onWatched: (path: number, durationNs: number) => void = () => {};
  /** Per context: the index of the watched chain it is, or −1. */
  private watchOf = new Int32Array(256).fill(-1);

  constructor(
    maxChildren: number,
    withCovariance: boolean,
    /** Calls shorter than this count as their caller's self time (uftrace `-t`). */
    public minDurationNs = 0,
  ) {
    this.table = new ContextTable(maxChildren, withCovariance);
    this.ctx[0] = 0;
  }

  consume(batch: EventBatch): void {
    this.run(batch.kind, batch.fn, batch.depth, batch.timeNs, batch.count);
    this.events += batch.count;
    if (batch.count > 0) this.last[0] = batch.timeNs[batch.count - 1];
  }

  /** Closes calls still open at the end of the stream at the last time seen. */
  finish(): ContextTable {
    const open = this.depth;
    if (open > 0) {
      // The same loop as every event: an exit of each open call, innermost first.
      const fns = Int32Array.from({ length: open }, (_, k) => this.table.fn[this.ctx[open - k]]);
      this.run(new Uint8Array(open).fill(EXIT), fns, new Int32Array(open).fill(-1), new Float64Array(open).fill(this.last[0]), open);
      this.unbalanced.closedAtEnd += open;
    }
    return this.table;
  }

  /** The one loop every event goes through, with the state in locals. An
   * event that needs open calls closed first (an exit of an outer call, an
   * entry at a shallower recorded depth) closes the innermost one and is
   * looked at again, so closing a call is written once, below. */
  private run(kind: Uint8Array, fn: Int32Array, depth: Int32Array, timeNs: Float64Array, count: number): void {
    const table = this.table;
    const cov = table.cov;
    const unbalanced = this.unbalanced;
    const minDuration = this.minDurationNs;
    let ctxFn = table.fn;
    let firstChild = table.firstChild;
    let nextSibling = table.nextSibling;
    let stats = table.stats;
    let pending = table.childPending;
    let ctx = this.ctx;
    let start = this.start;
    let childSum = this.childSum;
    let top = this.depth;
    let watchOf = this.watchOf;
    let i = 0;
    while (i < count) {
      const f = fn[i];
      let advance = 0; // 1 when the close below consumes event i
      if (kind[i] === ENTER) {
        const d = depth[i];
        if (d >= 0 && top > d) {
          unbalanced.closedOnMismatch++; // close the innermost call, then this entry again
        } else {
          if (top + 1 === ctx.length) {
            this.growStack();
            ctx = this.ctx;
            start = this.start;
            childSum = this.childSum;
          }
          const parent = ctx[top];
          let c = firstChild[parent];
          while (c !== -1 && ctxFn[c] !== f) c = nextSibling[c];
          if (c === -1) {
            c = table.child(parent, f);
            ctxFn = table.fn;
            firstChild = table.firstChild;
            nextSibling = table.nextSibling;
            stats = table.stats;
            pending = table.childPending;
            if (c >= watchOf.length || this.watchPaths.length > 0) watchOf = this.watchNew(c);
          }
          top++;
          ctx[top] = c;
          start[top] = timeNs[i];
          childSum[top] = 0;
          i++;
          continue;
        }
      } else if (top === 0 || ctxFn[ctx[top]] !== f) {
        let d = top - 1;
        while (d > 0 && ctxFn[ctx[d]] !== f) d--;
        if (d <= 0) {
          // No open call of f: the exit is dropped and counted.
          unbalanced.unmatchedExits.set(f, (unbalanced.unmatchedExits.get(f) ?? 0) + 1);
          i++;
          continue;
        }
        unbalanced.closedOnMismatch++; // f is open further out: close the innermost call first
      } else {
        advance = 1; // the exit of the innermost call
      }
      // Close the innermost call at this event's time: one invocation of context c.
      const c = ctx[top];
      const duration = timeNs[i] - start[top];
      top--;
      i += advance;
      if (duration < minDuration) continue; // time filter: the caller keeps it as self time
      const self = duration - childSum[top + 1];
      const watched = watchOf[c];
      if (watched >= 0) this.onWatched(watched, duration);
      // Welford update of N, mean and M2, then min, max and totals (ContextTable.stats).
      const o = c * STATS_STRIDE;
      const n1 = ++stats[o + N];
      const dm = duration - stats[o + MEAN];
      const mean = stats[o + MEAN] + dm / n1;
      stats[o + MEAN] = mean;
      stats[o + M2] += dm * (duration - mean);
      if (duration < stats[o + MIN]) stats[o + MIN] = duration;
      if (duration > stats[o + MAX]) stats[o + MAX] = duration;
      stats[o + INCL] += duration;
      stats[o + SELF] += self;
      const acc = cov[c];
      if (acc !== null) {
        acc.values[0] = self;
        table.commitCovariance(c, acc);
      }
      childSum[top] += duration;
      pending[c] += duration;
    }
    this.depth = top;
  }

  /** Sizes the watch column for the new context `c`, and marks it when its chain is watched. */
  private watchNew(c: number): Int32Array<ArrayBuffer> {
    if (c >= this.watchOf.length) {
      const next = new Int32Array(this.watchOf.length * 2).fill(-1);
      next.set(this.watchOf);
      this.watchOf = next;
    }
    const k = this.watchPaths.findIndex((p) => this.table.hasPath(c, p));
    this.watchOf[c] = k;
    return this.watchOf;
  }

  private growStack(): void {
    const cap = this.ctx.length * 2;
    const ctx = new Int32Array(cap);
    ctx.set(this.ctx);
    const start = new Float64Array(cap);
    start.set(this.start);
    const childSum = new Float64Array(cap);
    childSum.set(this.childSum);
    this.ctx = ctx;
    this.start = start;
    this.childSum = childSum;
  }
}
