// A seeded fuzz of the kernel's leaf-call paths (issue 32 item 2: uftraceRecords.ts leafCalls and
// repeatLeaf fold a call whose exit is its next record without the stack, and a run of one leaf
// with its statistics in locals). Each case writes a new `<tid>.dat` for the nested_chain
// recording's own symbols and maps: calls of its functions in random trees, with leaves called
// alone, in runs and alternating, times that sometimes run backwards, exits of the wrong
// function, an address no symbol holds; under a random time filter, depth limit, tracer cost and
// watched chains. The tree the kernel builds from the plain records (read whole and in chunks that
// cut runs anywhere) and from the reader's decoded batches (consumeBatch's leaf path) must equal,
// bit for bit, the one built from the events one at a time (every event through the kernel's
// general step); and the watched invocations must be the same.
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Cct } from "../../engine/cct/cct.js";
import { CctBuilder } from "../../engine/cct/cctBuilder.js";
import { BatchThreadSink } from "../../engine/trace/batchThreadSink.js";
import { TraceError } from "../../engine/trace/diagnostics.js";
import { ENTER, EventBatch, type ThreadSink } from "../../engine/trace/eventBatch.js";
import type { TraceSink } from "../../engine/trace/sink.js";
import { readUftrace } from "../../engine/trace/uftrace/readUftrace.js";
import { assertSameCct } from "../helpers/cctCompare.js";
import { decodedSink } from "../helpers/decodedSink.js";
import { fuzzSuite } from "../helpers/fuzzSuite.js";
import { memoryDirectory } from "../helpers/memorySource.js";
import { FIXTURES } from "../helpers/uftrace.js";

const DIR = join(FIXTURES, "uftrace", "0.13", "nested_chain");
const FILES = new Map<string, Uint8Array>(
  readdirSync(DIR)
    .filter((f) => statSync(join(DIR, f)).isFile())
    .map((f) => [f, new Uint8Array(readFileSync(join(DIR, f)))]),
);
const DAT = [...FILES.keys()].find((f) => /^\d+\.dat$/.test(f))!;
// nested_chain's text is mapped at 0x556e560fb000 (its sid-*.map); its functions' starts (nested_chain.sym).
const MAPPED = 0x556e560fb000;
const FUNCTIONS: readonly [string, number][] = [
  ["main", 0x1301],
  ["H", 0x129d],
  ["U", 0x127f],
  ["V", 0x1261],
  ["W", 0x11c9],
  ["atoi", 0x1060],
];
const UNMAPPED = 0x7000_0000_0000; // no map holds it
const CHUNKS = [16, 24, 40, 48, 4096];

interface Stream {
  readonly bytes: Uint8Array;
  readonly label: string;
}

/** Random calls of FUNCTIONS as uftrace records them: 16-byte records, time then the type,
 * magic 5, depth and address (docs/formats.md). */
function stream(random: () => number): Stream {
  const int = (n: number) => Math.floor(random() * n);
  const records: bigint[] = [];
  let t = 0xad31e113a7n;
  const tick = () => {
    // Mostly forwards; now and then backwards (a damaged record), or no time at all.
    const r = random();
    t += r < 0.03 ? -BigInt(int(40)) : r < 0.1 ? 0n : BigInt(1 + int(r < 0.9 ? 30 : 3000));
    return t;
  };
  const address = (fn: number) => (fn < 0 ? BigInt(UNMAPPED) : BigInt(MAPPED + FUNCTIONS[fn][1] + 0xe));
  const put = (type: number, depth: number, fn: number) => {
    const lo = BigInt(type | (5 << 3) | ((depth & 0x3ff) << 6)) | (address(fn) << 16n);
    records.push(tick(), lo);
  };
  const stack: number[] = [];
  const leaves = [1 + int(5), 1 + int(5)];
  const leaf = (fn: number) => {
    put(0, stack.length, fn);
    put(1, stack.length, fn);
  };
  put(0, 0, 0);
  stack.push(0);
  const steps = 20 + int(400);
  for (let s = 0; s < steps; s++) {
    const r = random();
    if (r < 0.25) {
      const fn = leaves[int(2)];
      for (let k = 1 + int(40); k > 0; k--) leaf(fn); // a run of one leaf
    } else if (r < 0.4) {
      for (let k = 1 + int(30); k > 0; k--) leaf(leaves[k & 1]); // two in turn
    } else if (r < 0.5) {
      leaf(int(FUNCTIONS.length));
    } else if (r < 0.7 && stack.length < 12) {
      const fn = 1 + int(FUNCTIONS.length - 1);
      put(0, stack.length, fn);
      stack.push(fn);
    } else if (r < 0.9 && stack.length > 1) {
      put(1, stack.length - 1, stack.pop()!);
    } else if (r < 0.93) {
      leaf(-1); // an address no symbol holds
    } else if (r < 0.96 && stack.length > 1) {
      put(1, stack.length - 1, int(FUNCTIONS.length)); // an exit, maybe of another function
      stack.pop();
    } else if (r < 0.98) {
      put(0, stack.length + 1 + int(3), leaves[0]); // an entry deeper than the stack
      put(1, stack.length + 1, leaves[0]);
    } else leaves[int(2)] = 1 + int(5);
  }
  while (stack.length > 0 && random() < 0.9) put(1, stack.length - 1, stack.pop()!);
  const bytes = new Uint8Array(records.length * 8);
  const view = new DataView(bytes.buffer);
  records.forEach((w, i) => view.setBigUint64(i * 8, BigInt.asUintN(64, w), true));
  // Now and then cut short inside a record: both paths refuse it, in the same words.
  const cut = random() < 0.06 ? bytes.length - 1 - int(15) : bytes.length;
  return {
    bytes: bytes.subarray(0, cut),
    label: `${records.length / 2} records${cut < bytes.length ? ", cut short" : ""}`,
  };
}

/** How the kernel is handed the records: as they lie in the file (consumeRecords, its leaf paths),
 * decoded in batches (consumeBatch, its leaf path), or decoded one event a batch, so that every
 * event goes through step alone: the reference. */
type Path = "records" | "batches" | "oneByOne";

class OneByOne extends BatchThreadSink {
  private readonly single: EventBatch;
  constructor(inner: ThreadSink) {
    super();
    this.single = new EventBatch(inner);
  }

  consume(batch: EventBatch): void {
    for (let i = 0; i < batch.count; i++) {
      if (batch.kind[i] === ENTER) this.single.enter(batch.fn[i], batch.timeNs[i], batch.depth[i]);
      else this.single.exit(batch.fn[i], batch.timeNs[i]);
      this.single.flush();
    }
  }
}

function oneByOne(b: CctBuilder): TraceSink {
  return {
    functionId: (n) => b.functionId(n),
    thread: (info) => new OneByOne(b.thread(info)),
    setTimeFilter: (ns) => b.setTimeFilter(ns),
    warn: (w) => b.warn(w),
  };
}

/** Every thread's columns and the warnings, exactly: +0 and −0, NaN, each bit of each time. */
function assertIdentical(a: Cct, b: Cct, what: string): void {
  assertSameCct(a, b, 0);
  assert.equal(a.threads.length, b.threads.length);
  a.threads.forEach((t, i) => assert.deepStrictEqual(t.contexts, b.threads[i].contexts, `${what}: thread ${i}`));
  assert.deepStrictEqual(a.warnings, b.warnings, `${what}: warnings`);
}

fuzzSuite({
  title: "kernel leaf-call fuzz",
  seed: 3203,
  cases: 150,
  module: import.meta.url,
  refusal: (e) => e instanceof TraceError,
  make(random) {
    const int = (n: number) => Math.floor(random() * n);
    const s = stream(random);
    const opts = [``, `-t ${int(25)}ns`, `-D ${2 + int(6)}`, `-t ${int(12)}ns -D ${3 + int(5)}`][int(4)];
    const files = new Map(FILES);
    files.set(DAT, s.bytes);
    files.set("default.opts", new TextEncoder().encode(opts));
    const costNs = random() < 0.5 ? 0 : int(9);
    const insideNs = costNs === 0 ? 0 : int(costNs + 1);
    const names = FUNCTIONS.map(([n]) => n);
    const paths =
      random() < 0.5
        ? []
        : [
            ["main", names[1 + int(5)]],
            ["main", names[1 + int(5)], names[1 + int(5)]],
          ];
    const chunk = CHUNKS[int(CHUNKS.length)];
    const read = async (chunkBytes: number, path: Path) => {
      const watched: string[] = [];
      const b = new CctBuilder({
        memoryLimitBytes: 256 * 2 ** 20,
        covariance: true,
        toolCostNs: costNs,
        toolCostInsideNs: insideNs,
        ...(paths.length > 0
          ? {
              watch: {
                paths,
                onClose: (_t: string, ps: Int32Array, ds: Float64Array, n: number) => {
                  for (let i = 0; i < n; i++) watched.push(`${ps[i]}:${ds[i]}`);
                },
              },
            }
          : {}),
      });
      const sink = path === "records" ? b : path === "batches" ? decodedSink(b) : oneByOne(b);
      await readUftrace(memoryDirectory("nested_chain", files, chunkBytes, path === "records"), sink, {
        excludeOffCpu: false,
      });
      return { cct: b.finish(), watched };
    };
    return {
      label: `${s.label}, default.opts "${opts}", tool cost ${costNs}/${insideNs} ns, ${paths.length} watched, ${chunk}-byte chunks`,
      run: async () => {
        const general = await outcome(() => read(1 << 20, "oneByOne"));
        for (const [c, path] of [
          [1 << 20, "records"],
          [chunk, "records"],
          [1 << 20, "batches"],
        ] as const) {
          const leaf = await outcome(() => read(c, path));
          if ("error" in general || "error" in leaf) {
            assert.equal(messageOf(leaf), messageOf(general), `${c}-byte chunks`);
            continue;
          }
          assertIdentical(leaf.cct, general.cct, `${path}, ${c}-byte chunks`);
          assert.deepStrictEqual(leaf.watched, general.watched, `${path}, ${c}-byte chunks: watched invocations`);
        }
        if ("error" in general) throw general.error;
      },
    };
  },
});

type Outcome = { cct: Cct; watched: string[] } | { error: unknown };

async function outcome(read: () => Promise<{ cct: Cct; watched: string[] }>): Promise<Outcome> {
  try {
    return await read();
  } catch (error) {
    return { error };
  }
}

const messageOf = (o: Outcome) => ("error" in o ? `refused: ${(o.error as Error).message}` : "read");
