// The calls of one thread still open, as a text-based reader (Chrome B/E,
// varbench-events B/E) tracks them, so that an end event knows whether its
// call is open at all and what it closes, and one without a name closes the
// innermost. Asking must
// not cost the depth: a million unmatched B events followed by E events of
// other names would take 10¹² steps. The top WINDOW calls are searched; below
// them a count per function answers, kept up to date only while the stack is
// deeper than WINDOW, so ordinary traces never touch the map.

/** Calls searched at the top: deeper than any ordinary trace. */
const WINDOW = 256;

export class OpenStack {
  length = 0;
  private fns = new Int32Array(64);
  /** How often each function is open below the top WINDOW calls. */
  private readonly below = new Map<number, number>();

  /** The innermost open function, or −1. */
  top(): number {
    return this.length > 0 ? this.fns[this.length - 1] : -1;
  }

  push(fn: number): void {
    // The common case alone, small enough for V8 to inline into the reader.
    if (this.length < WINDOW && this.length < this.fns.length) this.fns[this.length++] = fn;
    else this.pushDeep(fn);
  }

  private pushDeep(fn: number): void {
    if (this.length === this.fns.length) {
      const fns = new Int32Array(this.length * 2);
      fns.set(this.fns);
      this.fns = fns;
    }
    this.fns[this.length++] = fn;
    if (this.length > WINDOW) this.count(this.fns[this.length - 1 - WINDOW], 1);
  }

  has(fn: number): boolean {
    const fns = this.fns;
    const low = Math.max(0, this.length - WINDOW);
    for (let i = this.length - 1; i >= low; i--) if (fns[i] === fn) return true;
    return low > 0 && (this.below.get(fn) ?? 0) > 0;
  }

  /** Closes the innermost open call of fn (which has() said is open) and every call opened inside it. */
  closeTo(fn: number): void {
    while (this.length > 0 && this.pop() !== fn);
  }

  /** Closes the innermost open call and returns its function (the stack must not be empty). */
  pop(): number {
    const f = this.fns[--this.length];
    if (this.length >= WINDOW) this.count(this.fns[this.length - WINDOW], -1);
    return f;
  }

  private count(fn: number, by: number): void {
    this.below.set(fn, (this.below.get(fn) ?? 0) + by);
  }
}
