// One Chrome event object parsed straight from the bytes, resumably: it may
// end in any later chunk, and nothing of it is held but what the reader uses
// (ph, ts, dur, pid, tid, the name and args.name, each in a fixed buffer).
// Every other member is checked against JSON's grammar and skipped, however
// large or deep, so an event costs no allocation and no more memory than
// these buffers. Its members are valid once parse() returns a position.
import { TraceError } from "../diagnostics.js";
import { EXACT_NS_LIMIT } from "./exactTime.js";
import {
  ChromeEvent,
  ID_ABSENT,
  ID_NUMBER,
  ID_STRING,
  MAX_NAME_BYTES,
  PH_OTHER,
  durNanoseconds,
  tsNanoseconds,
} from "./chromeEvent.js";
import { plainStringTable, shownByte, whitespaceTable } from "./jsonBytes.js";
import { NUMBER_ERROR, NumberText } from "./numberText.js";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON_BYTE = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const MINUS = 0x2d;
const WS = whitespaceTable();
const PLAIN = plainStringTable();

/** Deepest nesting inside an event (args): Chrome writes a few levels. */
const MAX_NESTING = 512;

// Where the parser is, between any two bytes.
const KEY_OR_CLOSE = 0; // after '{'
const KEY = 1; // after ',' in an object
const COLON = 2;
const VALUE = 3;
const VALUE_OR_CLOSE = 4; // after '['
const AFTER_VALUE = 5;
const STRING = 6;
const ESCAPE = 7;
const HEX = 8;
const NUMBER = 9;
const LITERAL = 10;

// Containers on the stack.
const OBJECT = 0;
const ARRAY = 1;
const ARGS = 2; // the event's args object, whose "name" is read

// The member a value belongs to.
const F_NONE = 0;
const F_PH = 1;
const F_TS = 2;
const F_DUR = 3;
const F_PID = 4;
const F_TID = 5;
const F_NAME = 6;
const F_ARGS = 7;
const F_ARGS_NAME = 8;

// What a string is read for.
const S_SKIP = 0;
const S_KEY = 1; // packed (below)
const S_PH = 2; // packed
const S_NAME = 3; // captured raw
const S_ARGS_NAME = 4; // captured raw

/** The code unit of each one-letter escape (\" \\ \/ \b \f \n \r \t), else −1. */
const ESCAPED = new Int32Array(256).fill(-1);
for (const [c, v] of [
  ['"', 0x22],
  ["\\", 0x5c],
  ["/", 0x2f],
  ["b", 8],
  ["f", 12],
  ["n", 10],
  ["r", 13],
  ["t", 9],
] as const)
  ESCAPED[c.charCodeAt(0)] = v;
const HEX_DIGIT = new Int32Array(256).fill(-1);
for (let d = 0; d < 16; d++)
  HEX_DIGIT["0123456789abcdef".charCodeAt(d)] = HEX_DIGIT["0123456789ABCDEF".charCodeAt(d)] = d;
const LITERALS = ["true", "false", "null"].map((w) => Uint8Array.from(w, (c) => c.charCodeAt(0)));

/** A key of up to 4 ASCII characters packed little-endian into an int: all the members read are that short. */
const packed = (key: string) => [...key].reduceRight((v, c) => (v << 8) | c.charCodeAt(0), 0);
const K_PH = packed("ph");
const K_TS = packed("ts");
const K_DUR = packed("dur");
const K_PID = packed("pid");
const K_TID = packed("tid");
const K_NAME = packed("name");
const K_ARGS = packed("args");
/** packLength of a string that cannot be one of those keys. */
const LONG = 99;

export class EventParser extends ChromeEvent {
  /** The file offset of the chunk being parsed, for messages. */
  chunkOffset = 0;

  private state = KEY_OR_CLOSE;
  private depth = 1;
  private readonly kinds = new Uint8Array(MAX_NESTING + 1);
  private field = F_NONE;
  private strKind = S_SKIP;
  private packedKey = 0;
  private packLength = 0;
  private hexLeft = 0;
  private hexValue = 0;
  private readonly number = new NumberText();
  private numField = F_NONE;
  private literal: Uint8Array = LITERALS[0];
  private literalAt = 0;

  constructor(private readonly file: string) {
    super();
  }

  /** A new event: its '{' has been read. */
  begin(eventStart: number): void {
    this.reset(eventStart);
    this.state = KEY_OR_CLOSE;
    this.depth = 1;
    this.kinds[1] = OBJECT;
  }

  /** Reads chunk[from, len): the position after the event's closing '}', or −1 if the chunk ended first. */
  parse(chunk: Uint8Array, from: number, len: number): number {
    let i = from;
    let state = this.state;
    run: for (;;) {
      switch (state) {
        case KEY_OR_CLOSE:
        case KEY: {
          while (i < len && WS[chunk[i]] === 1) i++;
          if (i === len) break run;
          const b = chunk[i++];
          if (b === QUOTE) {
            this.strKind = S_KEY;
            this.packedKey = this.packLength = 0;
            state = STRING;
          } else if (b === CLOSE_BRACE && state === KEY_OR_CLOSE) {
            if (--this.depth === 0) return this.done(i);
            state = AFTER_VALUE;
          } else
            this.fail(i - 1, state === KEY ? "expected a member name after ','" : "expected a member name or '}'", b);
          continue;
        }
        case STRING: {
          const kind = this.strKind;
          if (kind === S_SKIP) {
            while (i < len && PLAIN[chunk[i]] === 1) i++;
          } else if (kind >= S_NAME) {
            const buf = kind === S_NAME ? this.name : this.argsName;
            let n = kind === S_NAME ? this.nameLength : this.argsNameLength;
            const start = i;
            while (i < len && PLAIN[chunk[i]] === 1) i++;
            // Bytes past the buffer are counted, not kept: the reader cuts the name.
            const kept = Math.min(i - start, Math.max(0, MAX_NAME_BYTES + 1 - n));
            for (let k = 0; k < kept; k++) buf[n + k] = chunk[start + k];
            n += i - start;
            if (kind === S_NAME) this.nameLength = n;
            else this.argsNameLength = n;
          } else {
            let packedKey = this.packedKey;
            let n = this.packLength;
            for (; i < len; i++) {
              const b = chunk[i];
              if (PLAIN[b] !== 1) break;
              if (n < 4 && b < 0x80) packedKey |= b << (n++ << 3);
              else n = LONG;
            }
            this.packedKey = packedKey;
            this.packLength = n;
          }
          if (i === len) break run;
          const b = chunk[i++];
          if (b === QUOTE) state = this.endString();
          else if (b === BACKSLASH) {
            this.keep(b);
            state = ESCAPE;
          } else this.fail(i - 1, "a control character inside a string (write it as an escape)", b);
          continue;
        }
        case ESCAPE: {
          if (i === len) break run;
          const c = chunk[i++];
          this.keep(c);
          if (c === 0x75) {
            this.hexLeft = 4;
            this.hexValue = 0;
            state = HEX;
            continue;
          }
          if (ESCAPED[c] < 0) this.fail(i - 1, "an escape that JSON does not have", c);
          this.pack(ESCAPED[c]);
          state = STRING;
          continue;
        }
        case HEX: {
          while (this.hexLeft > 0) {
            if (i === len) break run;
            const c = chunk[i++];
            const d = HEX_DIGIT[c];
            if (d < 0) this.fail(i - 1, "a \\u escape needs four hex digits", c);
            this.keep(c);
            this.hexValue = (this.hexValue << 4) | d;
            this.hexLeft--;
          }
          this.pack(this.hexValue);
          state = STRING;
          continue;
        }
        case COLON:
        case VALUE:
        case VALUE_OR_CLOSE: {
          if (state === COLON) {
            while (i < len && WS[chunk[i]] === 1) i++;
            if (i === len) break run;
            if (chunk[i] !== COLON_BYTE) this.fail(i, "expected ':' after a member name", chunk[i]);
            i++;
            state = VALUE;
          }
          while (i < len && WS[chunk[i]] === 1) i++;
          if (i === len) break run;
          const b = chunk[i];
          if (b === CLOSE_BRACKET && state === VALUE_OR_CLOSE) {
            i++;
            this.depth--; // an array is never the event itself
            state = AFTER_VALUE;
            continue;
          }
          if (b === MINUS || (b >= 0x30 && b <= 0x39)) {
            // The number state reads it from its first byte.
            this.numField =
              this.field === F_TS || this.field === F_DUR || this.field === F_PID || this.field === F_TID
                ? this.field
                : F_NONE;
            this.number.begin(this.numField !== F_NONE);
            state = NUMBER;
            continue;
          }
          state = this.beginValue(b, i);
          i++;
          continue;
        }
        case NUMBER: {
          const end = this.number.read(chunk, i, len);
          if (end === NUMBER_ERROR) this.fail(this.number.errorAt, this.number.error, chunk[this.number.errorAt]);
          if (end < 0) break run;
          this.endNumber();
          i = end;
          state = AFTER_VALUE;
          continue;
        }
        case LITERAL: {
          const word = this.literal;
          while (this.literalAt < word.length) {
            if (i === len) break run;
            if (chunk[i] !== word[this.literalAt]) this.fail(i, "expected true, false or null", chunk[i]);
            i++;
            this.literalAt++;
          }
          state = AFTER_VALUE;
          continue;
        }
        case AFTER_VALUE: {
          while (i < len && WS[chunk[i]] === 1) i++;
          if (i === len) break run;
          const b = chunk[i++];
          const inArray = this.kinds[this.depth] === ARRAY;
          if (b === COMMA) {
            this.field = F_NONE;
            state = inArray ? VALUE : KEY;
          } else if (b === (inArray ? CLOSE_BRACKET : CLOSE_BRACE)) {
            if (--this.depth === 0) return this.done(i);
          } else this.fail(i - 1, inArray ? "expected ',' or ']'" : "expected ',' or '}'", b);
          continue;
        }
      }
    }
    this.state = state;
    return -1;
  }

  private done(i: number): number {
    this.state = KEY_OR_CLOSE;
    return i;
  }

  /** The first byte b (at i) of a value: which state reads the rest. */
  private beginValue(b: number, i: number): number {
    const field = this.field;
    if (b === QUOTE) {
      if (field === F_NAME) {
        this.strKind = S_NAME;
        this.nameLength = 0;
      } else if (field === F_ARGS_NAME) {
        this.strKind = S_ARGS_NAME;
        this.argsNameLength = 0;
      } else if (field === F_PH) {
        this.strKind = S_PH;
        this.packedKey = this.packLength = 0;
      } else {
        this.strKind = S_SKIP;
        if (field === F_PID) this.pidKind = ID_STRING;
        else if (field === F_TID) this.tidKind = ID_STRING;
      }
      return STRING;
    }
    if (b === OPEN_BRACE || b === OPEN_BRACKET) {
      if (this.depth === MAX_NESTING) this.fail(i, `nested deeper than ${MAX_NESTING} levels`, b);
      this.kinds[++this.depth] = b === OPEN_BRACKET ? ARRAY : field === F_ARGS && this.depth === 2 ? ARGS : OBJECT;
      this.field = F_NONE;
      return b === OPEN_BRACKET ? VALUE_OR_CLOSE : KEY_OR_CLOSE;
    }
    const w = b === 0x74 ? 0 : b === 0x66 ? 1 : b === 0x6e ? 2 : -1;
    if (w < 0) this.fail(i, "expected a value", b);
    this.literal = LITERALS[w];
    this.literalAt = 1;
    return LITERAL;
  }

  private endNumber(): void {
    const field = this.numField;
    if (field === F_NONE) return;
    const v = this.number.value();
    if (field === F_TS) {
      const exact = this.number.exactNanoseconds();
      this.tsNs = Number.isNaN(exact) ? tsNanoseconds(v) : exact;
      this.tsWholeUs = NaN; // of an earlier "ts" of the same event
      if (!(Math.abs(this.tsNs) < EXACT_NS_LIMIT)) this.number.setExactTime(this);
    } else if (field === F_DUR) this.durNs = durNanoseconds(v);
    else if (field === F_PID) {
      this.pid = v;
      this.pidKind = ID_NUMBER;
    } else {
      this.tid = v;
      this.tidKind = ID_NUMBER;
    }
  }

  /** A code unit of a key or of ph (escapes decoded). */
  private pack(code: number): void {
    if (this.strKind !== S_KEY && this.strKind !== S_PH) return;
    if (this.packLength >= 4 || code === 0 || code >= 0x80) this.packLength = LONG;
    else this.packedKey |= code << (this.packLength++ << 3);
  }

  /** A raw byte of an escape, kept in a captured string. */
  private keep(b: number): void {
    if (this.strKind === S_NAME) {
      if (this.nameLength <= MAX_NAME_BYTES) this.name[this.nameLength] = b;
      this.nameLength++;
    } else if (this.strKind === S_ARGS_NAME) {
      if (this.argsNameLength <= MAX_NAME_BYTES) this.argsName[this.argsNameLength] = b;
      this.argsNameLength++;
    }
  }

  /** The closing quote of a string: what comes next. */
  private endString(): number {
    const kind = this.strKind;
    if (kind === S_KEY) {
      this.field =
        this.depth === 1
          ? this.eventField()
          : this.depth === 2 && this.kinds[2] === ARGS && this.packLength === 4 && this.packedKey === K_NAME
            ? F_ARGS_NAME
            : F_NONE;
      if (this.field === F_ARGS_NAME) this.argsNameLength = -1;
      return COLON;
    }
    if (kind === S_PH) this.phase = this.packLength === 1 ? this.packedKey : PH_OTHER;
    return AFTER_VALUE;
  }

  /** The member of the event a key names; its earlier value, if any, is forgotten (JSON.parse keeps the last). */
  private eventField(): number {
    const n = this.packLength;
    const k = this.packedKey;
    if (n === 2 && k === K_PH) {
      this.phase = PH_OTHER;
      return F_PH;
    }
    if (n === 2 && k === K_TS) {
      this.tsNs = NaN;
      return F_TS;
    }
    if (n === 3 && k === K_DUR) {
      this.durNs = NaN;
      return F_DUR;
    }
    if (n === 3 && k === K_PID) {
      this.pidKind = ID_ABSENT;
      return F_PID;
    }
    if (n === 3 && k === K_TID) {
      this.tidKind = ID_ABSENT;
      return F_TID;
    }
    if (n === 4 && k === K_NAME) {
      this.nameLength = -1;
      return F_NAME;
    }
    if (n === 4 && k === K_ARGS) {
      this.argsNameLength = -1;
      return F_ARGS;
    }
    return F_NONE;
  }

  private fail(i: number, what: string, b: number): never {
    throw new TraceError({
      kind: "malformed",
      file: this.file,
      byteOffset: this.eventStart,
      detail: `event is not valid JSON (at byte ${this.chunkOffset + i}: ${what}, found ${shownByte(b)})`,
    });
  }
}
