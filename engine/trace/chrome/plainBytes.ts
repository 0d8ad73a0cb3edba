// Byte-level pieces of the fast event reader (plainEvent.ts): member names
// known by four bytes at once, strings scanned four bytes at a time, numbers
// read in one pass to the double JSON.parse gives. Each answers −1 for what
// it does not take, and the event goes to EventParser.
import { parseJsonNumber } from "./jsonText.js";
import { plainStringTable } from "./jsonBytes.js";

const QUOTE = 0x22;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;
const PLAIN = plainStringTable();

/** Four bytes as a little-endian int32, as DataView.getInt32(i, true) reads them. */
const word = (s: string) => [...s].reduceRight((v, c) => (v << 8) | c.charCodeAt(0), 0);
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

const POWERS_OF_TEN = Array.from({ length: 16 }, (_, k) => 10 ** k);
/** Digits whose integer is exact in a double (below 2⁵³), so one division gives JSON.parse's double. */
const EXACT_DIGITS = 15;
/** Room a number is read in without bounds checks (a longer one runs off and is left to EventParser). */
export const NUMBER_ROOM = 64;

/** The value of the last number readNumber read. */
export const number = { value: 0 };

/**
 * A number at c[i] (with NUMBER_ROOM bytes of the chunk after i): the
 * position after it, its value in number.value; −1 for what JSON does not
 * allow, an exponent (rare: EventParser reads it) or the chunk's end.
 */
export function readNumber(c: Uint8Array, i: number, len: number): number {
  const start = i;
  if (c[i] === MINUS) i++;
  let b = c[i];
  // Whole and fraction digits in one integer: exact up to EXACT_DIGITS digits.
  let digits = 0;
  let count = 0;
  if (b === ZERO) b = c[++i];
  else if (b > ZERO && b <= NINE) {
    do {
      digits = digits * 10 + (b - ZERO);
      count++;
      b = c[++i];
    } while (b >= ZERO && b <= NINE);
  } else return -1;
  let fraction = 0;
  if (b === 0x2e) {
    b = c[++i];
    while (b >= ZERO && b <= NINE) {
      digits = digits * 10 + (b - ZERO);
      fraction++;
      b = c[++i];
    }
    if (fraction === 0) return -1;
  }
  if ((b | 0x20) === 0x65 || i >= len) return -1;
  number.value = count + fraction <= EXACT_DIGITS ? exactValue(c[start] === MINUS, digits, fraction) : parseJsonNumber(c, start, i);
  return i;
}

/** digits / 10^fraction: one division of two exact doubles, correctly rounded as JSON.parse rounds (Clinger 1990, §2). */
function exactValue(negative: boolean, digits: number, fraction: number): number {
  const v = fraction > 0 ? digits / POWERS_OF_TEN[fraction] : digits;
  return negative ? -v : v;
}
