// Streaming CCT construction for one thread: a stack of open calls over typed
// arrays. Each exit folds one invocation into its context's statistics and its
// cumulative time into the parent's running covariance vector (paper 000 §2).
// A context appears at most once on a stack (a chain cannot contain itself),
// so its time within the parent's running invocation is one slot per context
// (ContextTable.childPending), with no per-frame copy. Times are read
// from the batch by index and never passed as arguments (see eventBatch.ts).
import { ContextTable, INCL, M2, MAX, MEAN, MIN, N, SELF, STATS_STRIDE } from "./contextTable.js";
import { ENTER, type EventBatch } from "../trace/eventBatch.js";
import type { ThreadSink } from "../trace/eventBatch.js";

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
    const { kind, fn, depth, timeNs, count } = batch;
    // The common cases (an entry into a known context, the exit of the
    // innermost call) run on locals; rare ones (a new context, a deeper stack,
    // an unbalanced stream) go through the methods below, then the locals are
    // reloaded.
    const table = this.table;
    let ctxFn = table.fn;
    let firstChild = table.firstChild;
    let nextSibling = table.nextSibling;
    let ctx = this.ctx;
    let start = this.start;
    let childSum = this.childSum;
    let top = this.depth;
    for (let i = 0; i < count; i++) {
      const f = fn[i];
      if (kind[i] === ENTER) {
        const d = depth[i];
        if ((d >= 0 && top > d) || top + 1 === ctx.length) {
          this.depth = top;
          if (d >= 0 && top > d) this.unwind(d, timeNs, i);
          if (this.depth + 1 === this.ctx.length) this.growStack();
          top = this.depth;
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
        }
        top++;
        ctx[top] = c;
        start[top] = timeNs[i];
        childSum[top] = 0;
        continue;
      }
      if (top === 0 || ctxFn[ctx[top]] !== f) {
        this.depth = top;
        this.exitUnbalanced(f, timeNs, i);
        top = this.depth;
        continue;
      }
      this.depth = top;
      this.close(timeNs, i);
      top--;
    }
    this.depth = top;
    this.events += count;
    if (count > 0) this.last[0] = timeNs[count - 1];
  }

  /** Closes calls still open at the end of the stream at the last time seen. */
  finish(): ContextTable {
    while (this.depth > 0) {
      this.close(this.last, 0);
      this.unbalanced.closedAtEnd++;
    }
    return this.table;
  }

  /** An exit that is not of the innermost call: close the calls it skips
   * over, or drop it when no open call matches. */
  private exitUnbalanced(fn: number, times: Float64Array, i: number): void {
    const table = this.table;
    let d = this.depth - 1;
    while (d > 0 && table.fn[this.ctx[d]] !== fn) d--;
    if (d <= 0) {
      const m = this.unbalanced.unmatchedExits;
      m.set(fn, (m.get(fn) ?? 0) + 1);
      return;
    }
    this.unwind(d, times, i);
    this.close(times, i);
  }

  /** Closes open calls deeper than `depth`, as if their exits were at times[i]. */
  private unwind(depth: number, times: Float64Array, i: number): void {
    while (this.depth > depth) {
      this.close(times, i);
      this.unbalanced.closedOnMismatch++;
    }
  }

  private close(times: Float64Array, i: number): void {
    const d = this.depth;
    const table = this.table;
    const c = this.ctx[d];
    const duration = times[i] - this.start[d];
    this.depth = d - 1;
    if (duration < this.minDurationNs) return; // time filter: the caller keeps it as self time
    const self = duration - this.childSum[d];
    // Welford update of the context's statistics, inline (see ContextTable.stats).
    const s = table.stats;
    const o = c * STATS_STRIDE;
    const n1 = ++s[o + N];
    const dm = duration - s[o + MEAN];
    const mean = s[o + MEAN] + dm / n1;
    s[o + MEAN] = mean;
    s[o + M2] += dm * (duration - mean);
    if (duration < s[o + MIN]) s[o + MIN] = duration;
    if (duration > s[o + MAX]) s[o + MAX] = duration;
    s[o + INCL] += duration;
    s[o + SELF] += self;
    const acc = table.cov[c];
    if (acc !== null) {
      acc.values[0] = self;
      table.commitCovariance(c, acc);
    }
    this.childSum[d - 1] += duration;
    table.childPending[c] += duration;
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
