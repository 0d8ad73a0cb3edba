// Names interned by their bytes as they stand in the file, so that an event
// whose name was seen before costs a comparison (four bytes at a time), and
// no string. The fast pass asks before it has even found the name's end:
// guess() takes the name's first eight bytes as they stand in the chunk, and
// a name seen there before is known by comparing its bytes and the closing
// quote after them, so a known name is read once, not scanned, hashed and
// compared. Otherwise find() answers: a small direct-mapped cache (by length
// and three bytes), then a hash table over all the bytes, so no choice of
// names makes lookups slow. Different spellings of one name (an escape, say)
// are different entries with equal strings; the sink's function table makes
// them one function.

const EMPTY = -1;
const CACHE_SLOTS = 4096;
const QUOTE = 0x22;
/** guess()'s cache: sets of two, by the first eight bytes; the newest name is kept first. */
const GUESS_SETS = 2048;
const GUESS_SHIFT = 32 - Math.log2(GUESS_SETS);

export class NameTable {
  /** Per entry: the decoded name, and a number the caller keeps with it (the sink's function id), −1 until set. */
  readonly strings: string[] = [];
  value = new Int32Array(256);
  private readonly cache = new Int32Array(CACHE_SLOTS).fill(EMPTY);
  private readonly guesses = new Int32Array(GUESS_SETS * 2).fill(EMPTY);
  private slots = new Int32Array(1024).fill(EMPTY);
  private hashes = new Int32Array(256);
  private starts = new Int32Array(256);
  private lengths = new Int32Array(256);
  /** Per entry of eight bytes or more: its first two words, as guess() reads them in the chunk. */
  private head0 = new Int32Array(256);
  private head1 = new Int32Array(256);
  private bytes = new Uint8Array(1 << 16);
  private view = new DataView(this.bytes.buffer);
  private used = 0;
  private pendingHash = 0;
  private pendingSlot = -1;
  private pendingCache = 0;

  /** The entry of the name whose raw bytes are raw[from, to) (rawView: the same bytes), or −1: then add() may follow with its string. */
  find(raw: Uint8Array, rawView: DataView<ArrayBufferLike>, from: number, to: number): number {
    const n = to - from;
    const c =
      n === 0
        ? n
        : (Math.imul(n, 0x9e3779b1) ^ (raw[from] << 4) ^ (raw[to - 1] << 9) ^ (raw[from + (n >> 1)] << 14)) &
          (CACHE_SLOTS - 1);
    const cached = this.cache[c];
    if (cached !== EMPTY && this.lengths[cached] === n && this.sameBytes(cached, raw, rawView, from, n)) return cached;
    let h = 0x811c9dc5; // FNV-1a
    for (let i = from; i < to; i++) h = Math.imul(h ^ raw[i], 0x01000193);
    const mask = this.slots.length - 1;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const e = this.slots[s];
      if (e === EMPTY) {
        this.pendingHash = h;
        this.pendingSlot = s;
        this.pendingCache = c;
        return -1;
      }
      if (this.hashes[e] === h && this.lengths[e] === n && this.sameBytes(e, raw, rawView, from, n)) {
        this.cache[c] = e;
        return e;
      }
    }
  }

  /**
   * The entry of the name whose text starts at c[s] (dv: the same bytes; s + 8 ≤ len), if it is one
   * remember() was told of: its bytes and then the closing quote. Else −1, and the caller finds the end.
   */
  guess(c: Uint8Array, dv: DataView<ArrayBufferLike>, s: number, len: number): number {
    const w0 = dv.getInt32(s, true);
    const w1 = dv.getInt32(s + 4, true);
    const set = guessSet(w0, w1);
    let e = this.guesses[set];
    if (e !== EMPTY && this.holdsAt(e, c, dv, s, len, w0, w1)) return e;
    e = this.guesses[set + 1];
    return e !== EMPTY && this.holdsAt(e, c, dv, s, len, w0, w1) ? e : EMPTY;
  }

  /** guess() is to answer entry e for a name whose first eight bytes in the chunk are w0, w1. */
  remember(w0: number, w1: number, e: number): void {
    const set = guessSet(w0, w1);
    if (this.guesses[set] === e) return;
    this.guesses[set + 1] = this.guesses[set];
    this.guesses[set] = e;
  }

  /** Entry e's bytes stand at c[s] (whose first two words are w0, w1), followed by a closing quote. */
  private holdsAt(
    e: number,
    c: Uint8Array,
    dv: DataView<ArrayBufferLike>,
    s: number,
    len: number,
    w0: number,
    w1: number,
  ): boolean {
    const n = this.lengths[e];
    if (s + n >= len || c[s + n] !== QUOTE) return false;
    const at = this.starts[e];
    if (n >= 8) {
      // Its first eight bytes are the words just read: the rest from there.
      if (this.head0[e] !== w0 || this.head1[e] !== w1) return false;
      const view = this.view;
      for (let i = 8; i + 4 < n; i += 4) if (view.getInt32(at + i, true) !== dv.getInt32(s + i, true)) return false;
      return view.getInt32(at + n - 4, true) === dv.getInt32(s + n - 4, true);
    }
    if (n < 4) {
      const bytes = this.bytes;
      for (let i = 0; i < n; i++) if (bytes[at + i] !== c[s + i]) return false;
      return true;
    }
    // Whole words, the last one overlapping the one before it.
    const view = this.view;
    for (let i = 0; i + 4 < n; i += 4) if (view.getInt32(at + i, true) !== dv.getInt32(s + i, true)) return false;
    return view.getInt32(at + n - 4, true) === dv.getInt32(s + n - 4, true);
  }

  /** The length of entry e's bytes as written (for a cut name, the first MAX_NAME_BYTES + 1). */
  lengthOf(e: number): number {
    return this.lengths[e];
  }

  /** Adds the name raw[from, to) that find() just did not find, decoded as `name`. */
  add(raw: Uint8Array, from: number, to: number, name: string): number {
    const n = to - from;
    const e = this.strings.length;
    if (e === this.hashes.length) this.growEntries();
    if (this.used + n > this.bytes.length) {
      this.bytes = grown(this.bytes, Math.max(this.bytes.length * 2, this.used + n));
      this.view = new DataView(this.bytes.buffer);
    }
    this.bytes.set(raw.subarray(from, to), this.used);
    this.starts[e] = this.used;
    this.lengths[e] = n;
    if (n >= 8) {
      this.head0[e] = this.view.getInt32(this.used, true);
      this.head1[e] = this.view.getInt32(this.used + 4, true);
    }
    this.hashes[e] = this.pendingHash;
    this.value[e] = -1;
    this.used += n;
    this.strings.push(name);
    this.slots[this.pendingSlot] = e;
    this.cache[this.pendingCache] = e;
    if ((e + 1) * 2 > this.slots.length) this.rehash();
    return e;
  }

  private sameBytes(e: number, raw: Uint8Array, rawView: DataView<ArrayBufferLike>, from: number, n: number): boolean {
    const view = this.view;
    const at = this.starts[e];
    let i = 0;
    for (; i + 4 <= n; i += 4) if (view.getInt32(at + i, true) !== rawView.getInt32(from + i, true)) return false;
    const bytes = this.bytes;
    for (; i < n; i++) if (bytes[at + i] !== raw[from + i]) return false;
    return true;
  }

  private growEntries(): void {
    const cap = this.hashes.length * 2;
    this.hashes = grown(this.hashes, cap);
    this.starts = grown(this.starts, cap);
    this.lengths = grown(this.lengths, cap);
    this.head0 = grown(this.head0, cap);
    this.head1 = grown(this.head1, cap);
    this.value = grown(this.value, cap);
  }

  /** Doubles the slots at half full, so probes stay short. */
  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2).fill(EMPTY);
    const mask = slots.length - 1;
    for (let e = 0; e < this.strings.length; e++) {
      let s = this.hashes[e] & mask;
      while (slots[s] !== EMPTY) s = (s + 1) & mask;
      slots[s] = e;
    }
    this.slots = slots;
  }
}

/** The first of guess()'s two slots for a name starting with the words w0, w1 (Fibonacci hashing). */
function guessSet(w0: number, w1: number): number {
  return (Math.imul(w0 ^ Math.imul(w1, 0x85ebca6b), 0x9e3779b1) >>> GUESS_SHIFT) << 1;
}

function grown<T extends Int32Array | Uint8Array>(a: T, length: number): T {
  const b = new (a.constructor as new (n: number) => T)(length);
  b.set(a);
  return b;
}
