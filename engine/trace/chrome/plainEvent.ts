// The common Chrome event read in one straight pass where it lies: whole in
// the chunk, names and strings without escapes, nothing nested but an empty
// {} or []. Any other event, and any error, is left to EventParser, which
// reads it again from its '{' (it may cross chunks, nest, escape); so messages
// come from one place, and on what both read they agree by construction
// (test/unit/eventScanner.test.ts and test/stress/readChromeTrace.test.ts read
// the same files in chunks of every size, which send events down either
// path). Speed comes from
// keeping no state between bytes, copying no name, knowing member names by
// four bytes at once, reading one event after another without a return, and
// from the file's regularity: a tool writes every event with the same members
// in the same order, so once an event shows the layout, the next ones are
// read by a reader composed for it (layoutReaders.ts).
import { ID_ABSENT, ID_NUMBER, ID_STRING, PH_OTHER, durNanoseconds, type ChromeEvent } from "./chromeEvent.js";
import {
  NUMBER_ROOM,
  W_ARG,
  W_DUR,
  W_NAM,
  W_PH,
  W_PID,
  W_TID,
  W_TS,
  number,
  readNumber,
  stringEnd,
} from "./plainBytes.js";
import { whitespaceTable } from "./jsonBytes.js";
import { EXACT_NS_LIMIT, setExactTime } from "./exactTime.js";
import type { NameTable } from "./nameTable.js";
import {
  LAYOUT_MEMBERS,
  M_ARGS,
  M_DUR,
  M_NAME,
  M_OTHER,
  M_PH,
  M_PID,
  M_TID,
  M_TS,
  layoutReader,
  memberReaders,
  setName,
  type EventReader,
} from "./layoutReaders.js";

const QUOTE = 0x22;
const COMMA = 0x2c;
const LINE_FEED = 0x0a;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;
const WS = whitespaceTable();

export class PlainEvents {
  /** Readers of the layouts seen, by key (learn()); the two last used are tried first, as a trace of
   * several threads may write two (uftrace leaves tid out on the main thread). */
  private readonly layouts = new Map<number, EventReader>();
  private first: EventReader | null = null;
  private second: EventReader | null = null;
  private readonly members = new Int8Array(LAYOUT_MEMBERS);
  /** The member readers, by member (M_*). */
  private readonly readers: ReturnType<typeof memberReaders>;

  constructor(names: NameTable) {
    this.readers = memberReaders(names);
  }

  /**
   * Reads plain events one after another from c[i], the '{' of an event in
   * the events array, calling onEvent after each. Returns where it stopped:
   * the '{' of an event it leaves to EventParser, or the first byte between
   * events that is not whitespace or a comma.
   */
  read(
    c: Uint8Array,
    dv: DataView<ArrayBufferLike>,
    i: number,
    len: number,
    e: ChromeEvent,
    chunkOffset: number,
    maxBytes: number,
    onEvent: (e: ChromeEvent) => void,
  ): number {
    for (;;) {
      e.reset(chunkOffset + i);
      let end = this.first !== null ? this.first(c, dv, i + 1, len, e) : -1;
      if (end < 0 && this.second !== null) {
        e.reset(chunkOffset + i);
        end = this.second(c, dv, i + 1, len, e);
        if (end >= 0) [this.first, this.second] = [this.second, this.first];
      }
      if (end < 0) end = this.readAny(c, dv, i + 1, len, e, chunkOffset + i);
      if (end < 0 || end - i > maxBytes) return i;
      onEvent(e);
      i = end;
      // The separators tools write, ",\n" (uftrace) or ",", then the next event: taken before the general skip.
      if (i + 2 < len && c[i] === COMMA) {
        const next = c[i + 1] === OPEN_BRACE ? i + 1 : c[i + 1] === LINE_FEED && c[i + 2] === OPEN_BRACE ? i + 2 : -1;
        if (next >= 0) {
          i = next;
          continue;
        }
      }
      while (i < len && (WS[c[i]] === 1 || c[i] === COMMA)) i++;
      if (i === len || c[i] !== OPEN_BRACE) return i;
    }
  }

  /** The event whose '{' is c[i − 1], in any plain layout: the position after its '}', or −1 to leave it to EventParser. */
  private readAny(
    c: Uint8Array,
    dv: DataView<ArrayBufferLike>,
    i: number,
    len: number,
    e: ChromeEvent,
    eventStart: number,
  ): number {
    e.reset(eventStart);
    // A layout the next events may be read by: no whitespace, and only members read, each of its type.
    let layout = c[i] === QUOTE;
    let count = 0;
    while (i < len && WS[c[i]] === 1) i++;
    if (i < len && c[i] === CLOSE_BRACE) return i + 1;
    for (;;) {
      // A member name: the ones read are known by their first four bytes, quote included.
      if (i + 8 > len || c[i] !== QUOTE) return -1;
      let member = M_OTHER;
      const w = dv.getInt32(i, true);
      if (w === W_TS) member = M_TS;
      else if (w === W_PH) member = M_PH;
      else if (c[i + 4] === QUOTE) member = w === W_PID ? M_PID : w === W_TID ? M_TID : w === W_DUR ? M_DUR : M_OTHER;
      else if (c[i + 5] === QUOTE && c[i + 4] === (w === W_NAM ? 0x65 : w === W_ARG ? 0x73 : -1))
        member = w === W_NAM ? M_NAME : M_ARGS;
      if (member === M_OTHER) {
        i = stringEnd(c, dv, i + 1, len);
        if (i < 0) return -1;
      } else i += member === M_TS || member === M_PH ? 3 : member === M_NAME || member === M_ARGS ? 5 : 4;
      i++;
      layout &&= c[i] === COLON && WS[c[i + 1]] !== 1;
      while (i < len && WS[c[i]] === 1) i++;
      if (i >= len || c[i] !== COLON) return -1;
      i++;
      while (i < len && WS[c[i]] === 1) i++;
      if (i >= len) return -1;
      const b = c[i];
      let typed = false;
      if (b === QUOTE) {
        const s = i + 1;
        i = stringEnd(c, dv, s, len);
        if (i < 0) return -1;
        typed = setString(e, member, c, dv, s, i - s);
        i++;
      } else if (b === MINUS || (b >= ZERO && b <= NINE)) {
        if (i + NUMBER_ROOM > len) return -1;
        const at = i;
        // Times as nanoseconds, but for a negative dur, whose value decides whether it is an error (−0 is not).
        i = readNumber(c, dv, i, len, member === M_TS || (member === M_DUR && b !== MINUS));
        if (i < 0) return -1;
        typed = setNumber(e, member, b === MINUS);
        if (member === M_TS) {
          e.tsWholeUs = NaN; // of an earlier "ts" of the same event
          if (!(Math.abs(e.tsNs) < EXACT_NS_LIMIT)) setExactTime(e, c, at, i);
        }
      } else {
        i = skipOther(c, i, len);
        if (i < 0) return -1;
        setOther(e, member);
      }
      layout &&= typed && count < LAYOUT_MEMBERS && WS[c[i]] !== 1;
      if (layout) this.members[count] = member;
      count++;
      while (i < len && WS[c[i]] === 1) i++;
      if (i >= len) return -1;
      const next = c[i++];
      if (next === CLOSE_BRACE) {
        if (layout) this.learn(count);
        return i;
      }
      if (next !== COMMA) return -1;
      layout &&= c[i] === QUOTE;
      while (i < len && WS[c[i]] === 1) i++;
    }
  }

  /** The layout of members[0, count) is the one the next events are first read by. */
  private learn(count: number): void {
    let key = count;
    for (let k = 0; k < count; k++) key = key * 8 + this.members[k];
    let reader = this.layouts.get(key);
    if (!reader) {
      const members = Array.from(this.members.subarray(0, count));
      reader = layoutReader(members, this.readers);
      this.layouts.set(key, reader);
    }
    if (reader !== this.first) [this.first, this.second] = [reader, this.first];
  }
}

/** A string value, set on e as its member reads it: true if the member reads a string (ph: of one ASCII character). */
function setString(
  e: ChromeEvent,
  member: number,
  c: Uint8Array,
  dv: DataView<ArrayBufferLike>,
  s: number,
  n: number,
): boolean {
  if (member === M_NAME) {
    setName(e, c, dv, s, n);
    return true;
  }
  if (member === M_PH) {
    e.phase = n === 1 && c[s] < 0x80 ? c[s] : PH_OTHER;
    return e.phase !== PH_OTHER;
  }
  if (member === M_PID) e.pidKind = ID_STRING;
  else if (member === M_TID) e.tidKind = ID_STRING;
  else setOther(e, member);
  return false;
}

/** The number readNumber just read (a time in nanoseconds, unless a negative dur), set on e as its
 * member reads it: true if the member reads a number. */
function setNumber(e: ChromeEvent, member: number, negative: boolean): boolean {
  if (member === M_TS) e.tsNs = number[0];
  else if (member === M_PID) {
    e.pid = number[0];
    e.pidKind = ID_NUMBER;
  } else if (member === M_TID) {
    e.tid = number[0];
    e.tidKind = ID_NUMBER;
  } else if (member === M_DUR) e.durNs = negative ? durNanoseconds(number[0]) : number[0];
  else {
    setOther(e, member);
    return false;
  }
  return true;
}

/** A member whose value is not of the type read: as if it were absent (JSON.parse keeps the last of repeated members). */
function setOther(e: ChromeEvent, member: number): void {
  if (member === M_PH) e.phase = PH_OTHER;
  else if (member === M_TS) e.tsNs = NaN;
  else if (member === M_DUR) e.durNs = NaN;
  else if (member === M_PID) e.pidKind = ID_ABSENT;
  else if (member === M_TID) e.tidKind = ID_ABSENT;
  else if (member === M_NAME) e.nameLength = e.nameEntry = -1;
  // M_ARGS: nothing nested is read here, so args holds no name; M_OTHER: skipped.
}

/** true, false, null, {} or [] at c[i]: the position after it, or −1. */
function skipOther(c: Uint8Array, i: number, len: number): number {
  const b = c[i];
  if (b === OPEN_BRACE || b === OPEN_BRACKET) {
    i++;
    while (i < len && WS[c[i]] === 1) i++;
    return i < len && c[i] === b + 2 ? i + 1 : -1; // '}' and ']' are '{' and '[' + 2
  }
  const word = b === 0x74 ? "true" : b === 0x66 ? "false" : b === 0x6e ? "null" : "";
  if (word === "" || i + word.length > len) return -1;
  for (let k = 1; k < word.length; k++) if (c[i + k] !== word.charCodeAt(k)) return -1;
  return i + word.length;
}
