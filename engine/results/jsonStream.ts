// A results file's bytes as a JSON document (RFC 8259), read chunk by chunk so
// the file is never held whole, neither as bytes nor as text: only the document
// it describes is built, with a stack of open containers (no recursion, so any
// depth is read; json.ts refuses a deep one at its path). A string longer than
// MAX_STRING_BYTES is refused at its first byte as soon as it passes the bound,
// before the rest of it is read. The values are JSON.parse's for the same text
// (test/unit/jsonStream.test.ts checks it on generated and damaged documents).
import { ResultsError } from "./diagnostics.js";

/** No string of a results file comes near this: hyperfine runs its command as one argument of
 * `sh -c`, and Linux refuses an argument longer than 128 KiB to any program (MAX_ARG_STRLEN,
 * execve(2)); benchmark names and metadata are far shorter. A 200 MB command was stored whole
 * three times over (its design, its run, the campaign's spec) and printed to the terminal. */
export const MAX_STRING_BYTES = 128 << 10;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** What the reader expects next outside a string, number or literal. */
const VALUE = 0,
  VALUE_OR_CLOSE = 1,
  KEY = 2,
  KEY_OR_CLOSE = 3,
  COLON = 4,
  COMMA_OR_CLOSE = 5,
  END = 6;
/** The token being read. */
const NONE = 0,
  STRING = 1,
  NUMBER = 2,
  LITERAL = 3;
const ESCAPED: Readonly<Record<number, string>> = {
  0x22: '"',
  0x5c: "\\",
  0x2f: "/",
  0x62: "\b",
  0x66: "\f",
  0x6e: "\n",
  0x72: "\r",
  0x74: "\t",
};
const BOM = [0xef, 0xbb, 0xbf];
const NUMBER_TEXT = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
/** Runs of a string up to this long are made into text by hand when they are ASCII: a decoder call costs more. */
const SHORT_RUN = 32;
/** Byte classes, so that runs of a kind are scanned in tight loops: 1 JSON whitespace; 2 a byte
 * that stands for itself in a string (not '"', not '\\', no control character). */
const WHITESPACE = new Uint8Array(256);
for (const b of [0x20, 0x09, 0x0a, 0x0d]) WHITESPACE[b] = 1;
const PLAIN = new Uint8Array(256).fill(1, 0x20);
PLAIN[QUOTE] = PLAIN[BACKSLASH] = 0;
/** 1 for a byte of a number's text (digits, '.', 'e', 'E', '+', '-'); 2 for a literal's (a–z). */
const TOKEN_PART = new Uint8Array(256);
for (const c of "0123456789.eE+-") TOKEN_PART[c.charCodeAt(0)] |= 1;
for (let b = 0x61; b <= 0x7a; b++) TOKEN_PART[b] |= 2;

interface Frame {
  readonly array: unknown[] | null;
  readonly object: Record<string, unknown> | null;
  key: string;
}

export class JsonStreamReader {
  private offset = 0;
  private expect = VALUE;
  private token = NONE;
  private readonly stack: Frame[] = [];
  private root: unknown = undefined;
  /** Bytes of the token being read: a string's raw run since its last escape, a number's or a literal's text. */
  private bytes = new Uint8Array(256);
  private length = 0;
  private parts: string[] = [];
  private tokenStart = 0;
  /** Bytes of the token so far (a string's escapes included): what MAX_STRING_BYTES bounds. */
  private size = 0;
  private isKey = false;
  /** In a string: 0, or 1 after a backslash, or 2–5 while reading the hex digits of \u. */
  private escape = 0;
  private unicode = 0;
  private bomBytes = 0;
  private readonly text = new TextDecoder("utf-8", { fatal: true });

  constructor(private readonly file: string) {}

  push(chunk: Uint8Array): void {
    for (let i = 0; i < chunk.length; i++) {
      if (this.token === STRING) i = this.stringBytes(chunk, i);
      else if (this.token !== NONE) i = this.tokenBytes(chunk, i);
      else if (WHITESPACE[chunk[i]] === 0) this.structure(chunk[i], i, chunk);
    }
    this.offset += chunk.length;
  }

  /** The document, once every chunk was pushed. */
  end(): unknown {
    if (this.token === STRING) this.utf8(this.bytes.subarray(0, this.length)); // a file cut inside a character says so
    if (this.token === NUMBER || this.token === LITERAL) this.finishToken();
    if (this.expect !== END) throw this.error(this.offset, "the file ends before the JSON does: was it cut short?");
    return this.root;
  }

  private structure(b: number, i: number, chunk: Uint8Array): void {
    const at = this.offset + i;
    // Outside strings the grammar is ASCII: a byte past it is refused, as no UTF-8 at all (a binary
    // file) when it starts no UTF-8 character, else as a character out of place.
    if (b >= 0x80 && !(at < 3 && b === BOM[at] && at === this.bomBytes)) {
      try {
        new TextDecoder("utf-8", { fatal: true }).decode(chunk.subarray(i, i + 4), { stream: true });
      } catch {
        throw new ResultsError({ kind: "not-utf8", file: this.file });
      }
    }
    // A byte order mark (EF BB BF) opening the file is read as nothing, as text editors write it.
    if (at === this.bomBytes && at < 3 && b === BOM[at]) return void this.bomBytes++;
    // Right after '[' or '{', the container may close at once.
    if ((this.expect === VALUE_OR_CLOSE && b === 0x5d) || (this.expect === KEY_OR_CLOSE && b === 0x7d))
      return this.close();
    switch (this.expect) {
      case VALUE_OR_CLOSE:
      case VALUE:
        if (b === 0x7b || b === 0x5b) return this.open(b === 0x7b);
        if (b === QUOTE) return this.startToken(STRING, at, false);
        if (b === 0x2d || (b >= 0x30 && b <= 0x39)) return this.startToken(NUMBER, at, false, b);
        if (b >= 0x61 && b <= 0x7a) return this.startToken(LITERAL, at, false, b);
        throw this.error(at, `Unexpected token ${shown(b)}`);
      case KEY_OR_CLOSE:
      case KEY:
        if (b === QUOTE) return this.startToken(STRING, at, true);
        throw this.error(at, "Expected double-quoted property name");
      case COLON:
        if (b === 0x3a) return void (this.expect = VALUE);
        throw this.error(at, "Expected ':' after property name");
      case COMMA_OR_CLOSE: {
        const inArray = this.stack[this.stack.length - 1].array !== null;
        if (b === 0x2c) return void (this.expect = inArray ? VALUE : KEY);
        if (b === (inArray ? 0x5d : 0x7d)) return this.close();
        throw this.error(
          at,
          inArray ? "Expected ',' or ']' after array element" : "Expected ',' or '}' after property value",
        );
      }
      default:
        throw this.error(at, "Unexpected non-whitespace character after JSON");
    }
  }

  private open(isObject: boolean): void {
    this.stack.push(isObject ? { array: null, object: {}, key: "" } : { array: [], object: null, key: "" });
    this.expect = isObject ? KEY_OR_CLOSE : VALUE_OR_CLOSE;
  }

  private close(): void {
    const frame = this.stack.pop()!;
    this.value(frame.array ?? frame.object);
  }

  private value(v: unknown): void {
    const top = this.stack[this.stack.length - 1];
    if (top === undefined) {
      this.root = v;
      this.expect = END;
      return;
    }
    if (top.array) top.array.push(v);
    else if (top.key === "__proto__")
      Object.defineProperty(top.object, top.key, { value: v, writable: true, enumerable: true, configurable: true }); // an own member, as JSON.parse makes it
    else top.object![top.key] = v;
    this.expect = COMMA_OR_CLOSE;
  }

  private startToken(kind: number, at: number, isKey: boolean, first?: number): void {
    this.token = kind;
    this.tokenStart = at;
    this.isKey = isKey;
    this.length = 0;
    this.size = 0;
    if (this.parts.length > 0) this.parts = [];
    if (first !== undefined) this.append(Uint8Array.of(first), 0, 1);
  }

  /** Reads a number's or a literal's bytes from chunk[i]; returns the index of the last byte it
   * took, so that the byte after it is read again as structure. */
  private tokenBytes(chunk: Uint8Array, i: number): number {
    const kind = this.token === NUMBER ? 1 : 2;
    let j = i;
    while (j < chunk.length && (TOKEN_PART[chunk[j]] & kind) !== 0) j++;
    this.append(chunk, i, j);
    if (j < chunk.length) this.finishToken();
    return j - 1;
  }

  private finishToken(): void {
    const text = this.ascii();
    this.token = NONE;
    const literal = text === "true" ? true : text === "false" ? false : text === "null" ? null : undefined;
    if (literal !== undefined) return this.value(literal);
    if (NUMBER_TEXT.test(text)) return this.value(Number(text));
    throw this.error(this.tokenStart, `Unexpected token ${text.length > 20 ? `${text.slice(0, 20)}…` : text}`);
  }

  /** Reads a string's bytes from chunk[i]; returns the index of the last byte it took. */
  private stringBytes(chunk: Uint8Array, i: number): number {
    while (i < chunk.length) {
      if (this.escape > 0) {
        this.escapeByte(chunk[i], this.offset + i);
        i++;
        continue;
      }
      let j = i;
      while (j < chunk.length && PLAIN[chunk[j]] === 1) j++;
      const b = chunk[j];
      if (j < chunk.length && b === QUOTE) {
        // A string whole in this chunk and free of escapes (most are) is decoded where it lies.
        let s: string;
        if (this.length === 0 && this.parts.length === 0) {
          this.counted(j - i);
          s = this.run(chunk, i, j);
        } else {
          this.append(chunk, i, j);
          this.parts.push(this.decoded());
          s = this.parts.join("");
        }
        this.token = NONE;
        if (this.isKey) {
          this.stack[this.stack.length - 1].key = s;
          this.expect = COLON;
        } else this.value(s);
        return j;
      }
      this.append(chunk, i, j);
      if (j === chunk.length) break;
      if (b !== BACKSLASH)
        throw this.error(
          this.offset + j,
          `Bad control character in string literal (byte 0x${b.toString(16).padStart(2, "0")})`,
        );
      this.parts.push(this.decoded());
      this.escape = 1;
      i = j + 1;
    }
    return chunk.length - 1;
  }

  private escapeByte(b: number, at: number): void {
    this.counted(1);
    if (this.escape === 1) {
      if (b === 0x75) {
        this.escape = 2;
        this.unicode = 0;
        return;
      }
      const c = ESCAPED[b];
      if (c === undefined) throw this.error(at, "Bad escaped character in JSON");
      this.parts.push(c);
      this.escape = 0;
      return;
    }
    const digit =
      b >= 0x30 && b <= 0x39 ? b - 0x30 : b >= 0x61 && b <= 0x66 ? b - 0x57 : b >= 0x41 && b <= 0x46 ? b - 0x37 : -1;
    if (digit < 0) throw this.error(at, "Bad Unicode escape in JSON");
    this.unicode = this.unicode * 16 + digit;
    if (++this.escape === 6) {
      this.parts.push(String.fromCharCode(this.unicode)); // a lone surrogate stays one, as in JSON.parse
      this.escape = 0;
    }
  }

  /** Gathers src[start, end) (no subarray: one per token was a fifth of the time, in the collector). */
  private append(src: Uint8Array, start: number, end: number): void {
    const n = end - start;
    this.counted(n);
    if (this.length + n > this.bytes.length) {
      const grown = new Uint8Array(Math.max(2 * this.bytes.length, this.length + n));
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    for (let k = start; k < end; k++) this.bytes[this.length++] = src[k];
  }

  private counted(n: number): void {
    this.size += n;
    if (this.size > MAX_STRING_BYTES) {
      const what = this.token === STRING ? (this.isKey ? "a member name" : "a string") : "a value";
      throw new ResultsError({
        kind: "too-long",
        file: this.file,
        byteOffset: this.tokenStart,
        what,
        limitBytes: MAX_STRING_BYTES,
      });
    }
  }

  /** The bytes gathered since the string's start or its last escape, as text. */
  private decoded(): string {
    const s = this.run(this.bytes, 0, this.length);
    this.length = 0;
    return s;
  }

  /** A run of a string's bytes (between escapes) as text; short ASCII runs, most keys, without a decoder call. */
  private run(src: Uint8Array, start: number, end: number): string {
    if (end - start <= SHORT_RUN) {
      let s = "";
      for (let k = start; k < end; k++) {
        if (src[k] >= 0x80) return this.utf8(src.subarray(start, end));
        s += String.fromCharCode(src[k]);
      }
      return s;
    }
    return this.utf8(src.subarray(start, end));
  }

  /** A string's bytes as UTF-8 text: the file's other bytes are ASCII by the grammar (structure()). */
  private utf8(bytes: Uint8Array): string {
    try {
      return this.text.decode(bytes);
    } catch {
      throw new ResultsError({ kind: "not-utf8", file: this.file });
    }
  }

  /** A number's or a literal's text (ASCII by its byte classes). */
  private ascii(): string {
    let s = "";
    for (let k = 0; k < this.length; k++) s += String.fromCharCode(this.bytes[k]);
    this.length = 0;
    return s;
  }

  private error(byteOffset: number, detail: string): ResultsError {
    return new ResultsError({ kind: "not-json", file: this.file, byteOffset, detail });
  }
}

function shown(b: number): string {
  return b >= 0x20 && b < 0x7f ? `'${String.fromCharCode(b)}'` : `byte 0x${b.toString(16).padStart(2, "0")}`;
}
