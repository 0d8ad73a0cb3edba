// A seeded fuzz of the varbench-events text reader (issue 17's probe, text
// part): random valid traces (threads interleaved, nesting, E with and without
// a name, names with spaces and multi-byte characters, comments, CRLF) are
// damaged (cut, bytes changed, lines deleted, duplicated or swapped, garbage,
// huge numbers, emptied) and read whole and in small chunks. Each read gives a
// well-formed tree, with no negative time (the format's times never run
// backwards), or a TraceError, the same either way; never another exception.
import { CctBuilder } from "../../engine/cct/cctBuilder.js";
import { TraceError } from "../../engine/trace/diagnostics.js";
import { readTextTrace, TEXT_TRACE_HEADER } from "../../engine/trace/text/readTextTrace.js";
import { lineStarts, mutateBytes } from "../helpers/byteMutations.js";
import { assertWellFormed } from "../helpers/cctWellFormed.js";
import { readWholeAndChunked } from "../helpers/chunkedReads.js";
import { fuzzSuite } from "../helpers/fuzzSuite.js";
import { memorySource } from "../helpers/memorySource.js";

const NAMES = ["main", "f", "work item", "é ü", "😀 x", "B 1 1 5 a", "#not a comment", "x".repeat(200)];
const CHUNKS = [1, 2, 3, 7, 16, 61];

/** One thread's calls as lines, times non-decreasing, now and then an E without its name or without its B. */
function threadLines(random: () => number, pid: number, tid: number): string[] {
  const int = (n: number) => Math.floor(random() * n);
  const lines: string[] = [];
  let t = int(1000);
  const call = (depth: number) => {
    const name = NAMES[int(NAMES.length)];
    lines.push(`B ${pid} ${tid} ${t} ${name}`);
    t += int(50);
    for (let k = depth < 4 ? int(3) : 0; k > 0; k--) call(depth + 1);
    t += int(50);
    lines.push(random() < 0.3 ? `E ${pid} ${tid} ${t}` : `E ${pid} ${tid} ${t} ${name}`);
    if (random() < 0.05) lines.push(`E ${pid} ${tid} ${t} stray`);
  };
  for (let k = 1 + int(3); k > 0; k--) call(0);
  return lines;
}

/** A valid trace: threads interleaved in time order of their own lines, comments and blank lines among them. */
function validTrace(random: () => number): string {
  const threads = Array.from({ length: 1 + Math.floor(random() * 3) }, (_, k) => threadLines(random, 7, 7 + k));
  const lines = [TEXT_TRACE_HEADER];
  const at = threads.map(() => 0);
  for (;;) {
    const live = threads.flatMap((lines, k) => (at[k] < lines.length ? [k] : []));
    if (live.length === 0) break;
    const k = live[Math.floor(random() * live.length)];
    lines.push(threads[k][at[k]++]);
    if (random() < 0.05) lines.push(random() < 0.5 ? "" : "# a comment");
  }
  return lines.join(random() < 0.2 ? "\r\n" : "\n") + (random() < 0.8 ? "\n" : "");
}

async function read(bytes: Uint8Array, chunkBytes: number) {
  const b = new CctBuilder();
  await readTextTrace(memorySource("fuzz.events", bytes, chunkBytes), b);
  return b.finish();
}

fuzzSuite({
  title: "text trace reader fuzz",
  seed: 1701,
  cases: 300,
  module: import.meta.url,
  refusal: (e) => e instanceof TraceError,
  make(random) {
    const text = new TextEncoder().encode(validTrace(random));
    const { bytes, label } = mutateBytes(text, random, { alphabet: "BE #\n\r\t0123456789", boundaries: lineStarts });
    const chunk = CHUNKS[Math.floor(random() * CHUNKS.length)];
    return {
      label: `${label} of ${text.length} bytes, ${chunk}-byte chunks`,
      run: async () => assertWellFormed(await readWholeAndChunked((c) => read(bytes, c), chunk)),
    };
  },
});
