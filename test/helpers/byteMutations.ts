// Seeded damage to a valid input, for the readers' fuzz tests (issue 17): the
// file cut short, bytes changed, ranges deleted, duplicated or swapped,
// garbage spliced in, a number made huge, the file emptied. Ranges start at a
// unit boundary (a record, a line) half the time, so whole units move and the
// damage reaches past a reader's first checks.

export interface MutationOptions {
  /** Bytes that mean something in the format (delimiters, digits, signs), favoured over any byte. */
  readonly alphabet?: string;
  /** Offsets where the format's units start (16-byte records, lines). */
  readonly boundaries?: (bytes: Uint8Array) => readonly number[];
  /** Numbers are binary words (overwritten in place) rather than digits in text. */
  readonly binary?: boolean;
}

export interface Mutated {
  readonly bytes: Uint8Array;
  /** The operations done, e.g. "cut@120 swap@16+32/64", shown when a case fails. */
  readonly label: string;
}

/** Numbers past what any field holds: 2⁶⁴, 2⁵³ + 1, overflow to Infinity, signs, other notations. */
const HUGE_NUMBERS = [
  "18446744073709551616",
  "9007199254740993",
  "1e309",
  "99999999999999999999999999999",
  "-1",
  "-0",
  "0",
  "4294967296",
  "0x7fffffff",
  "1.5",
  "NaN",
  "Infinity",
];
/** Words at the edges of 16, 32 and 64 bits, little-endian. */
const EDGE_WORDS = [
  [0xff, 0xff],
  [0xff, 0xff, 0xff, 0xff],
  [0, 0, 0, 0x80],
  [0xff, 0xff, 0xff, 0x7f],
  [0, 0, 0, 0],
  [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
  [0, 0, 0, 0, 0, 0, 0, 0x80],
];

/** One to three operations on a copy of `input`, drawn from `random`. */
export function mutateBytes(input: Uint8Array, random: () => number, options: MutationOptions = {}): Mutated {
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];
  const alphabet = Array.from(options.alphabet ?? "", (c) => c.charCodeAt(0) & 0xff);
  const byte = () => (alphabet.length > 0 && random() < 0.6 ? pick(alphabet) : int(256));
  let bytes = [...input];
  const at = () => {
    const units = options.boundaries && random() < 0.5 ? options.boundaries(Uint8Array.from(bytes)) : [];
    return units.length > 0 ? pick(units) : int(bytes.length + 1);
  };
  /** A range [start, end) of up to `max` bytes, or to the next boundaries. */
  const range = (max: number): [number, number] => {
    const start = at();
    const end = options.boundaries && random() < 0.5 ? Math.max(start, at()) : start + 1 + int(max);
    return [start, Math.min(end, bytes.length)];
  };
  const ops: string[] = [];
  if (random() < 0.02) return { bytes: new Uint8Array(0), label: "empty" };
  for (let n = 1 + int(3); n > 0; n--) {
    const op = pick(["cut", "flip", "flip", "delete", "duplicate", "swap", "garbage", "number", "number"]);
    if (op === "cut") {
      const i = at();
      bytes.length = Math.min(i, bytes.length);
      ops.push(`cut@${i}`);
    } else if (op === "flip") {
      const i = int(bytes.length);
      for (let k = 1 + int(4); k > 0 && i + k - 1 < bytes.length; k--) bytes[i + k - 1] = byte();
      ops.push(`flip@${i}`);
    } else if (op === "delete") {
      const [s, e] = range(64);
      bytes.splice(s, e - s);
      ops.push(`delete@${s}+${e - s}`);
    } else if (op === "duplicate") {
      const [s, e] = range(256);
      const to = at();
      bytes = [...bytes.slice(0, to), ...bytes.slice(s, e), ...bytes.slice(to)]; // not splice(...): a range can pass the arguments limit
      ops.push(`duplicate@${s}+${e - s}>${to}`);
    } else if (op === "swap") {
      const [[s1, e1], [s2, e2]] = [range(64), range(64)].sort((a, b) => a[0] - b[0]);
      if (e1 <= s2)
        bytes = [
          ...bytes.slice(0, s1),
          ...bytes.slice(s2, e2),
          ...bytes.slice(e1, s2),
          ...bytes.slice(s1, e1),
          ...bytes.slice(e2),
        ];
      ops.push(`swap@${s1}+${e1 - s1}/${s2}+${e2 - s2}`);
    } else if (op === "garbage") {
      const i = at();
      bytes.splice(i, 0, ...Array.from({ length: 1 + int(64) }, byte));
      ops.push(`garbage@${i}`);
    } else {
      ops.push(options.binary ? overwriteWord(bytes, int, pick) : replaceNumber(bytes, pick));
    }
  }
  return { bytes: Uint8Array.from(bytes), label: ops.join(" ") };
}

/** An aligned word set to an edge value: a length, a count, a time or an address at its extreme. */
function overwriteWord(bytes: number[], int: (n: number) => number, pick: <T>(xs: readonly T[]) => T): string {
  const word = pick(EDGE_WORDS);
  const i = int(Math.max(1, bytes.length >> 2)) << 2;
  for (let k = 0; k < word.length && i + k < bytes.length; k++) bytes[i + k] = word[k];
  return `word@${i}`;
}

/** A run of digits in text replaced by a huge or odd number. */
function replaceNumber(bytes: number[], pick: <T>(xs: readonly T[]) => T): string {
  const runs: [number, number][] = [];
  for (let i = 0; i < bytes.length;) {
    if (bytes[i] < 0x30 || bytes[i] > 0x39) {
      i++;
      continue;
    }
    const start = i;
    while (i < bytes.length && bytes[i] >= 0x30 && bytes[i] <= 0x39) i++;
    runs.push([start, i]);
  }
  if (runs.length === 0) return "number@none";
  const [s, e] = pick(runs);
  bytes.splice(s, e - s, ...Array.from(pick(HUGE_NUMBERS), (c) => c.charCodeAt(0)));
  return `number@${s}`;
}

/** Offsets after each newline: the line starts of a text format. */
export function lineStarts(bytes: Uint8Array): number[] {
  const out = [0];
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x0a) out.push(i + 1);
  return out;
}
