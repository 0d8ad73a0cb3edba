// Streaming CCT construction for one thread: a stack of open calls over typed
// arrays. Each exit folds one invocation into its context's statistics and its
// cumulative time into the parent's running covariance vector (paper 000 §2).
// A context appears at most once on a stack (a chain cannot contain itself),
// so the per-context `pending` vector needs no per-frame copy.
import { ContextTable } from "./contextTable.js";

export interface UnbalancedCounts {
  /** Exits with no matching open call, by function id. */
  readonly unmatchedExits: Map<number, number>;
  /** Open calls closed because an exit of a deeper-open caller skipped them. */
  closedOnMismatch: number;
  /** Open calls closed at the thread's last time. */
  closedAtEnd: number;
}

export class ThreadBuilder {
  readonly table: ContextTable;
  readonly unbalanced: UnbalancedCounts = { unmatchedExits: new Map(), closedOnMismatch: 0, closedAtEnd: 0 };
  lastTimeNs = 0;
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

  enter(fn: number, timeNs: number): void {
    const d = this.depth;
    if (d + 1 === this.ctx.length) this.growStack();
    const c = this.table.child(this.ctx[d], fn);
    this.depth = d + 1;
    this.ctx[d + 1] = c;
    this.start[d + 1] = timeNs;
    this.childSum[d + 1] = 0;
    this.lastTimeNs = timeNs;
  }

  exit(fn: number, timeNs: number): void {
    this.lastTimeNs = timeNs;
    const table = this.table;
    if (this.depth > 0 && table.fn[this.ctx[this.depth]] === fn) {
      this.close(timeNs);
      return;
    }
    let d = this.depth - 1;
    while (d > 0 && table.fn[this.ctx[d]] !== fn) d--;
    if (d <= 0) {
      const m = this.unbalanced.unmatchedExits;
      m.set(fn, (m.get(fn) ?? 0) + 1);
      return;
    }
    while (this.depth > d) {
      this.close(timeNs);
      this.unbalanced.closedOnMismatch++;
    }
    this.close(timeNs);
  }

  get openCalls(): number {
    return this.depth;
  }

  /** Closes open calls deeper than `depth`, as if their exits had been seen now. */
  unwindTo(depth: number, timeNs: number): void {
    while (this.depth > depth) {
      this.close(timeNs);
      this.unbalanced.closedOnMismatch++;
    }
  }

  /** Closes calls still open at the end of the stream at the last time seen. */
  finish(): ContextTable {
    while (this.depth > 0) {
      this.close(this.lastTimeNs);
      this.unbalanced.closedAtEnd++;
    }
    return this.table;
  }

  private close(timeNs: number): void {
    const d = this.depth;
    const table = this.table;
    const c = this.ctx[d];
    const duration = timeNs - this.start[d];
    this.depth = d - 1;
    if (duration < this.minDurationNs) return; // time filter: the caller keeps it as self time
    const self = duration - this.childSum[d];
    table.record(c, duration, self);
    const acc = table.cov[c];
    if (acc !== null) acc.commit(self);
    this.childSum[d - 1] += duration;
    const parentAcc = table.cov[table.parent[c]];
    if (parentAcc !== null) parentAcc.pending[table.slot[c]] += duration;
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
