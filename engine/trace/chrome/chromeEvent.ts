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

export class ChromeEvent {
  phase = PH_OTHER;
  ts = 0;
  hasTs = false;
  dur = 0;
  hasDur = false;
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
    this.hasTs = this.hasDur = false;
    this.pidKind = this.tidKind = ID_ABSENT;
    this.nameLength = this.argsNameLength = -1;
    this.nameBytes = this.name;
    this.nameView = this.ownView;
    this.nameStart = 0;
  }
}
