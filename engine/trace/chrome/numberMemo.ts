// A layout member's last number, known again by its bytes: a tool writes the
// same pid and tid event after event, and timestamps that share their first
// digits with the one before, so comparing eight bytes with the last number's
// replaces the reading of pid and tid, and of a timestamp all but its last
// few digits. What eight equal bytes tell is exactly what reading them would:
// a number is read from its bytes alone, and ends at the first byte that
// cannot continue it. The layout readers (layoutReaders.ts) ask
// knownEnd() and timeTail(), small enough for V8 to inline (it would not
// inline a whole read), and readNew() when they do not answer.
import { continueNumber, digitsOf, nonDigits, number, readNumber, readTimeTail } from "./plainBytes.js";

const MINUS = 0x2d;
const ZERO = 0x30;
/** The bytes a number is known by: two words. */
const KEY_BYTES = 8;

export class NumberMemo {
  /** The key: the last number's first eight bytes as two little-endian words (as the chunk's DataView reads them). */
  private word0 = 0;
  private word1 = 0;
  /** The last number's length when it, and the byte after it, lie within the key, else −1. */
  private length = -1;
  /** The last number, as readNumber gave it. */
  value = 0;
  /** When the last number is longer and its key is eight whole digits (no sign, no leading zero), their value; else −1. */
  private prefix = -1;

  /** @param ns Whether the numbers are times, read as whole nanoseconds (readNumber's `ns`). */
  constructor(private readonly ns: boolean) {}

  /** Where the number at i ends if its first words w0, w1 are the last number's and hold it all (its value: `value`), else −1. */
  knownEnd(w0: number, w1: number, i: number): number {
    return w0 === this.word0 && w1 === this.word1 && this.length >= 0 ? i + this.length : -1;
  }

  /** readTimeTail of the time at c[i] if its first words w0, w1 are the last time's eight digits, else −1. */
  timeTail(c: Uint8Array, dv: DataView<ArrayBufferLike>, i: number, w0: number, w1: number): number {
    return w0 === this.word0 && w1 === this.word1 && this.prefix >= 0 ? readTimeTail(c, dv, i, this.prefix) : -1;
  }

  /** readNumber of the number at c[i] (with NUMBER_ROOM bytes of the chunk after it) whose first words are w0, w1. */
  readNew(c: Uint8Array, dv: DataView<ArrayBufferLike>, i: number, len: number, w0: number, w1: number): number {
    if (w0 === this.word0 && w1 === this.word1 && this.prefix >= 0) {
      const end = this.ns ? readTimeTail(c, dv, i, this.prefix) : -1;
      return end >= 0 ? end : continueNumber(c, dv, i, i + KEY_BYTES, this.prefix, KEY_BYTES, len, this.ns);
    }
    const end = readNumber(c, dv, i, len, this.ns);
    if (end < 0) return end;
    this.word0 = w0;
    this.word1 = w1;
    this.length = end - i < KEY_BYTES ? end - i : -1;
    this.value = number[0];
    const digits = c[i] !== MINUS && c[i] !== ZERO && this.length < 0 && (nonDigits(w0) | nonDigits(w1)) === 0;
    this.prefix = digits ? digitsOf(w0, 4) * 10000 + digitsOf(w1, 4) : -1;
    return end;
  }
}
