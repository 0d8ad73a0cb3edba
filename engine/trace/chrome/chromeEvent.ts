// One Chrome event as the reader (readChromeTrace.ts) takes it: the members it
// acts on, filled in by whichever pass read the event (plainEvent.ts or
// eventParser.ts), valid until the next event.

/** Longest name kept, in bytes as written; a longer one is cut (readChromeTrace.ts says so). */
export const MAX_NAME_BYTES = 64 << 10;

/** `ph` values the reader acts on, as their character codes; anything else is PH_OTHER. */
export const PH_OTHER = 0;
export const PH_B = 0x42;
export const PH_E = 0x45;
export const PH_X = 0x58;
export const PH_M = 0x4d;
/** What a pid or tid member held. */
export const ID_ABSENT = 0;
export const ID_NUMBER = 1;
export const ID_STRING = 2;

/** A ts in microseconds as whole nanoseconds, as the reader has always rounded it; NaN if not finite. */
export function tsNanoseconds(us: number): number {
  return Number.isFinite(us) ? Math.round(us * 1000) : NaN;
}

/** A dur in microseconds as whole nanoseconds; NaN unless finite and at least 0. */
export function durNanoseconds(us: number): number {
  return Number.isFinite(us) && us >= 0 ? Math.round(us * 1000) : NaN;
}

export class ChromeEvent {
  phase = PH_OTHER;
  /** ts in whole nanoseconds; NaN when there is no numeric, finite ts. */
  tsNs = NaN;
  /** A ts of EXACT_NS_LIMIT or more as whole microseconds and nanoseconds apart, each exact (exactTime.ts);
   * tsWholeUs is NaN when not read so. */
  tsWholeUs = NaN;
  tsFractionNs = 0;
  /** dur in whole nanoseconds; NaN when there is no numeric, finite dur of at least 0. */
  durNs = NaN;
  pid = 0;
  pidKind = ID_ABSENT;
  tid = 0;
  tidKind = ID_ABSENT;
  /** The name's raw bytes (escapes as written) when they are copied: the first MAX_NAME_BYTES + 1 of nameLength. */
  readonly name = new Uint8Array(MAX_NAME_BYTES + 1);
  /** The name's length in bytes as written; −1: no string name. */
  nameLength = -1;
  /** Where the name's raw bytes are: `name` from 0, or the chunk itself (plainEvent.ts), from nameStart. */
  nameBytes: Uint8Array = this.name;
  /** The same bytes for four-byte reads (nameTable.ts compares names a word at a time). */
  nameView: DataView<ArrayBufferLike>;
  nameStart = 0;
  /** The name's entry in the reader's NameTable when the fast pass found it there, else −1. */
  nameEntry = -1;
  /** The name's first eight bytes as they stand in the chunk (layoutReaders.ts), by which NameTable.guess()
   * finds it next time; meaningful only while nameGuessable. */
  nameWord0 = 0;
  nameWord1 = 0;
  nameGuessable = false;
  /** args.name, as the name (M events name threads with it). */
  readonly argsName = new Uint8Array(MAX_NAME_BYTES + 1);
  argsNameLength = -1;
  /** The file offset of the event's '{', for messages. */
  eventStart = 0;
  private readonly ownView: DataView<ArrayBufferLike>;

  constructor() {
    this.ownView = this.nameView = new DataView(this.name.buffer);
  }

  /** Every member absent. */
  reset(eventStart: number): void {
    this.eventStart = eventStart;
    this.phase = PH_OTHER;
    this.tsNs = this.durNs = this.tsWholeUs = NaN;
    this.pidKind = this.tidKind = ID_ABSENT;
    this.nameLength = this.argsNameLength = -1;
    this.nameBytes = this.name;
    this.nameView = this.ownView;
    this.nameStart = 0;
    this.nameEntry = -1;
    this.nameGuessable = false;
  }
}
