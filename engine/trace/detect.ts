// Format detection, in one place, for every file Varbench reads by path:
// traces and benchmark results. Order: a directory is a uftrace data directory
// (it must hold `info`); a file is judged first by its first non-blank bytes —
// `# varbench-events` is the text format; a JSON object whose first member is
// `"results": [` is hyperfine's export, `"context": {` Google Benchmark's and
// `"benchmarks": [` pyperf's (each tool writes that member first: pyperf sorts
// its keys; `"version": "1.0", "metadata"` is taken as pyperf's too); any
// other `[` or `{` is Chrome JSON — and only then by extension, which can lie
// (a `.json` that holds text is read as text).
import { TraceError } from "./diagnostics.js";
import { RESULTS_FORMAT_TITLES, RESULTS_FORMATS, type ResultsFormat } from "../results/model.js";

export type TraceFormat = "uftrace" | "chrome" | "text";
/** Everything `varbench import` takes: a trace, or results of another benchmark tool. */
export type FileFormat = TraceFormat | ResultsFormat;

const RESULTS_OPENINGS: readonly (readonly [RegExp, ResultsFormat])[] = [
  [/^\{\s*"results"\s*:\s*\[/, "hyperfine"],
  [/^\{\s*"context"\s*:\s*\{/, "google-benchmark"],
  [/^\{\s*"benchmarks"\s*:\s*\[/, "pyperf"],
  // pyperf's members in the order its documentation lists them, as a file written by other means may have them.
  [/^\{\s*"version"\s*:\s*"\d+\.\d+"\s*,\s*"(metadata|benchmarks)"\s*:/, "pyperf"],
];

export function isResultsFormat(f: FileFormat): f is ResultsFormat {
  return (RESULTS_FORMATS as readonly string[]).includes(f);
}

/** The bytes of a file's head that detection is given (fewer: the whole file). */
export const DETECT_BYTES = 256;

export function detectFileFormat(path: string, isDirectory: boolean, head: Uint8Array): FileFormat {
  if (isDirectory) return "uftrace";
  const text = new TextDecoder("utf-8")
    .decode(head)
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (text.startsWith("# varbench-events")) return "text";
  const results = RESULTS_OPENINGS.find(([opening]) => opening.test(text));
  if (results) return results[1];
  if (text.startsWith("[") || text.startsWith("{")) return "chrome";
  // Whitespace alone in a head shorter than asked for is the whole file; in a full head, a trace may follow.
  if (text.length === 0 && head.length < DETECT_BYTES)
    throw new TraceError({
      kind: "empty",
      file: path,
      why: head.length === 0 ? "the file is empty" : "the file holds only whitespace",
    });
  if (/\.json$/i.test(path)) return "chrome";
  // A varbench-events file opens with its header (readTextTrace.ts): text without it is no trace of
  // ours, whatever its name, and is said to be none rather than "the first line must be …".
  throw new TraceError({ kind: "unknown-format", file: path });
}

/** A trace's format; a results file is named as such (it is imported, not read as a trace). */
export function detectFormat(path: string, isDirectory: boolean, head: Uint8Array): TraceFormat {
  const format = detectFileFormat(path, isDirectory, head);
  if (isResultsFormat(format))
    throw new TraceError({ kind: "not-a-trace", file: path, what: `${RESULTS_FORMAT_TITLES[format]} results` });
  return format;
}
