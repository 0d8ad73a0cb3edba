// How many payload bytes follow an entry or exit record with `more = 1`: the
// record does not say, the argument specs in `info` do (docs/formats.md). Each
// value is stored at its size rounded up to 4; a string is a u16 length then
// its bytes, rounded up to 4; the whole payload is rounded up to 8.
import { TraceError } from "../diagnostics.js";
import type { ArgValues } from "../eventBatch.js";
import { textLines, type TextLine } from "./textLines.js";

interface ValueSpec {
  /** Bytes for fixed-size values; -1 for a length-prefixed string. */
  readonly size: number;
  /** How its bytes read as a number: signed (uftrace's default, `d`), unsigned (`u`, `o`), floating
   * point; strings, chars, enums, pointers and hex (`p`, `x`: addresses and flags, no size of anything) as none. */
  readonly kind: "signed" | "unsigned" | "float" | "none";
  /** Its name in the spec: "arg2", "fparg1". */
  readonly label: string;
}

interface SpecRule {
  readonly pattern: RegExp;
  readonly values: readonly ValueSpec[];
  /** The labels of its numeric values, shared by every entry it decodes. */
  readonly numericLabels: readonly string[];
}

/** Rules in priority order, with the first match per function name cached. */
export class SpecList {
  private readonly cache = new Map<string, SpecRule | null>();
  constructor(readonly rules: readonly SpecRule[]) {}

  ruleFor(name: string): SpecRule | null {
    let rule = this.cache.get(name);
    if (rule === undefined) {
      rule = this.rules.find((r) => r.pattern.test(name)) ?? null;
      this.cache.set(name, rule);
    }
    return rule;
  }
}

export interface PayloadSpecs {
  readonly entry: SpecList;
  readonly exit: SpecList;
}

/** Where a spec was read, for messages: the file and the byte offset of its line. */
interface SpecPlace {
  readonly file: string;
  readonly byteOffset: number;
}

/** Specs in uftrace's order: explicit `-A`/`-R` first, then (with `-a`, info's
 * `auto-args:1`) the built-in library list, then each module's debug info (`*.dbg`). */
export function parsePayloadSpecs(
  lines: ReadonlyMap<string, readonly TextLine[]>,
  infoFile: string,
  dbgFiles: readonly { name: string; bytes: Uint8Array }[],
): PayloadSpecs {
  const auto = lines.get("auto-args")?.[0]?.text === "1";
  const rules = (keys: string[]) =>
    keys.flatMap((k) =>
      (lines.get(k) ?? []).flatMap((l) => parseRules(l.text, { file: infoFile, byteOffset: l.byteOffset })),
    );
  const dbg = auto ? dbgFiles.map((f) => parseDbgRules(f.bytes, f.name)) : [];
  return {
    entry: new SpecList([...rules(auto ? ["argspec", "argauto"] : ["argspec"]), ...dbg.flatMap((d) => d.entry)]),
    exit: new SpecList([...rules(auto ? ["retspec", "retauto"] : ["retspec"]), ...dbg.flatMap((d) => d.exit)]),
  };
}

/** `F: <offset> <name>` then `A: @arg…` / `R: @retval…` lines of a `.dbg` file. */
function parseDbgRules(bytes: Uint8Array, file: string): { entry: SpecRule[]; exit: SpecRule[] } {
  const entry: SpecRule[] = [];
  const exit: SpecRule[] = [];
  let name = "";
  for (const { text: line, byteOffset } of textLines(bytes)) {
    if (line.startsWith("F: ")) name = line.slice(3).split(" ").slice(1).join(" ");
    else if (name && (line.startsWith("A: ") || line.startsWith("R: "))) {
      const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      // A line with no `@…` holds no spec, and gives no rule (as in info).
      (line[0] === "A" ? entry : exit).push(...parseRules(`${escaped}${line.slice(3)}`, { file, byteOffset }));
    }
  }
  return { entry, exit };
}

/** Payload bytes after a record of `name`, padded to 8; −1 if no spec matches,
 * NaN if a string length is not in the buffer yet. */
export function payloadBytes(specs: SpecList, name: string, read: (offset: number) => number): number {
  const rule = specs.ruleFor(name);
  if (!rule) return -1;
  let offset = 0;
  for (const v of rule.values) {
    if (v.size >= 0) offset += align(v.size, 4);
    else offset += align(2 + read(offset), 4);
  }
  return align(offset, 8);
}

function parseRules(line: string, place: SpecPlace): SpecRule[] {
  return line
    .split(";")
    .filter((s) => s.includes("@"))
    .map((spec) => {
      const at = spec.indexOf("@");
      const values = spec
        .slice(at + 1)
        .split(",")
        .filter((a) => /^(arg|fparg|retval)/.test(a))
        .map((a) => ({ size: valueSize(a, place), kind: valueKind(a), label: a.split("/")[0] }));
      return {
        pattern: functionPattern(spec.slice(0, at), spec, place),
        values,
        numericLabels: values.filter((v) => v.kind !== "none").map((v) => v.label),
      };
    });
}

/** The functions a spec is for: uftrace's patterns are regular expressions (info's `pattern_type:regex`). */
function functionPattern(name: string, spec: string, place: SpecPlace): RegExp {
  try {
    return new RegExp(`^(?:${name})$`);
  } catch (e) {
    throw new TraceError({
      kind: "malformed",
      ...place,
      detail: `argument spec ${JSON.stringify(spec.slice(0, 80))}: its function pattern is not a regular expression (${(e as Error).message})`,
    });
  }
}

/** The numeric values in an entry's payload with their labels (an integer beyond 2^53 rounded); null when none is numeric. */
export function decodeArgs(specs: SpecList, name: string, buf: Uint8Array, start: number): ArgValues | null {
  const rule = specs.ruleFor(name);
  if (!rule || rule.numericLabels.length === 0) return null;
  const view = new DataView(buf.buffer, buf.byteOffset + start);
  const values: number[] = [];
  let offset = 0;
  for (const v of rule.values) {
    if (v.size < 0) {
      offset += align(2 + view.getUint16(offset, true), 4);
      continue;
    }
    if (v.kind !== "none") values.push(readNumber(view, offset, v));
    offset += align(v.size, 4);
  }
  return { labels: rule.numericLabels, values };
}

function readNumber(view: DataView, at: number, v: ValueSpec): number {
  if (v.kind === "float")
    return v.size === 4 ? view.getFloat32(at, true) : v.size === 8 ? view.getFloat64(at, true) : NaN;
  switch (v.size) {
    case 1:
      return v.kind === "signed" ? view.getInt8(at) : view.getUint8(at);
    case 2:
      return v.kind === "signed" ? view.getInt16(at, true) : view.getUint16(at, true);
    case 4:
      return v.kind === "signed" ? view.getInt32(at, true) : view.getUint32(at, true);
    case 8:
      return Number(v.kind === "signed" ? view.getBigInt64(at, true) : view.getBigUint64(at, true));
    default:
      return NaN;
  }
}

function valueKind(arg: string): ValueSpec["kind"] {
  if (arg.startsWith("fparg")) return "float";
  const slash = arg.indexOf("/");
  const fmt = slash < 0 ? "" : arg.slice(slash + 1);
  if (fmt === "s" || fmt === "S" || fmt === "c" || fmt.startsWith("e:") || fmt.startsWith("p") || fmt.startsWith("x"))
    return "none";
  if (fmt.startsWith("f")) return "float";
  if (fmt.startsWith("u") || fmt.startsWith("o")) return "unsigned";
  return "signed";
}

function valueSize(arg: string, place: SpecPlace): number {
  const slash = arg.indexOf("/");
  const fmt = slash < 0 ? "" : arg.slice(slash + 1);
  if (arg.startsWith("fparg")) return fmt.startsWith("f") ? floatSize(fmt) : 8;
  if (fmt === "s" || fmt === "S") return -1;
  if (fmt === "c") return 1;
  if (fmt.startsWith("f")) return floatSize(fmt);
  if (fmt.startsWith("t")) {
    throw new TraceError({
      kind: "malformed",
      ...place,
      detail: `argument spec ${arg} (struct by value) is not supported`,
    });
  }
  const bits = /(\d+)$/.exec(fmt.startsWith("e:") ? "" : fmt);
  return bits ? Number(bits[1]) / 8 : 8;
}

function floatSize(fmt: string): number {
  const bits = /(\d+)$/.exec(fmt);
  return bits ? (Number(bits[1]) === 80 ? 16 : Number(bits[1]) / 8) : 8;
}

function align(n: number, to: number): number {
  return Math.ceil(n / to) * to;
}
