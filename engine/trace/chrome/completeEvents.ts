// Calls of one thread whose start and end are both known (X events, and on a
// thread that mixes kinds its B/E calls too: mixedCalls.ts), kept in typed
// arrays until the stream ends, then turned into properly nested entries and
// exits: sorted by start, the longer first on equal starts, then in the order
// they began, and closed by a stack of end times.

/** Where the nested calls go (a thread's events, threadEvents.ts). */
export interface CallSink {
  enter(fn: number, timeNs: number): void;
  exit(fn: number, timeNs: number): void;
}

/** Calls already entered into the sink that hold every call here: their exits, innermost first, in time order. */
export interface OuterExits {
  readonly fn: readonly number[];
  readonly ns: readonly number[];
}

const NO_OUTER: OuterExits = { fn: [], ns: [] };

export class CompleteEvents {
  size = 0;
  /** The latest end of a call added. */
  lastEnd = -Infinity;
  private start = new Float64Array(64);
  private duration = new Float64Array(64);
  private fn = new Int32Array(64);
  /** When each call began among the thread's events: the last tie-break of the order. */
  private began = new Float64Array(64);

  /** `began`: the call's place among the thread's beginnings (by default, the order of add()). */
  add(startNs: number, durationNs: number, fn: number, began = this.size): void {
    if (this.size === this.start.length) this.grow();
    this.start[this.size] = startNs;
    this.duration[this.size] = durationNs;
    this.fn[this.size] = fn;
    this.began[this.size] = began;
    this.size++;
    if (startNs + durationNs > this.lastEnd) this.lastEnd = startNs + durationNs;
  }

  /**
   * Emits the calls nested, each outer call's exit in its place among them; returns how many were
   * cut at the end of the call they start in (overlapping, not nested: bad input).
   */
  emit(batch: CallSink, outer: OuterExits = NO_OUTER): number {
    // Indices in a typed array: half the memory of an array of numbers, for millions of events.
    const order = new Uint32Array(this.size);
    for (let i = 0; i < order.length; i++) order[i] = i;
    const { start, duration, began } = this;
    order.sort((a, b) => start[a] - start[b] || duration[b] - duration[a] || began[a] - began[b]);
    const endStack: number[] = [];
    const fnStack: number[] = [];
    let next = 0; // the next outer call to end
    // Exits of the calls, here and outer, that end by s; an outer call ends only once no call here is open.
    const closeBy = (s: number) => {
      for (;;) {
        if (endStack.length > 0) {
          if (endStack[endStack.length - 1] > s) return;
          batch.exit(fnStack.pop() as number, endStack.pop() as number);
        } else if (next < outer.ns.length && outer.ns[next] <= s) {
          batch.exit(outer.fn[next], outer.ns[next]);
          next++;
        } else return;
      }
    };
    let cut = 0;
    for (const i of order) {
      const s = start[i];
      closeBy(s);
      const parentEnd =
        endStack.length > 0 ? endStack[endStack.length - 1] : next < outer.ns.length ? outer.ns[next] : Infinity;
      batch.enter(this.fn[i], s);
      const end = s + duration[i];
      if (end > parentEnd) cut++;
      endStack.push(Math.min(end, parentEnd));
      fnStack.push(this.fn[i]);
    }
    closeBy(Infinity);
    return cut;
  }

  private grow(): void {
    const cap = this.start.length * 2;
    this.start = grown(this.start, cap);
    this.duration = grown(this.duration, cap);
    this.fn = grown(this.fn, cap);
    this.began = grown(this.began, cap);
  }
}

function grown<T extends Float64Array | Int32Array>(a: T, length: number): T {
  const b = new (a.constructor as new (n: number) => T)(length);
  b.set(a);
  return b;
}
