// What the readers hold, and the work they do, grow with the input and never
// with its square: a million events whose E has no open B, a million calls
// closed by one E, and 5,000 threads of one event each, in the varbench-events
// text reader and the Chrome reader. The sizes are the test: a search of the
// whole open stack per event is 10¹² steps at a million events (hours: the
// test's timeout ends it), where at a hundred thousand it would still pass; a
// full event batch per thread is 700 MB at 5,000 threads. Their hand-worked
// neighbours stay in test/unit/readers.test.ts and readChromeTrace.test.ts.
// No test measures time.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { CctBuilder } from "../../engine/cct/cctBuilder.js";
import { readTextTrace } from "../../engine/trace/text/readTextTrace.js";
import { readChromeTrace } from "../../engine/trace/chrome/readChromeTrace.js";
import { describeTraceWarning } from "../../engine/trace/diagnostics.js";
import type { TraceSink } from "../../engine/trace/sink.js";
import type { ThreadSink } from "../../engine/trace/eventBatch.js";
import { BatchThreadSink } from "../../engine/trace/batchThreadSink.js";
import { memorySource } from "../helpers/memorySource.js";
import { rowsByPath } from "../helpers/cctCompare.js";

/** A sink that counts events and keeps nothing: what the reader itself holds is all there is. */
class CountingSink implements TraceSink {
  events = 0;
  readonly warnings: string[] = [];
  private readonly names = new Map<string, number>();
  functionId(name: string): number {
    let id = this.names.get(name);
    if (id === undefined) this.names.set(name, (id = this.names.size));
    return id;
  }
  thread(): ThreadSink {
    const count = (events: number) => (this.events += events);
    return new (class extends BatchThreadSink {
      consume(batch: { count: number }): void {
        count(batch.count);
      }
    })();
  }
  setTimeFilter(): void {}
  warn(w: Parameters<TraceSink["warn"]>[0]): void {
    this.warnings.push(describeTraceWarning(w));
  }
}

describe("varbench-events text reader: memory", () => {
  it(
    "a million B events, then a million E events of a function never opened: linear, every E counted",
    { timeout: 300_000 },
    async () => {
      // Asking whether each E's function is open used to search the whole open stack: 10¹² steps.
      const n = 1_000_000;
      const lines = ["# varbench-events 1"];
      for (let i = 0; i < n; i++) lines.push(`B 1 1 ${i} f${i % 1000}`);
      for (let i = 0; i < n; i++) lines.push(`E 1 1 ${n + i} never`);
      const b = new CctBuilder({ covariance: false });
      await readTextTrace(memorySource("deep.text", lines.join("\n"), 4 << 20), b);
      const cct = b.finish();
      const skipped = cct.warnings.find((w) => w.kind === "skipped-events");
      assert.equal(skipped && "count" in skipped ? skipped.count : 0, n);
    },
  );
  it("holds little per thread: 5,000 threads of one call each cost kilobytes each, not a batch each", async () => {
    const threads = 5000;
    const lines = ["# varbench-events 1", ...Array.from({ length: threads }, (_, t) => `B 1 ${t} 1 f\nE 1 ${t} 2 f`)];
    const before = process.memoryUsage().arrayBuffers;
    const b = new CctBuilder();
    await readTextTrace(memorySource("threads.text", lines.join("\n"), 1 << 16), b);
    const grown = process.memoryUsage().arrayBuffers - before;
    assert.equal(b.finish().threads.length, threads);
    // A full event batch per thread (8,192 events, 140 kB) would be 700 MB here, and the CCT
    // builder's first 256 contexts per thread 185 MB.
    assert.ok(grown < 64 << 20, `array buffers grew by ${(grown / 2 ** 20).toFixed(0)} MiB`);
  });
  it(
    "an E of the outermost call under a million open calls closes them all, each once: linear",
    { timeout: 300_000 },
    async () => {
      // The CCT builder closed one call per look and looked again from the top: 10¹² steps.
      const n = 1_000_000;
      const lines = ["# varbench-events 1", "B 1 1 0 f"];
      for (let i = 0; i < n; i++) lines.push(`B 1 1 ${i} g${i % 1000}`);
      lines.push(`E 1 1 ${n} f`);
      const b = new CctBuilder({ covariance: false });
      await readTextTrace(memorySource("deep.text", lines.join("\n"), 4 << 20), b);
      const cct = b.finish();
      assert.deepEqual(cct.warnings.map(describeTraceWarning), [
        `thread 1/1: ${n} call(s) were closed early because an exit skipped over them`,
      ]);
      assert.equal(rowsByPath(cct).get("f")?.inclusiveNs, n);
    },
  );
});

describe("Chrome reader: memory (items 2 and 8)", () => {
  it(
    "a million B events, then a million E events of a name never opened: linear, every E counted",
    { timeout: 300_000 },
    async () => {
      // Asking whether each E's function is open used to search the whole open stack: 10¹² steps.
      const n = 1_000_000;
      const parts = ["["];
      for (let i = 0; i < n; i++) parts.push(`{"ph":"B","name":"f${i % 1000}","pid":1,"tid":1,"ts":${i}},\n`);
      for (let i = 0; i < n; i++) parts.push(`{"ph":"E","name":"never","pid":1,"tid":1,"ts":${n + i}},\n`);
      const sink = new CountingSink();
      await readChromeTrace(memorySource("deep.json", parts.join(""), 4 << 20), sink);
      assert.equal(sink.events, n);
      assert.deepEqual(sink.warnings, [
        `deep.json: ${n} E events with no open B event (the first at byte ${parts.slice(0, n + 1).reduce((sum, p) => sum + p.length, 0)}; written before their B, or e.g. a pre-empted linux:schedule) were skipped`,
      ]);
    },
  );

  it("holds little per thread: 5,000 threads of one event each cost kilobytes each, not a batch each", async () => {
    const threads = 5000;
    const events = Array.from({ length: threads }, (_, t) => `{"ph":"X","name":"f","pid":1,"tid":${t},"ts":1,"dur":1}`);
    const sink = new CountingSink();
    const before = process.memoryUsage().arrayBuffers;
    let peak = before;
    const source = memorySource("threads.json", `[${events.join(",")}]`, 1 << 16);
    await readChromeTrace(
      {
        name: source.name,
        chunks: async function* () {
          for await (const c of source.chunks()) {
            peak = Math.max(peak, process.memoryUsage().arrayBuffers);
            yield c;
          }
        },
      },
      sink,
    );
    peak = Math.max(peak, process.memoryUsage().arrayBuffers);
    assert.equal(sink.events, 2 * threads);
    // A full event batch per thread (8,192 events, 140 kB) would be 700 MB here.
    assert.ok(peak - before < 64 << 20, `array buffers grew by ${((peak - before) / 2 ** 20).toFixed(0)} MiB`);
  });
});
