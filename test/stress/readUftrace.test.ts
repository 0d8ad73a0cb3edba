// A seeded fuzz of the uftrace reader (issue 17's probe, uftrace part): the
// recorded fixtures (test/fixtures/uftrace/0.13: one thread, three threads,
// scheduler events, arguments and return values with a time filter) with one
// file damaged — a `<tid>.dat` or `perf-cpu*.dat` (records cut, changed,
// deleted, duplicated or swapped, words at their extremes), `info` (header and
// argument specs), task.txt, the session map, a `.sym`, a `.dbg`,
// default.opts — or left out. Each is read whole and in small chunks, and once
// more through a sink that takes decoded batches with arguments, so the
// records go through the reader's own decoder instead of the kernel's: all
// three give the same well-formed tree, or the same TraceError; never another
// exception; a damaged time that runs backwards is taken at the time before it
// (and warned), so no duration or self time is negative.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { CctBuilder } from "../../engine/cct/cctBuilder.js";
import { TraceError } from "../../engine/trace/diagnostics.js";
import { readUftrace } from "../../engine/trace/uftrace/readUftrace.js";
import { lineStarts, mutateBytes, type MutationOptions } from "../helpers/byteMutations.js";
import { assertSameCct } from "../helpers/cctCompare.js";
import { assertWellFormed } from "../helpers/cctWellFormed.js";
import { readWholeAndChunked } from "../helpers/chunkedReads.js";
import { decodedSink } from "../helpers/decodedSink.js";
import { fuzzSuite } from "../helpers/fuzzSuite.js";
import { memoryDirectory } from "../helpers/memorySource.js";
import { FIXTURES } from "../helpers/uftrace.js";

/** The small recordings (a few KiB of records each), the one with arguments twice as often. */
const RECORDINGS = [
  "nested_chain",
  "two_threads",
  "variance/nested_chain_50",
  "frame_loop_args",
  "frame_loop_args",
].map((name) => {
  const dir = join(FIXTURES, "uftrace", "0.13", name);
  const files = readdirSync(dir).filter((f) => statSync(join(dir, f)).isFile());
  return {
    name,
    files: new Map<string, Uint8Array>(files.map((f) => [f, new Uint8Array(readFileSync(join(dir, f)))])),
  };
});

const TEXT: MutationOptions = { boundaries: lineStarts };
/** Which files of a recording to damage, by weight, and how each is laid out. */
const SURFACES: readonly { readonly match: RegExp; readonly weight: number; readonly options: MutationOptions }[] = [
  {
    match: /^\d+\.dat$/,
    weight: 10,
    options: { binary: true, boundaries: (b) => Array.from({ length: (b.length >> 4) + 1 }, (_, i) => i << 4) },
  },
  {
    match: /^perf-cpu\d+\.dat$/,
    weight: 3,
    options: { binary: true, boundaries: (b) => Array.from({ length: (b.length >> 3) + 1 }, (_, i) => i << 3) },
  },
  { match: /^info$/, weight: 4, options: { ...TEXT, alphabet: ":@;,/=\n0123456789" } },
  { match: /^task\.txt$/, weight: 2, options: { ...TEXT, alphabet: '= "\n0123456789.' } },
  { match: /^sid-.*\.map$/, weight: 2, options: { ...TEXT, alphabet: "- /\n[]0123456789abcdef" } },
  { match: /\.sym$/, weight: 2, options: { ...TEXT, alphabet: " \n#Tt0123456789abcdef" } },
  { match: /\.dbg$/, weight: 1, options: { ...TEXT, alphabet: "FAR: @,/\n0123456789" } },
  { match: /^default\.opts$/, weight: 1, options: { ...TEXT, alphabet: " -tD=0123456789nsu" } },
];
const CHUNKS = [3, 7, 16, 17, 61, 4096];

/** The kernel's memory capped well below its 4 GiB: the recordings need a few MiB. */
const builder = () => new CctBuilder({ memoryLimitBytes: 256 * 2 ** 20 });

fuzzSuite({
  title: "uftrace reader fuzz",
  seed: 2027,
  cases: 120,
  module: import.meta.url,
  refusal: (e) => e instanceof TraceError,
  make(random) {
    const int = (n: number) => Math.floor(random() * n);
    const { name, files: original } = RECORDINGS[int(RECORDINGS.length)];
    const files = new Map(original);
    const candidates = SURFACES.flatMap((s) =>
      [...files.keys()]
        .filter((f) => s.match.test(f))
        .flatMap((f) => Array<[string, MutationOptions]>(s.weight).fill([f, s.options])),
    );
    const [file, options] = candidates[int(candidates.length)];
    let label: string;
    if (random() < 0.03) {
      files.delete(file);
      label = "left out";
    } else {
      const m = mutateBytes(files.get(file)!, random, options);
      files.set(file, m.bytes);
      label = m.label;
    }
    const chunk = CHUNKS[int(CHUNKS.length)];
    const excludeOffCpu = random() < 0.5;
    const read = async (chunkBytes: number, decoded = false, blocks = false) => {
      const b = builder();
      await readUftrace(memoryDirectory(name, files, chunkBytes, blocks), decoded ? decodedSink(b) : b, {
        excludeOffCpu,
      });
      return b.finish();
    };
    return {
      label: `${name}/${file} ${label}, ${chunk}-byte chunks${excludeOffCpu ? ", off-CPU time left out" : ""}`,
      run: async () => {
        const cct = await readWholeAndChunked(read, chunk);
        // Read straight into the record buffer, as files are: the same tree, or the same refusal.
        await readWholeAndChunked((c) => read(c, false, c !== 1 << 20), chunk);
        assertWellFormed(cct);
        assertSameCct(await read(1 << 20, true), cct, 0);
      },
    };
  },
});
