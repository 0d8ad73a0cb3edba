// The values of the few members the Chrome reader reads, from the raw bytes the
// event parser kept (eventParser.ts): strings decoded as JSON.parse decodes
// them (escapes, surrogate pairs, lone surrogates kept as they are), numbers
// to the same double JSON.parse gives. The parser has checked the grammar.

const BACKSLASH = 0x5c;
const MINUS = 0x2d;
const DOT = 0x2e;
const ZERO = 0x30;

// ignoreBOM: a name may start with U+FEFF, and JSON.parse keeps it (the
// default decoder would drop it). Passed as a variable: the pure engine's
// declaration of TextDecoder (pureGlobals.d.ts) names only `fatal`.
const DECODER_OPTIONS = { fatal: true, ignoreBOM: true };
const utf8 = new TextDecoder("utf-8", DECODER_OPTIONS);

const SIMPLE_ESCAPES: Record<number, string> = {
  0x22: '"',
  0x5c: "\\",
  0x2f: "/",
  0x62: "\b",
  0x66: "\f",
  0x6e: "\n",
  0x72: "\r",
  0x74: "\t",
};

/** The string whose JSON text (between the quotes) is bytes[from, to). Throws
 * a TypeError on bytes that are not UTF-8. */
export function decodeJsonString(bytes: Uint8Array, from: number, to: number): string {
  const first = bytes.subarray(from, to).indexOf(BACKSLASH);
  if (first < 0) return utf8.decode(bytes.subarray(from, to));
  let out = "";
  let plain = from;
  for (let i = from + first; i < to; i++) {
    if (bytes[i] !== BACKSLASH) continue;
    if (i > plain) out += utf8.decode(bytes.subarray(plain, i));
    const c = bytes[i + 1];
    if (c === 0x75) {
      // \uXXXX is one UTF-16 code unit; a pair of them makes a surrogate pair in the JS string.
      out += String.fromCharCode(hexValue(bytes, i + 2));
      i += 5;
    } else {
      out += SIMPLE_ESCAPES[c];
      i += 1;
    }
    plain = i + 1;
  }
  return plain < to ? out + utf8.decode(bytes.subarray(plain, to)) : out;
}

function hexValue(bytes: Uint8Array, at: number): number {
  let v = 0;
  for (let k = at; k < at + 4; k++) {
    const c = bytes[k] | 0x20; // lower case; digits are unchanged
    v = (v << 4) + (c <= 0x39 ? c - 0x30 : c - 0x57);
  }
  return v;
}

/** The end of the longest prefix of the JSON string text bytes[from, to) that
 * ends at a whole character: neither inside an escape nor a UTF-8 sequence. */
export function wholeCharacters(bytes: Uint8Array, from: number, to: number): number {
  let i = from;
  while (i < to) {
    const b = bytes[i];
    const size = b === BACKSLASH ? (bytes[i + 1] === 0x75 ? 6 : 2) : b < 0xc0 ? 1 : b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
    if (i + size > to) return i;
    i += size;
  }
  return to;
}

// 10^0 … 10^22: every one exact in a double (Clinger's fast path, "How to read
// floating point numbers accurately", PLDI 1990, §2).
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, k) => 10 ** k);
/** Up to 15 significant digits the digits' integer is exact (below 2⁵³). */
const EXACT_DIGITS = 15;

/** The double of the JSON number bytes[from, n) (grammar already checked). */
export function parseJsonNumber(bytes: Uint8Array, from: number, n: number): number {
  let i = from;
  const negative = bytes[from] === MINUS;
  if (negative) i++;
  let mantissa = 0;
  let digits = 0;
  let fractionDigits = 0;
  let seenDot = false;
  for (; i < n; i++) {
    const d = bytes[i] - ZERO;
    if (d >= 0 && d <= 9) {
      mantissa = mantissa * 10 + d;
      if (mantissa > 0) digits++; // significant digits: leading zeros do not count
      if (seenDot) fractionDigits++;
    } else if (bytes[i] === DOT) seenDot = true;
    else break;
  }
  let scale = -fractionDigits;
  if (i < n) {
    // [eE][+-]?digits
    let k = i + 1;
    const expNegative = bytes[k] === MINUS;
    if (expNegative || bytes[k] === 0x2b) k++;
    let exp = 0;
    // Past 10⁴ the value is 0 or Infinity whatever the digits: the slow path decides.
    for (; k < n && exp < 10_000; k++) exp = exp * 10 + (bytes[k] - ZERO);
    scale += expNegative ? -exp : exp;
  }
  if (digits <= EXACT_DIGITS && scale >= -22 && scale <= 22) {
    const v = scale < 0 ? mantissa / POWERS_OF_TEN[-scale] : mantissa * POWERS_OF_TEN[scale];
    return negative ? -v : v;
  }
  // Long or far-scaled numbers: the engine's own correctly rounded conversion.
  return Number(String.fromCharCode.apply(null, Array.from(bytes.subarray(from, n))));
}
