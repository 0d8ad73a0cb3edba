// Results on standard output. JSON for scripts is written as it is made:
// exactly JSON.stringify(value, null, 2) and a newline, but in pieces, so that
// a result longer than the longest string V8 holds (512 MiB; the dominant
// variance of a recursion 5,000 deep, whose every node names its whole call
// chain, prints 665 MB) is printed, not lost to a RangeError, and no copy of
// it is held whole. Other export formats are written as their exporter renders them.
import type { Exporter } from "../../report/exporter.js";

/** Containers this deep or deeper are written as one piece each (a node, a row): small, and many. */
const PIECE_DEPTH = 3;
/** Bytes gathered before a write. */
const WRITE_BYTES = 1 << 20;

/** Where output goes: standard output, or what a test gives. */
export interface Out {
  write(chunk: string | Uint8Array): boolean;
  once(event: "drain", listener: () => void): unknown;
}

/** Writes value as JSON.stringify(value, null, 2) + "\n" to `out`, waiting while it is full. */
export async function printJson(value: unknown, out: Out = process.stdout): Promise<void> {
  let pending: string[] = [];
  let size = 0;
  for (const piece of pieces(value, 0, "")) {
    pending.push(piece);
    size += piece.length;
    if (size < WRITE_BYTES) continue;
    await write(out, pending.join(""));
    pending = [];
    size = 0;
  }
  pending.push("\n");
  await write(out, pending.join(""));
}

function write(out: Out, chunk: string | Uint8Array): Promise<void> {
  return new Promise((done) => (out.write(chunk) ? done() : out.once("drain", done)));
}

/** The pieces of `value`'s text at nesting `depth`, its lines indented by `indent` after the first
 * (as JSON.stringify(…, null, 2) indents a value inside its containers); `key` for toJSON. */
function* pieces(value: unknown, depth: number, indent: string, key = ""): Generator<string> {
  const v = jsonValue(value, key);
  if (depth >= PIECE_DEPTH || v === null || typeof v !== "object") {
    const text = JSON.stringify(v, null, 2) ?? "null";
    yield depth > 0 && text.includes("\n") ? text.replaceAll("\n", `\n${indent}`) : text;
    return;
  }
  const inner = `${indent}  `;
  if (Array.isArray(v)) {
    if (v.length === 0) return yield "[]";
    yield "[";
    for (let i = 0; i < v.length; i++) {
      yield `${i > 0 ? "," : ""}\n${inner}`;
      yield* pieces(v[i], depth + 1, inner, String(i));
    }
    return yield `\n${indent}]`;
  }
  // Members JSON leaves out: undefined, functions and symbols.
  const members = Object.entries(v).filter(([k, x]) => isWritten(jsonValue(x, k)));
  if (members.length === 0) return yield "{}";
  yield "{";
  for (let i = 0; i < members.length; i++) {
    const [k, x] = members[i];
    yield `${i > 0 ? "," : ""}\n${inner}${JSON.stringify(k)}: `;
    yield* pieces(x, depth + 1, inner, k);
  }
  yield `\n${indent}}`;
}

/** What JSON.stringify writes for `value`: its toJSON(key) when it has one. */
function jsonValue(value: unknown, key: string): unknown {
  const toJSON = (value as { toJSON?: unknown } | null)?.toJSON;
  return typeof toJSON === "function" ? (toJSON as (k: string) => unknown).call(value, key) : value;
}

function isWritten(v: unknown): boolean {
  return v !== undefined && typeof v !== "function" && typeof v !== "symbol";
}

/** A result in one of its exporters' formats: JSON as printJson writes it, any other as rendered. */
export function printExport<R, O>(
  exporters: Readonly<Record<string, Exporter<R, O>>>,
  format: string,
  result: R,
  options: O,
): Promise<void> {
  if (format === "json") return printJson(result);
  const out = exporters[format].render(result, options);
  return write(process.stdout, typeof out === "string" ? out.replace(/\n?$/, "\n") : out);
}
