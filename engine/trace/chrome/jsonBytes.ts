// Byte tables of JSON's grammar (RFC 8259) for the Chrome scanner's readers:
// the structure outside events (eventScanner.ts), the fast pass (plainBytes.ts,
// plainEvent.ts) and the resumable parser (eventParser.ts). Each reader binds
// its own table to a module constant: V8 checks an imported binding on every
// use, and in the fast pass's byte loops that cost a fifth of its time.

/** 1 for JSON whitespace: space, tab, line feed, carriage return. */
export function whitespaceTable(): Uint8Array {
  const table = new Uint8Array(256);
  for (const b of [0x20, 0x09, 0x0a, 0x0d]) table[b] = 1;
  return table;
}

/** 1 for the bytes that stand for themselves inside a string: not '"', not '\', no control character. */
export function plainStringTable(): Uint8Array {
  const table = new Uint8Array(256).fill(1, 0x20);
  table[0x22] = table[0x5c] = 0;
  return table;
}

/** A byte as messages show it. */
export function shownByte(b: number): string {
  return b >= 0x20 && b < 0x7f ? `'${String.fromCharCode(b)}'` : `byte 0x${b.toString(16).padStart(2, "0")}`;
}
