// Byte-level pieces of the fast event readers (plainEvent.ts, layoutReaders.ts):
// member names known by four bytes at once, strings scanned
// four bytes at a time, numbers read four digits at a time to the double
// JSON.parse gives (and, for times, straight to the whole nanoseconds the
// reader rounds them to). Each answers −1 for what it does not take, and the
// event goes to EventParser.
import { parseJsonNumber } from "./jsonText.js";
import { exactNanoseconds } from "./exactTime.js";
import { plainStringTable } from "./jsonBytes.js";

const QUOTE = 0x22;
const MINUS = 0x2d;
const ZERO = 0x30;
const DOT = 0x2e;
const PLAIN = plainStringTable();

/** Four bytes as a little-endian int32, as DataView.getInt32(i, true) reads them. */
export const word = (s: string) => [...s].reduceRight((v, c) => (v << 8) | c.charCodeAt(0), 0);
export const W_PH = word('"ph"');
export const W_TS = word('"ts"');
export const W_PID = word('"pid');
export const W_TID = word('"tid');
export const W_DUR = word('"dur');
export const W_NAM = word('"nam');
export const W_ARG = word('"arg');

const ONES = 0x01010101;
const HIGHS = 0x80808080 | 0;
const QUOTES = 0x22222222;
const BACKSLASHES = 0x5c5c5c5c;
const SPACES = 0x20202020;

/** Some byte of w is '"', '\' or below 0x20 (the classic zero-byte tests: exact as to whether, not where). */
function special(w: number): boolean {
  const q = w ^ QUOTES;
  const b = w ^ BACKSLASHES;
  return (((q - ONES) & ~q) | ((b - ONES) & ~b) | ((w - SPACES) & ~w)) & HIGHS ? true : false;
}

/** The closing quote of the string whose text starts at c[i], or −1 (an escape, a control character, the chunk's end). */
export function stringEnd(c: Uint8Array, dv: DataView<ArrayBufferLike>, i: number, len: number): number {
  while (i + 4 <= len && !special(dv.getInt32(i, true))) i += 4;
  while (i < len && PLAIN[c[i]] === 1) i++;
  return i < len && c[i] === QUOTE ? i : -1;
}

// 10^0 … 10^22: every one exact in a double (Clinger's fast path, "How to read floating point numbers
// accurately", PLDI 1990, §2).
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, k) => 10 ** k);
/** 10^0 … 10^4 as int32s, for the digits gathered in an int32. */
const INT_POWERS_OF_TEN = Int32Array.from({ length: 5 }, (_, k) => 10 ** k);
/** Digits whose integer is exact in a double (below 2⁵³), so one division gives JSON.parse's double. */
const EXACT_DIGITS = 15;
/** Digits gathered in an int32 before they are moved into the double: 10⁸ < 2³¹. */
const INT_DIGITS = 8;
/** Room a number is read in without bounds checks (a longer one runs off and is left to EventParser). */
export const NUMBER_ROOM = 64;
/** Below this, whole nanoseconds n are exactly what Math.round(x · 1000) gives for JSON.parse's double x
 * of n / 1000: x and x · 1000 are each rounded once, by at most n · 2⁻⁵³, so together less than ¼. */
const EXACT_NS = 2 ** 50;

/** What the last readNumber read: JSON.parse's double, or for a time Math.round of it × 1000 (whole
 * nanoseconds from microseconds). A typed array, so that storing a double allocates nothing. */
export const number = new Float64Array(1);

// A word whose four bytes are all digits (the 0x30–0x39 test of simdjson's parse_eight_digits, Lemire
// 2018, at four bytes): each byte's high nibble is 3, and still 3 after adding 6.
const NIBBLES = 0xf0f0f0f0 | 0;
const THREES = 0x30303030;
const SIXES = 0x06060606;

/** Per byte of w, nonzero where it is not a digit: exact for every byte up to the first non-digit. */
export function nonDigits(w: number): number {
  return ((w & NIBBLES) ^ THREES) | (((w + SIXES) & NIBBLES) ^ THREES);
}

/** The digits of w's low `count` bytes (1 to 4, all digits) as an integer: a shift puts zeros in front,
 * then two multiply-adds join pairs and then the pairs (Lemire 2018, at four bytes). */
export function digitsOf(w: number, count: number): number {
  let v = (w & 0x0f0f0f0f) << ((4 - count) << 3);
  v = (Math.imul(v, 10) + (v >>> 8)) & 0x00ff00ff;
  return (Math.imul(v, 100) + (v >>> 16)) & 0x3fff;
}

/**
 * A number at c[i] (with NUMBER_ROOM bytes of the chunk after i): the
 * position after it, its value in number[0] (`ns`: as whole nanoseconds); −1
 * for what JSON does not allow, an exponent (rare: EventParser reads it) or
 * the chunk's end. Digits are taken a word at a time, as a byte costs as much
 * to load as a word, and gathered in int32s, so that doubles are multiplied
 * once per eight digits, not once per digit in one long chain of latencies.
 */
export function readNumber(c: Uint8Array, dv: DataView<ArrayBufferLike>, i: number, len: number, ns: boolean): number {
  return continueNumber(c, dv, i, c[i] === MINUS ? i + 1 : i, 0, 0, len, ns);
}

/**
 * readNumber of the number at c[start] whose first whole digits, up to c[i],
 * are known: `low`, `lowDigits` of them (at most INT_DIGITS; numberMemo.ts
 * knows a timestamp's first eight digits from the one before it).
 */
export function continueNumber(
  c: Uint8Array,
  dv: DataView<ArrayBufferLike>,
  start: number,
  i: number,
  low: number,
  lowDigits: number,
  len: number,
  ns: boolean,
): number {
  const negative = c[start] === MINUS;
  const first = negative ? start + 1 : start;
  // The digits read so far are high · 10^lowDigits + low.
  let high = 0;
  // The whole digits, then (after a '.') the fraction digits, from `from`.
  let from = -1;
  for (;;) {
    if (i + 4 > len) return -1;
    const w = dv.getInt32(i, true);
    const stop = nonDigits(w);
    const k = stop === 0 ? 4 : (31 - Math.clz32(stop & -stop)) >> 3;
    if (k > 0) {
      if (lowDigits + k > INT_DIGITS) {
        high = high * POWERS_OF_TEN[lowDigits] + low;
        low = lowDigits = 0;
      }
      low = Math.imul(low, INT_POWERS_OF_TEN[k]) + digitsOf(w, k);
      lowDigits += k;
      i += k;
    }
    if (k === 4) continue;
    if (from >= 0 || c[i] !== DOT) break;
    from = ++i;
  }
  const whole = from < 0 ? i - first : from - 1 - first;
  const fraction = from < 0 ? 0 : i - from;
  // JSON: a whole digit or more, no leading zero, a digit or more after a '.'; an exponent is left to EventParser.
  if (whole === 0 || (whole > 1 && c[first] === ZERO) || (from >= 0 && fraction === 0) || (c[i] | 0x20) === 0x65)
    return -1;
  if (whole + fraction > EXACT_DIGITS) {
    // A time read as a double and multiplied would be rounded twice: read from its digits (exactTime.ts).
    const exact = ns ? exactNanoseconds(c, start, i) : NaN;
    const v = Number.isNaN(exact) ? parseJsonNumber(c, start, i) : exact;
    number[0] = ns && Number.isNaN(exact) ? Math.round(v * 1000) : v;
    return i;
  }
  const digits = high === 0 ? low : high * POWERS_OF_TEN[lowDigits] + low;
  if (ns && fraction <= 3) {
    // Nanoseconds in integers when they are exact; else as the reader has always rounded them.
    const n = digits * POWERS_OF_TEN[3 - fraction];
    if (n < EXACT_NS) {
      number[0] = negative ? -n : n;
      return i;
    }
  }
  // digits / 10^fraction: one division of two exact doubles, correctly rounded as JSON.parse rounds.
  const magnitude = fraction > 0 ? digits / POWERS_OF_TEN[fraction] : digits;
  const v = negative ? -magnitude : magnitude;
  number[0] = ns ? Math.round(v * 1000) : v;
  return i;
}

/**
 * The rest of a time at c[i] whose first eight whole digits are known
 * (`prefix`), when it is what tools write for nanoseconds in microseconds:
 * one to three more whole digits, a point and one to three fraction digits,
 * each run read from one word. Its whole nanoseconds go to number[0], exact
 * as readNumber's (below 10^14); the position after it is returned, or −1 for
 * any other rest, which continueNumber reads.
 */
export function readTimeTail(c: Uint8Array, dv: DataView<ArrayBufferLike>, i: number, prefix: number): number {
  const whole = dv.getInt32(i + 8, true);
  const wholeStop = nonDigits(whole);
  // The first non-digit's byte; −1 when there is none (clz32(0) is 32).
  const k = (31 - Math.clz32(wholeStop & -wholeStop)) >> 3;
  const dot = i + 8 + k;
  if (k < 1 || c[dot] !== DOT) return -1;
  const fraction = dv.getInt32(dot + 1, true);
  const fractionStop = nonDigits(fraction);
  const m = (31 - Math.clz32(fractionStop & -fractionStop)) >> 3;
  if (m < 1 || (c[dot + 1 + m] | 0x20) === 0x65) return -1;
  number[0] =
    prefix * POWERS_OF_TEN[k + 3] +
    (Math.imul(digitsOf(whole, k), 1000) + Math.imul(digitsOf(fraction, m), INT_POWERS_OF_TEN[3 - m]));
  return dot + 1 + m;
}
