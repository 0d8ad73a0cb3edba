// A JSON number read resumably (the resumable parser's, eventParser.ts): its
// grammar checked byte by byte across chunks (RFC 8259 §6: -? (0 | [1-9][0-9]*)
// (. [0-9]+)? ([eE] [+-]? [0-9]+)?), its text kept when its value is wanted.
import { parseJsonNumber } from "./jsonText.js";
import { exactNanoseconds, setExactTime } from "./exactTime.js";
import type { ChromeEvent } from "./chromeEvent.js";

/** Longest number read for ts, dur, pid or tid: no timestamp needs more. */
const MAX_NUMBER_CHARS = 1024;

const START = 0;
const MINUS_SEEN = 1;
const ZERO_WHOLE = 2;
const WHOLE = 3;
const DOT = 4;
const FRACTION = 5;
const E_SEEN = 6;
const E_SIGN = 7;
const EXPONENT = 8;

/** read() found what JSON does not allow: where, and what. */
export const NUMBER_ERROR = -2;

export class NumberText {
  errorAt = 0;
  error = "";
  private readonly text = new Uint8Array(MAX_NUMBER_CHARS);
  private length = 0;
  private state = START;
  private keep = false;

  /** A number starts at the next byte read; `keep` its text for value(). */
  begin(keep: boolean): void {
    this.state = START;
    this.length = 0;
    this.keep = keep;
  }

  /** Reads on from chunk[i]: the position after the number, −1 if the chunk ended first, or NUMBER_ERROR. */
  read(chunk: Uint8Array, i: number, len: number): number {
    let state = this.state;
    for (; i < len; i++) {
      const b = chunk[i];
      if (b >= 0x30 && b <= 0x39) {
        if (state === ZERO_WHOLE) return this.fail(i, "a number with a leading zero");
        state =
          state === START || state === MINUS_SEEN
            ? b === 0x30
              ? ZERO_WHOLE
              : WHOLE
            : state === DOT
              ? FRACTION
              : state === E_SEEN || state === E_SIGN
                ? EXPONENT
                : state;
      } else if (b === 0x2e && (state === ZERO_WHOLE || state === WHOLE)) state = DOT;
      else if ((b | 0x20) === 0x65 && (state === ZERO_WHOLE || state === WHOLE || state === FRACTION)) state = E_SEEN;
      else if ((b === 0x2b || b === 0x2d) && state === E_SEEN) state = E_SIGN;
      else if (b === 0x2d && state === START) state = MINUS_SEEN;
      else {
        if (state !== ZERO_WHOLE && state !== WHOLE && state !== FRACTION && state !== EXPONENT)
          return this.fail(i, "a number that stops short");
        this.state = state;
        return i;
      }
      if (this.keep) {
        if (this.length === MAX_NUMBER_CHARS)
          return this.fail(i, `a number of more than ${MAX_NUMBER_CHARS} characters`);
        this.text[this.length++] = b;
      }
    }
    this.state = state;
    return -1;
  }

  /** The number read (kept) as a time in exact whole nanoseconds where a double read would not give them (exactTime.ts), else NaN. */
  exactNanoseconds(): number {
    return exactNanoseconds(this.text, 0, this.length);
  }

  /** Sets e's exact time from the number read (kept), as exactTime.ts reads a ts past 2^53 ns. */
  setExactTime(e: ChromeEvent): void {
    setExactTime(e, this.text, 0, this.length);
  }

  /** The double JSON.parse gives for the number read (kept). */
  value(): number {
    return parseJsonNumber(this.text, 0, this.length);
  }

  private fail(i: number, what: string): number {
    this.errorAt = i;
    this.error = what;
    return NUMBER_ERROR;
  }
}
