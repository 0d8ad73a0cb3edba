// The common Chrome event read in one straight pass where it lies: whole in
// the chunk, names and strings without escapes, nothing nested but an empty
// {} or []. Any other event, and any error, is left to EventParser, which
// reads it again from its '{' (it may cross chunks, nest, escape); so messages
// come from one place, and on what both read they agree by construction
// (chromeScanner.test.ts and chromeFuzz.test.ts read the same files in chunks
// of every size, which send events down either path). Speed comes from
// keeping no state between bytes, copying no name, knowing member names by
// four bytes at once, reading one event after another without a return, and
// from the file's regularity: a tool writes every event with the same members
// in the same order, so once an event shows the layout, the next ones are
// read by a reader composed for it (layoutReader).
import { ID_ABSENT, ID_NUMBER, ID_STRING, PH_OTHER, type ChromeEvent } from "./chromeEvent.js";
import { NUMBER_ROOM, W_ARG, W_DUR, W_NAM, W_PH, W_PID, W_TID, W_TS, number, readNumber, stringEnd } from "./plainBytes.js";
import { whitespaceTable } from "./jsonBytes.js";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;
const WS = whitespaceTable();

// The members read.
const M_OTHER = 0;
const M_PH = 1;
const M_TS = 2;
const M_DUR = 3;
const M_PID = 4;
const M_TID = 5;
const M_NAME = 6;
const M_ARGS = 7;

/** Most members a layout reader takes: ph, name, ts, dur, pid, tid. */
const LAYOUT_MEMBERS = 6;

/** Reads the event whose '{' is c[i − 1]: the position after its '}', or −1. */
type EventReader = (c: Uint8Array, dv: DataView<ArrayBufferLike>, i: number, len: number, e: ChromeEvent) => number;

export class PlainEvents {
  /** Readers of the layouts seen, by key (learn()); the two last used are tried first, as a trace of
   * several threads may write two (uftrace leaves tid out on the main thread). */
  private readonly layouts = new Map<number, EventReader>();
  private first: EventReader | null = null;
  private second: EventReader | null = null;
  private readonly members = new Int8Array(LAYOUT_MEMBERS);

  /**
   * Reads plain events one after another from c[i], the '{' of an event in
   * the events array, calling onEvent after each. Returns where it stopped:
   * the '{' of an event it leaves to EventParser, or the first byte between
   * events that is not whitespace or a comma.
   */
  read(c: Uint8Array, dv: DataView<ArrayBufferLike>, i: number, len: number, e: ChromeEvent, chunkOffset: number, maxBytes: number, onEvent: (e: ChromeEvent) => void): number {
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
      while (i < len && (WS[c[i]] === 1 || c[i] === COMMA)) i++;
      if (i === len || c[i] !== OPEN_BRACE) return i;
    }
  }

  /** The event whose '{' is c[i − 1], in any plain layout: the position after its '}', or −1 to leave it to EventParser. */
  private readAny(c: Uint8Array, dv: DataView<ArrayBufferLike>, i: number, len: number, e: ChromeEvent, eventStart: number): number {
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
      else if (c[i + 5] === QUOTE && c[i + 4] === (w === W_NAM ? 0x65 : w === W_ARG ? 0x73 : -1)) member = w === W_NAM ? M_NAME : M_ARGS;
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
        i = readNumber(c, i, len);
        if (i < 0) return -1;
        typed = setNumber(e, member, number.value);
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
    if (!reader) this.layouts.set(key, (reader = layoutReader(Array.from(this.members.subarray(0, count)))));
    if (reader !== this.first) [this.first, this.second] = [reader, this.first];
  }
}

/** Reads one member of a known layout, its name at c[i]: the position after its value, or −1. */
type MemberReader = EventReader;

const readTs: MemberReader = (c, dv, i, len, e) => {
  if (i + NUMBER_ROOM > len || dv.getInt32(i, true) !== W_TS || c[i + 4] !== COLON) return -1;
  i = readNumber(c, i + 5, len);
  e.ts = number.value;
  e.hasTs = true;
  return i;
};

const readPh: MemberReader = (c, dv, i, len, e) => {
  if (i + NUMBER_ROOM > len || dv.getInt32(i, true) !== W_PH || c[i + 4] !== COLON || c[i + 5] !== QUOTE || c[i + 7] !== QUOTE) return -1;
  const ph = c[i + 6];
  if (ph < 0x20 || ph >= 0x80 || ph === QUOTE || ph === BACKSLASH) return -1;
  e.phase = ph;
  return i + 8;
};

// pid, tid, dur: four bytes and a quote, then a number (three readers, not one made three times:
// each call site should see one function).
const readPid: MemberReader = (c, dv, i, len, e) => {
  if (i + NUMBER_ROOM > len || dv.getInt32(i, true) !== W_PID || c[i + 4] !== QUOTE || c[i + 5] !== COLON) return -1;
  i = readNumber(c, i + 6, len);
  e.pid = number.value;
  e.pidKind = ID_NUMBER;
  return i;
};

const readTid: MemberReader = (c, dv, i, len, e) => {
  if (i + NUMBER_ROOM > len || dv.getInt32(i, true) !== W_TID || c[i + 4] !== QUOTE || c[i + 5] !== COLON) return -1;
  i = readNumber(c, i + 6, len);
  e.tid = number.value;
  e.tidKind = ID_NUMBER;
  return i;
};

const readDur: MemberReader = (c, dv, i, len, e) => {
  if (i + NUMBER_ROOM > len || dv.getInt32(i, true) !== W_DUR || c[i + 4] !== QUOTE || c[i + 5] !== COLON) return -1;
  i = readNumber(c, i + 6, len);
  e.dur = number.value;
  e.hasDur = true;
  return i;
};

const readName: MemberReader = (c, dv, i, len, e) => {
  if (i + NUMBER_ROOM > len || dv.getInt32(i, true) !== W_NAM || c[i + 4] !== 0x65 || c[i + 5] !== QUOTE || c[i + 6] !== COLON || c[i + 7] !== QUOTE) return -1;
  const s = i + 8;
  i = stringEnd(c, dv, s, len);
  if (i < 0) return -1;
  e.nameBytes = c;
  e.nameView = dv;
  e.nameStart = s;
  e.nameLength = i - s;
  return i + 1;
};

/** The member readers, by member (M_*). */
const MEMBER_READERS: readonly (MemberReader | null)[] = [null, readPh, readTs, readDur, readPid, readTid, readName];

/**
 * A reader of one layout: each member's reader is called from a call site of
 * its own, so while a file keeps to a layout every site calls one function and
 * V8 inlines it, as if the layout were written out by hand (a fifth of the
 * whole read of uftrace's export, against asking each member which it is).
 */
function layoutReader(members: readonly number[]): EventReader {
  const [r0, r1, r2, r3, r4, r5] = Array.from({ length: LAYOUT_MEMBERS }, (_, k) => (k < members.length ? MEMBER_READERS[members[k]] : null));
  return (c, dv, i, len, e) => {
    i = r0!(c, dv, i, len, e);
    if (r1 !== null) {
      if (i < 0 || c[i] !== COMMA) return -1;
      i = r1(c, dv, i + 1, len, e);
      if (r2 !== null) {
        if (i < 0 || c[i] !== COMMA) return -1;
        i = r2(c, dv, i + 1, len, e);
        if (r3 !== null) {
          if (i < 0 || c[i] !== COMMA) return -1;
          i = r3(c, dv, i + 1, len, e);
          if (r4 !== null) {
            if (i < 0 || c[i] !== COMMA) return -1;
            i = r4(c, dv, i + 1, len, e);
            if (r5 !== null) {
              if (i < 0 || c[i] !== COMMA) return -1;
              i = r5(c, dv, i + 1, len, e);
            }
          }
        }
      }
    }
    return i >= 0 && c[i] === CLOSE_BRACE ? i + 1 : -1;
  };
}

/** A string value, set on e as its member reads it: true if the member reads a string (ph: of one ASCII character). */
function setString(e: ChromeEvent, member: number, c: Uint8Array, dv: DataView<ArrayBufferLike>, s: number, n: number): boolean {
  if (member === M_NAME) {
    e.nameBytes = c;
    e.nameView = dv;
    e.nameStart = s;
    e.nameLength = n;
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

/** A number value, set on e as its member reads it: true if the member reads a number. */
function setNumber(e: ChromeEvent, member: number, v: number): boolean {
  if (member === M_TS) {
    e.ts = v;
    e.hasTs = true;
  } else if (member === M_PID) {
    e.pid = v;
    e.pidKind = ID_NUMBER;
  } else if (member === M_TID) {
    e.tid = v;
    e.tidKind = ID_NUMBER;
  } else if (member === M_DUR) {
    e.dur = v;
    e.hasDur = true;
  } else {
    setOther(e, member);
    return false;
  }
  return true;
}

/** A member whose value is not of the type read: as if it were absent (JSON.parse keeps the last of repeated members). */
function setOther(e: ChromeEvent, member: number): void {
  if (member === M_PH) e.phase = PH_OTHER;
  else if (member === M_TS) e.hasTs = false;
  else if (member === M_DUR) e.hasDur = false;
  else if (member === M_PID) e.pidKind = ID_ABSENT;
  else if (member === M_TID) e.tidKind = ID_ABSENT;
  else if (member === M_NAME) e.nameLength = -1;
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
