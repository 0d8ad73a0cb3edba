// Times read exactly where doubles cannot hold them. A ts is microseconds;
// the reader wants whole nanoseconds. Read as a double and multiplied by
// 1000, a time is rounded twice once it has more than 15 digits: from 2^50 ns
// (13 days of a monotonic clock) it can be 1 ns off, and past 2^53 ns
// (microseconds since 1970, as PyTorch's profiler writes them: "ts":
// 1692906291482117.250, 1.7e18 ns) neighbouring doubles lie 256 ns apart. So
// a time of that many digits is read from its text as whole microseconds and
// nanoseconds apart, each exact: below 2^53 ns joined into one exact number,
// past it kept apart on the event (ChromeEvent.tsWholeUs), and a time's
// distance from the trace's first worked out from the parts
// (readChromeTrace.ts), exact for traces up to 104 days long.
import type { ChromeEvent } from "./chromeEvent.js";

const MINUS = 0x2d;
const DOT = 0x2e;
const ZERO = 0x30;

/** Times of this magnitude or more are kept apart on the event: not every nanosecond there is a double. */
export const EXACT_NS_LIMIT = Number.MAX_SAFE_INTEGER;

/** What splitTime read: whole microseconds and nanoseconds, of the number's sign. */
const parts = new Float64Array(2);

/**
 * The ts text c[from, to) — `-?digits(.digits)?`, below 2^53 whole microseconds — as whole microseconds
 * (parts[0]) and nanoseconds (parts[1]), the nanoseconds rounded half up at the fourth fraction digit, as
 * a double read would be rounded to whole nanoseconds. False for any other form (an exponent).
 */
function splitTime(c: Uint8Array, from: number, to: number): boolean {
  const negative = c[from] === MINUS;
  let i = negative ? from + 1 : from;
  let whole = 0;
  const first = i;
  for (; i < to && c[i] >= ZERO && c[i] <= ZERO + 9 && whole <= Number.MAX_SAFE_INTEGER; i++)
    whole = whole * 10 + (c[i] - ZERO);
  if (i === first || whole > Number.MAX_SAFE_INTEGER) return false; // past 2^53 µs even the microseconds are not exact
  let fraction = 0;
  if (i < to && c[i] === DOT) {
    let k = 0;
    for (i++; i < to && c[i] >= ZERO && c[i] <= ZERO + 9; i++, k++) {
      if (k < 3) fraction = fraction * 10 + (c[i] - ZERO);
      else if (k === 3 && c[i] >= ZERO + 5) fraction++;
    }
    if (k < 3) fraction *= 10 ** (3 - k);
  }
  if (i !== to) return false; // an exponent: the double's nanoseconds are what there is
  parts[0] = negative ? -whole : whole;
  parts[1] = negative ? -fraction : fraction;
  return true;
}

/** Digits up to which a double read and multiplied by 1000 is exact (plainBytes.ts reads those itself). */
const DOUBLE_DIGITS = 15;

/** The ts text c[from, to) as whole nanoseconds when it has more than 15 digits, a plain form and a value
 * below 2^53 ns; else NaN (a double read gives them exactly, or cannot hold them). */
export function exactNanoseconds(c: Uint8Array, from: number, to: number): number {
  let digits = 0;
  for (let i = from; i < to; i++) if (c[i] >= ZERO && c[i] <= ZERO + 9) digits++;
  if (digits <= DOUBLE_DIGITS || !splitTime(c, from, to)) return NaN;
  const ns = parts[0] * 1000 + parts[1];
  return Math.abs(ns) <= Number.MAX_SAFE_INTEGER ? ns : NaN;
}

/** Sets e's time past 2^53 ns apart (tsWholeUs, tsFractionNs) from its text c[from, to), if plain. */
export function setExactTime(e: ChromeEvent, c: Uint8Array, from: number, to: number): void {
  if (!splitTime(c, from, to)) return;
  e.tsWholeUs = parts[0];
  e.tsFractionNs = parts[1];
}
