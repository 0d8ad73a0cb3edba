// The lines of a text part of a uftrace data directory (`info` after its
// header, a `.dbg` file), each with the byte offset it starts at, so that a
// message about a bad line can say where it is. Split on the bytes, then
// decoded, since a newline byte is never inside a UTF-8 character.

export interface TextLine {
  readonly text: string;
  readonly byteOffset: number;
}

export function textLines(bytes: Uint8Array, from = 0): TextLine[] {
  const decoder = new TextDecoder();
  const out: TextLine[] = [];
  for (let start = from; start < bytes.length;) {
    const newline = bytes.indexOf(0x0a, start);
    const end = newline < 0 ? bytes.length : newline;
    out.push({ text: decoder.decode(bytes.subarray(start, end)), byteOffset: start });
    start = end + 1;
  }
  return out;
}
