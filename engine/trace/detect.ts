// Format detection, in one place. Order: a directory is a uftrace data
// directory (it must hold `info`); a file is judged first by its first
// non-blank bytes — `# varbench-events` is the text format, `[` or `{` is
// Chrome JSON — and only then by extension, which can lie (a `.json` that
// holds text is read as text).
import { TraceError } from "./diagnostics.js";

export type TraceFormat = "uftrace" | "chrome" | "text";

export function detectFormat(path: string, isDirectory: boolean, head: Uint8Array): TraceFormat {
  if (isDirectory) return "uftrace";
  const text = new TextDecoder("utf-8").decode(head).replace(/^\uFEFF/, "").trimStart();
  if (text.startsWith("# varbench-events")) return "text";
  if (text.startsWith("[") || text.startsWith("{")) return "chrome";
  if (text.length === 0) throw new TraceError({ kind: "empty", file: path });
  if (/\.json$/i.test(path)) return "chrome";
  if (/\.(txt|events)$/i.test(path)) return "text";
  throw new TraceError({ kind: "unknown-format", file: path });
}
