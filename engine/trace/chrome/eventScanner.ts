// Cuts the event objects out of a Chrome trace byte stream without holding
// the file: tracks strings and nesting across chunks, finds the events array
// (the top-level array, or the `traceEvents` member of a top-level object) and
// hands each event object's bytes, with its file offset, to a callback.
import { TraceError } from "../diagnostics.js";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

export interface ScanResult {
  /** Bytes of an event object cut off by the end of the file, or 0. */
  readonly truncatedAt: number;
  readonly truncatedBytes: number;
}

/** No call event comes near this: a larger one (a 200 MB name) is refused rather than held in memory. */
export const MAX_EVENT_BYTES = 16 << 20;

export class EventScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** Depth at which event objects open (1: array form, 2: object form); 0 until known. */
  private eventDepth = 0;
  private started = false;
  private offset = 0;
  /** A top-level member name being read (object form, before the events array). */
  private collectingKey = false;
  private key = "";
  private lastKey = "";
  private parts: Uint8Array[] = [];
  private partsBytes = 0;
  private eventStart = -1;

  constructor(
    private readonly file: string,
    private readonly onEvent: (bytes: Uint8Array, byteOffset: number) => void,
  ) {}

  /** One pass over the chunk with the state in locals (this runs per byte). */
  push(chunk: Uint8Array): void {
    let depth = this.depth;
    let inString = this.inString;
    let escaped = this.escaped;
    let eventDepth = this.eventDepth;
    let partFrom = this.eventStart >= 0 ? 0 : -1;
    const len = chunk.length;
    for (let i = 0; i < len; i++) {
      const b = chunk[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (b === BACKSLASH) escaped = true;
        else if (b === QUOTE) {
          inString = false;
          if (this.collectingKey) {
            this.collectingKey = false;
            this.lastKey = this.key;
          }
        } else if (this.collectingKey && this.key.length < 64) this.key += String.fromCharCode(b);
        continue;
      }
      if (b === QUOTE) {
        inString = true;
        if (depth === 1 && eventDepth === 0) {
          this.collectingKey = true;
          this.key = "";
        }
      } else if (b === OPEN_BRACE || b === OPEN_BRACKET) {
        if (!this.started) {
          this.started = true;
          eventDepth = b === OPEN_BRACKET ? 1 : 0;
        } else if (b === OPEN_BRACKET && depth === 1 && eventDepth === 0 && this.lastKey === "traceEvents") eventDepth = 2;
        else if (b === OPEN_BRACE && depth === eventDepth) {
          this.eventStart = this.offset + i;
          partFrom = i;
        }
        depth++;
      } else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) {
        depth--;
        if (depth < 0) this.fail(i, "unbalanced closing bracket");
        if (b === CLOSE_BRACE && depth === eventDepth && this.eventStart >= 0) {
          this.emit(chunk.subarray(partFrom, i + 1));
          partFrom = -1;
        }
      } else if (!this.started && b > 0x20) {
        this.fail(i, `expected '[' or '{' at the start of a Chrome trace, found '${String.fromCharCode(b)}'`);
      }
    }
    if (partFrom >= 0) {
      this.parts.push(chunk.slice(partFrom));
      this.partsBytes += len - partFrom;
      if (this.partsBytes > MAX_EVENT_BYTES) {
        throw new TraceError({ kind: "malformed", file: this.file, byteOffset: this.eventStart, detail: `an event of more than ${MAX_EVENT_BYTES >> 20} MiB: no call event is that large (a name or argument far too long?)` });
      }
    }
    this.offset += len;
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    this.eventDepth = eventDepth;
  }

  /** The end of the stream: a missing final `]` is allowed (Chrome's own traces
   * omit it); an event object cut off mid-way is reported, not parsed. */
  end(): ScanResult {
    if (!this.started) throw new TraceError({ kind: "empty", file: this.file });
    if (this.inString && this.eventStart < 0) this.fail(0, "the file ends inside a string");
    if (this.eventStart >= 0) {
      const bytes = this.parts.reduce((n, p) => n + p.length, 0);
      return { truncatedAt: this.eventStart, truncatedBytes: bytes };
    }
    return { truncatedAt: 0, truncatedBytes: 0 };
  }

  private emit(last: Uint8Array): void {
    let bytes = last;
    if (this.parts.length > 0) {
      this.parts.push(last);
      bytes = new Uint8Array(this.parts.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const p of this.parts) {
        bytes.set(p, at);
        at += p.length;
      }
      this.parts = [];
      this.partsBytes = 0;
    }
    const start = this.eventStart;
    this.eventStart = -1;
    this.onEvent(bytes, start);
  }

  private fail(i: number, detail: string): never {
    throw new TraceError({ kind: "malformed", file: this.file, byteOffset: this.offset + i, detail });
  }
}
