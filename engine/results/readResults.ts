// The one switch from a results format to its reader (the format is detected
// in trace/detect.ts, with every other importable format). Bytes in, the
// common model out: nothing here touches the disk.
import { readGoogleBenchmark } from "./googleBenchmark.js";
import { readHyperfine } from "./hyperfine.js";
import { parseJsonBytes } from "./json.js";
import type { ParsedResults, ResultsFormat } from "./model.js";
import { readPyperf } from "./pyperf.js";

const READERS: Readonly<Record<ResultsFormat, (doc: unknown, file: string) => ParsedResults>> = {
  hyperfine: readHyperfine,
  "google-benchmark": readGoogleBenchmark,
  pyperf: readPyperf,
};

export function readResults(bytes: Uint8Array, file: string, format: ResultsFormat): ParsedResults {
  return READERS[format](parseJsonBytes(bytes, file), file);
}

/** The same, from a document read as the file streamed (jsonStream.ts): the file is never held whole. */
export function readResultsDocument(doc: unknown, file: string, format: ResultsFormat): ParsedResults {
  return READERS[format](doc, file);
}
