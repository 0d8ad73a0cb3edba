// Readers of one event layout (plainEvent.ts learns layouts): a tool writes
// every event with the same members in the same order, compact, so once an
// event shows the layout the next ones are read member by member without
// asking which member comes: each name is checked as two words where it must
// stand, then its value read. A number is first compared with the member's
// last one (numberMemo.ts), a name looked up where it stands (NameTable.guess).
import { ID_NUMBER, durNanoseconds, type ChromeEvent } from "./chromeEvent.js";
import {
  NUMBER_ROOM,
  W_DUR,
  W_NAM,
  W_PH,
  W_PID,
  W_TID,
  W_TS,
  number,
  readNumber,
  stringEnd,
  word,
} from "./plainBytes.js";
import type { NameTable } from "./nameTable.js";
import { NumberMemo } from "./numberMemo.js";
import { EXACT_NS_LIMIT, setExactTime } from "./exactTime.js";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const CLOSE_BRACE = 0x7d;
const MINUS = 0x2d;

// The members read.
export const M_OTHER = 0;
export const M_PH = 1;
export const M_TS = 2;
export const M_DUR = 3;
export const M_PID = 4;
export const M_TID = 5;
export const M_NAME = 6;
export const M_ARGS = 7;

/** Most members a layout reader takes: ph, name, ts, dur, pid, tid. */
export const LAYOUT_MEMBERS = 6;

/** Reads the event whose '{' is c[i − 1]: the position after its '}', or −1 to leave it to the next reader. */
export type EventReader = (
  c: Uint8Array,
  dv: DataView<ArrayBufferLike>,
  i: number,
  len: number,
  e: ChromeEvent,
) => number;

/** Reads one member of a known layout, its name at c[i]: the position after its value, or −1. */
type MemberReader = EventReader;

// The bytes after a member's first four, as one word: `"ts":` is read as `"ts"` and `ts":`, and so on.
const W_TS_COLON = word('ts":');
const W_PH_COLON = word('h":"');
const W_ID_COLON = word('id":');
const W_UR_COLON = word('ur":');
const W_NAME_COLON = word('e":"');

/** The member readers of one reader of events, by member (M_*), each number reader with a memo of its own. */
export function memberReaders(names: NameTable): readonly (MemberReader | null)[] {
  return [
    null,
    readPh,
    tsReader(new NumberMemo(true)),
    durReader(new NumberMemo(true)),
    pidReader(new NumberMemo(false)),
    tidReader(new NumberMemo(false)),
    nameReader(names),
  ];
}

/**
 * A reader of one layout: each member's reader is called from a call site of
 * its own, so while a file keeps to a layout every site calls one function and
 * V8 inlines it, as if the layout were written out by hand (a fifth of the
 * whole read of uftrace's export, against asking each member which it is).
 */
export function layoutReader(members: readonly number[], readers: readonly (MemberReader | null)[]): EventReader {
  const [r0, r1, r2, r3, r4, r5] = Array.from({ length: LAYOUT_MEMBERS }, (_, k) =>
    k < members.length ? readers[members[k]] : null,
  );
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

function tsReader(memo: NumberMemo): MemberReader {
  return (c, dv, i, len, e) => {
    if (i + NUMBER_ROOM > len || dv.getInt32(i, true) !== W_TS || dv.getInt32(i + 1, true) !== W_TS_COLON) return -1;
    const v = i + 5;
    const w0 = dv.getInt32(v, true);
    const w1 = dv.getInt32(v + 4, true);
    i = memo.timeTail(c, dv, v, w0, w1);
    if (i < 0) i = memo.readNew(c, dv, v, len, w0, w1);
    e.tsNs = number[0];
    if (!(Math.abs(e.tsNs) < EXACT_NS_LIMIT) && i >= 0) setExactTime(e, c, v, i);
    return i;
  };
}

const readPh: MemberReader = (c, dv, i, len, e) => {
  if (
    i + NUMBER_ROOM > len ||
    dv.getInt32(i, true) !== W_PH ||
    dv.getInt32(i + 2, true) !== W_PH_COLON ||
    c[i + 7] !== QUOTE
  )
    return -1;
  const ph = c[i + 6];
  if (!isPhase(ph)) return -1;
  e.phase = ph;
  return i + 8;
};

// pid, tid, dur: four bytes and `":`, then a number (three readers, not one made three times:
// each call site should see one function).
function pidReader(memo: NumberMemo): MemberReader {
  return (c, dv, i, len, e) => {
    if (i + NUMBER_ROOM > len || dv.getInt32(i, true) !== W_PID || dv.getInt32(i + 2, true) !== W_ID_COLON) return -1;
    const v = i + 6;
    const w0 = dv.getInt32(v, true);
    const w1 = dv.getInt32(v + 4, true);
    i = memo.knownEnd(w0, w1, v);
    if (i >= 0) e.pid = memo.value;
    else {
      i = memo.readNew(c, dv, v, len, w0, w1);
      e.pid = number[0];
    }
    e.pidKind = ID_NUMBER;
    return i;
  };
}

function tidReader(memo: NumberMemo): MemberReader {
  return (c, dv, i, len, e) => {
    if (i + NUMBER_ROOM > len || dv.getInt32(i, true) !== W_TID || dv.getInt32(i + 2, true) !== W_ID_COLON) return -1;
    const v = i + 6;
    const w0 = dv.getInt32(v, true);
    const w1 = dv.getInt32(v + 4, true);
    i = memo.knownEnd(w0, w1, v);
    if (i >= 0) e.tid = memo.value;
    else {
      i = memo.readNew(c, dv, v, len, w0, w1);
      e.tid = number[0];
    }
    e.tidKind = ID_NUMBER;
    return i;
  };
}

function durReader(memo: NumberMemo): MemberReader {
  return (c, dv, i, len, e) => {
    if (i + NUMBER_ROOM > len || dv.getInt32(i, true) !== W_DUR || dv.getInt32(i + 2, true) !== W_UR_COLON) return -1;
    const v = i + 6;
    // A negative dur is an error, unless it is −0: its value decides, not its nanoseconds.
    if (c[v] === MINUS) {
      i = readNumber(c, dv, v, len, false);
      e.durNs = durNanoseconds(number[0]);
    } else {
      i = memo.readNew(c, dv, v, len, dv.getInt32(v, true), dv.getInt32(v + 4, true));
      e.durNs = number[0];
    }
    return i;
  };
}

/** The name reader of one name table: a name seen before is known by its bytes where it stands. */
function nameReader(names: NameTable): MemberReader {
  return (c, dv, i, len, e) => {
    if (i + NUMBER_ROOM > len || dv.getInt32(i, true) !== W_NAM || dv.getInt32(i + 4, true) !== W_NAME_COLON) return -1;
    return readName(c, dv, i + 8, len, e, names);
  };
}

/** A ph value a layout reader takes: one printable ASCII character, not an escape. */
function isPhase(b: number): boolean {
  return b >= 0x20 && b < 0x80 && b !== QUOTE && b !== BACKSLASH;
}

/** The name whose text starts at c[s] (s + 8 ≤ len), set on e: the position after its closing quote, or −1. */
function readName(
  c: Uint8Array,
  dv: DataView<ArrayBufferLike>,
  s: number,
  len: number,
  e: ChromeEvent,
  names: NameTable,
): number {
  const known = names.guess(c, dv, s, len);
  if (known >= 0) {
    e.nameEntry = known;
    e.nameLength = names.lengthOf(known);
    return s + e.nameLength + 1;
  }
  const end = stringEnd(c, dv, s, len);
  if (end < 0) return -1;
  setName(e, c, dv, s, end - s);
  return end + 1;
}

/** The name's bytes where they stand in the chunk; the first eight are the key NameTable.guess() will know it by. */
export function setName(e: ChromeEvent, c: Uint8Array, dv: DataView<ArrayBufferLike>, s: number, n: number): void {
  e.nameEntry = -1; // an earlier "name" of the same event may have been known
  e.nameBytes = c;
  e.nameView = dv;
  e.nameStart = s;
  e.nameLength = n;
  if (s + 8 <= dv.byteLength) {
    e.nameWord0 = dv.getInt32(s, true);
    e.nameWord1 = dv.getInt32(s + 4, true);
    e.nameGuessable = true;
  }
}
