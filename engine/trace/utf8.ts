// Byte offsets for line readers that decode their chunks as text: a line's
// length in UTF-8, counted from its characters instead of encoding it again.

/** The bytes `s` takes in UTF-8 (a surrogate pair is one 4-byte character). */
export function utf8ByteLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdbff ? (i++, 4) : 3;
  }
  return n;
}
