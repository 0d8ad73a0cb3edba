// The `info` file of a uftrace data directory: a 40-byte binary header, then
// `key:value` lines (docs/formats.md, "uftrace data directory").
import { TraceError } from "../diagnostics.js";
import { textLines, type TextLine } from "./textLines.js";

export const FEATURE = {
  pltHook: 1 << 0,
  taskSession: 1 << 1,
  kernel: 1 << 2,
  arguments: 1 << 3,
  returnValues: 1 << 4,
  relativeSymbols: 1 << 5,
  maxStack: 1 << 6,
  events: 1 << 7,
  perfEvents: 1 << 8,
  autoArgs: 1 << 9,
  debugInfo: 1 << 10,
  estimateReturn: 1 << 11,
} as const;

export interface UftraceInfo {
  readonly version: number;
  readonly features: number;
  /** The values of each key, with the byte offsets of their lines. */
  readonly lines: ReadonlyMap<string, TextLine[]>;
}

const MAGIC = "Ftrace!\0";
const HEADER_BYTES = 40;
/** uftrace's file format versions (UFTRACE_FILE_VERSION_MIN 3 and UFTRACE_FILE_VERSION 4 in its sources):
 * anything else was written by no uftrace this reader knows, or is not a header at all. */
const VERSIONS = [3, 4];

export function parseInfo(bytes: Uint8Array, file: string): UftraceInfo {
  if (bytes.length < HEADER_BYTES) {
    throw new TraceError({
      kind: "malformed",
      file,
      byteOffset: bytes.length,
      detail: `header is ${bytes.length} bytes, expected ${HEADER_BYTES}`,
    });
  }
  const magic = String.fromCharCode(...bytes.subarray(0, 8));
  if (magic !== MAGIC) throw new TraceError({ kind: "bad-magic", file, byteOffset: 0, found: JSON.stringify(magic) });
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(8, true);
  if (!VERSIONS.includes(version)) {
    throw new TraceError({
      kind: "malformed",
      file,
      byteOffset: 8,
      detail: `file format version ${version}; uftrace writes versions ${VERSIONS.join(" and ")}`,
    });
  }
  const endian = bytes[14];
  const elfClass = bytes[15];
  if (endian !== 1 || elfClass !== 2) {
    throw new TraceError({
      kind: "malformed",
      file,
      byteOffset: 14,
      detail: `only little-endian 64-bit recordings are supported (endian ${endian}, class ${elfClass})`,
    });
  }
  // Feature bits used here fit in the low 32 bits of the u64 mask.
  const features = view.getUint32(16, true);
  const lines = new Map<string, TextLine[]>();
  for (const { text, byteOffset } of textLines(bytes, HEADER_BYTES)) {
    const colon = text.indexOf(":");
    if (colon <= 0) continue;
    const key = text.slice(0, colon);
    const value = text.slice(colon + 1);
    if (value.startsWith("lines=")) continue; // announces the lines that follow under this key
    const list = lines.get(key) ?? [];
    list.push({ text: value, byteOffset });
    lines.set(key, list);
  }
  // uftrace writes the header, then the recording's details: a header alone is a recording cut short.
  if (lines.size === 0)
    throw new TraceError({
      kind: "malformed",
      file,
      byteOffset: bytes.length,
      detail: "the header is all there is: the recording's details that follow it are missing (cut short?)",
    });
  return { version, features, lines };
}
