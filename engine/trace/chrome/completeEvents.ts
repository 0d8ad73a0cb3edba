// X (complete) events of one thread, kept in typed arrays until the stream
// ends, then turned into properly nested entries and exits: sorted by start,
// the longer first on equal starts, and closed by a stack of end times.

/** Where the nested calls go (a thread's events, threadEvents.ts). */
export interface CallSink {
  enter(fn: number, timeNs: number): void;
  exit(fn: number, timeNs: number): void;
}

export class CompleteEvents {
  size = 0;
  private start = new Float64Array(64);
  private duration = new Float64Array(64);
  private fn = new Int32Array(64);

  add(startNs: number, durationNs: number, fn: number): void {
    if (this.size === this.start.length) this.grow();
    this.start[this.size] = startNs;
    this.duration[this.size] = durationNs;
    this.fn[this.size] = fn;
    this.size++;
  }

  /** Emits the calls nested; returns how many were cut at the end of the call they start in. */
  emit(batch: CallSink): number {
    // Indices in a typed array: half the memory of an array of numbers, for millions of events.
    const order = new Uint32Array(this.size);
    for (let i = 0; i < order.length; i++) order[i] = i;
    order.sort((a, b) => this.start[a] - this.start[b] || this.duration[b] - this.duration[a] || a - b);
    const endStack: number[] = [];
    const fnStack: number[] = [];
    let cut = 0;
    for (const i of order) {
      const s = this.start[i];
      while (endStack.length > 0 && endStack[endStack.length - 1] <= s) {
        batch.exit(fnStack.pop() as number, endStack.pop() as number);
      }
      // A child that outlives its parent (bad input) is cut at the parent's end.
      const parentEnd = endStack.length > 0 ? endStack[endStack.length - 1] : Infinity;
      batch.enter(this.fn[i], s);
      const end = s + this.duration[i];
      if (end > parentEnd) cut++;
      endStack.push(Math.min(end, parentEnd));
      fnStack.push(this.fn[i]);
    }
    while (endStack.length > 0) batch.exit(fnStack.pop() as number, endStack.pop() as number);
    return cut;
  }

  private grow(): void {
    const cap = this.start.length * 2;
    const start = new Float64Array(cap);
    start.set(this.start);
    const duration = new Float64Array(cap);
    duration.set(this.duration);
    const fn = new Int32Array(cap);
    fn.set(this.fn);
    this.start = start;
    this.duration = duration;
    this.fn = fn;
  }
}
