// Finds the event objects in a Chrome trace byte stream, chunk by chunk,
// without holding the file: the events array is the top-level array, or the
// `traceEvents` member of a top-level object. Outside events only strings and
// brackets are followed (other members are skipped, whatever they hold).
// Each event object is read in place, by plainEvent.ts when it is plain and
// whole in the chunk, else by EventParser, which may carry it across chunks,
// and handed to the callback when its '}' is read.
import { TraceError, type TraceWarning } from "../diagnostics.js";
import type { ChromeEvent } from "./chromeEvent.js";
import { EventParser } from "./eventParser.js";
import { PlainEvents } from "./plainEvent.js";
import { shownByte, whitespaceTable } from "./jsonBytes.js";
import type { NameTable } from "./nameTable.js";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const WS = whitespaceTable();

/** No call event comes near this: a larger one (a 200 MB name) is refused as not a trace. Nothing of
 * it is held either way (the parser streams it), so this is a sanity check, not a memory bound. */
export const MAX_EVENT_BYTES = 16 << 20;

const TRACE_EVENTS = Uint8Array.from("traceEvents", (c) => c.charCodeAt(0));
/** keyMatch of a member name that is not "traceEvents". */
const NO_MATCH = TRACE_EVENTS.length + 1;
const BOM = [0xef, 0xbb, 0xbf];

export class EventScanner {
  readonly parser: EventParser;
  private readonly plain: PlainEvents;
  private offset = 0;
  /** The chunk being read, for plainEvent.ts's four-byte reads. */
  private view: DataView<ArrayBufferLike> = new DataView(new ArrayBuffer(0));
  private started = false;
  /** The top-level value has closed; what follows is counted, not read. */
  private ended = false;
  private objectForm = false;
  private depth = 0;
  /** Depth of the events array's elements (1: array form, 2: inside `traceEvents`), 0 when outside it. */
  private eventsDepth = 0;
  private inString = false;
  private escaped = false;
  /** Of a string at depth 1 of the object form: how much matches "traceEvents" (NO_MATCH: none; −1: no such string). */
  private keyMatch = -1;
  private lastKeyIsEvents = false;
  private inEvent = false;
  private trailingAt = -1;
  /** An events array was found (the top-level array, or an object's traceEvents). */
  private sawEvents = false;
  private trailingBytes = 0;
  /** Elements of the events array that are not objects (a number, a string, an array, stray
   * bytes): skipped, counted and said. Set from such an element's first byte to the comma after it. */
  private inOther = false;
  private others = 0;
  private firstOtherAt = -1;
  private firstOtherByte = 0;

  constructor(
    private readonly file: string,
    names: NameTable,
    private readonly onEvent: (event: ChromeEvent) => void,
    private readonly warn: (w: TraceWarning) => void,
  ) {
    this.parser = new EventParser(file);
    this.plain = new PlainEvents(names);
  }

  push(chunk: Uint8Array): void {
    const len = chunk.length;
    this.view = new DataView(chunk.buffer, chunk.byteOffset, len);
    const parser = this.parser;
    parser.chunkOffset = this.offset;
    let i = 0;
    while (i < len) {
      if (this.inEvent) {
        const end = parser.parse(chunk, i, len);
        if (end < 0) break;
        this.inEvent = false;
        if (this.offset + end - parser.eventStart > MAX_EVENT_BYTES) this.tooLarge();
        this.onEvent(parser);
        i = end;
      } else i = this.ended ? this.trailing(chunk, i, len) : this.structure(chunk, i, len);
    }
    this.offset += len;
    if (this.inEvent && this.offset - parser.eventStart > MAX_EVENT_BYTES) this.tooLarge();
  }

  /** The end of the stream. A missing final `]` (or `}`) is allowed: Chrome's
   * own traces omit it. An event cut off mid-way is reported and left out. */
  end(): void {
    if (!this.started)
      throw new TraceError({
        kind: "empty",
        file: this.file,
        why: this.offset === 0 ? "the file is empty" : "the file holds only whitespace",
      });
    if (this.inEvent) {
      const at = this.parser.eventStart;
      this.warn({
        kind: "truncated",
        file: this.file,
        byteOffset: at,
        detail: `the last event is cut off after ${this.offset - at} bytes and was left out`,
      });
    } else if (this.inString) {
      this.warn({
        kind: "truncated",
        file: this.file,
        byteOffset: this.offset,
        detail: "the file ends inside a string, after the last whole event",
      });
    }
    if (this.others > 0) {
      this.warn({
        kind: "truncated",
        file: this.file,
        byteOffset: this.firstOtherAt,
        detail: `${this.others} element(s) of the events array are not event objects (the first begins with ${shownByte(this.firstOtherByte)}); they were skipped`,
      });
    }
    if (this.trailingBytes > 0) {
      this.warn({
        kind: "truncated",
        file: this.file,
        byteOffset: this.trailingAt,
        detail: `the trace ended before this byte; the ${this.trailingBytes} byte(s) after it were ignored`,
      });
    }
  }

  /** Why a stream that gave no event gave none, in words for TraceError's "empty" (after end()). */
  noEventsWhy(): string {
    if (!this.sawEvents) return 'it is a JSON object with no "traceEvents" array, so not a Chrome trace';
    if (this.inEvent) return `it ends inside its first event, ${this.offset - this.parser.eventStart} bytes in`;
    return this.others > 0
      ? `its events array holds ${this.others} element(s), none of them an event object (the first at byte ${this.firstOtherAt} begins with ${shownByte(this.firstOtherByte)})`
      : "its events array is empty";
  }

  /** Outside events, from chunk[i]: returns where an event begins (its '{' read) or len. */
  private structure(chunk: Uint8Array, i: number, len: number): number {
    let depth = this.depth;
    let inString = this.inString;
    let escaped = this.escaped;
    for (; i < len; i++) {
      const b = chunk[i];
      if (inString) {
        if (escaped) {
          escaped = false;
          if (this.keyMatch >= 0) this.keyMatch = NO_MATCH; // an escaped spelling is not looked for
        } else if (b === BACKSLASH) escaped = true;
        else if (b === QUOTE) {
          inString = false;
          if (this.keyMatch >= 0) this.lastKeyIsEvents = this.keyMatch === TRACE_EVENTS.length;
        } else if (this.keyMatch >= 0) {
          this.keyMatch =
            this.keyMatch < TRACE_EVENTS.length && b === TRACE_EVENTS[this.keyMatch] ? this.keyMatch + 1 : NO_MATCH;
        }
        continue;
      }
      if (!this.started) {
        if (b === OPEN_BRACE || b === OPEN_BRACKET) {
          this.started = true;
          this.objectForm = b === OPEN_BRACE;
          this.eventsDepth = this.objectForm ? 0 : 1;
          this.sawEvents = !this.objectForm;
          depth = 1;
        } else if (WS[b] !== 1 && !(this.offset + i < 3 && b === BOM[this.offset + i])) {
          this.fail(i, `expected '[' or '{' at the start of a Chrome trace, found ${shownByte(b)}`);
        }
        continue;
      }
      if (depth === this.eventsDepth) {
        if (b === COMMA) {
          this.inOther = false;
          continue;
        }
        if (!this.inOther && b !== OPEN_BRACE && b !== CLOSE_BRACKET && WS[b] !== 1) this.otherElement(i, b);
      }
      if (b === QUOTE) {
        inString = true;
        // A string at depth 1 of the object form is a member name or a value; the name before '[' decides.
        this.keyMatch = this.objectForm && depth === 1 ? 0 : -1;
      } else if (b === OPEN_BRACE || b === OPEN_BRACKET) {
        if (b === OPEN_BRACE && depth === this.eventsDepth) {
          const stop = this.plain.read(
            chunk,
            this.view,
            i,
            len,
            this.parser,
            this.offset,
            MAX_EVENT_BYTES,
            this.onEvent,
          );
          if (stop === len || chunk[stop] !== OPEN_BRACE) {
            i = stop - 1; // between events: the loop reads on from there
            continue;
          }
          this.depth = depth;
          this.inString = this.escaped = false;
          this.inEvent = true;
          this.parser.begin(this.offset + stop);
          return stop + 1;
        } else if (b === OPEN_BRACKET && this.objectForm && depth === 1 && this.lastKeyIsEvents) {
          this.eventsDepth = 2;
          this.sawEvents = true;
        }
        depth++;
      } else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) {
        if (depth === this.eventsDepth) this.eventsDepth = 0; // the events array closed
        if (--depth === 0) {
          this.ended = true;
          i++;
          break;
        }
      }
    }
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    return i;
  }

  /** An element of the events array that is no object begins at chunk[i] (its first byte b). */
  private otherElement(i: number, b: number): void {
    this.inOther = true;
    if (this.others++ === 0) {
      this.firstOtherAt = this.offset + i;
      this.firstOtherByte = b;
    }
  }

  /** After the top-level value: anything but whitespace is counted and said once. */
  private trailing(chunk: Uint8Array, i: number, len: number): number {
    for (; i < len; i++) {
      if (WS[chunk[i]] === 1) continue;
      if (this.trailingAt < 0) this.trailingAt = this.offset + i;
      this.trailingBytes++;
    }
    return len;
  }

  private tooLarge(): never {
    throw new TraceError({
      kind: "malformed",
      file: this.file,
      byteOffset: this.parser.eventStart,
      detail: `an event of more than ${MAX_EVENT_BYTES >> 20} MiB: no call event is that large (a name or argument far too long?)`,
    });
  }

  private fail(i: number, detail: string): never {
    throw new TraceError({ kind: "malformed", file: this.file, byteOffset: this.offset + i, detail });
  }
}
