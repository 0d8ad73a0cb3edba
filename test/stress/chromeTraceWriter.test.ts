// The Chrome trace writer (trace/chrome/chromeTraceWriter.ts) on fuzzed
// unbalanced streams: their export, read back by the Chrome reader in tiny
// chunks, builds the CCT the same events build directly (400 streams, seed
// 16; this fuzz found the kernel looping on an entry recorded deeper than the
// open calls). The hand-worked cases stay in
// test/unit/chromeTraceWriter.test.ts.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { ChromeTraceWriter, type ChromeTraceSummary } from "../../engine/trace/chrome/chromeTraceWriter.js";
import { readChromeTrace } from "../../engine/trace/chrome/readChromeTrace.js";
import { CctBuilder } from "../../engine/cct/cctBuilder.js";
import { EventBatch } from "../../engine/trace/eventBatch.js";
import type { TraceSink } from "../../engine/trace/sink.js";
import type { Cct } from "../../engine/cct/cct.js";
import { memorySource } from "../helpers/memorySource.js";
import { assertSameCct, rowsByPath } from "../helpers/cctCompare.js";

/** One event of a thread: an entry (with a recorded depth, or −1), or an exit; dt after the thread's last event. */
interface Step {
  readonly thread: number;
  readonly enter: boolean;
  readonly fn: number;
  readonly depth: number;
  readonly dtNs: number;
}

const NAMES = ["main", "f", "g", "h", 'odd "name" \\ ü'];

/** Feeds the steps to a sink as readers do: a batch per thread, handed on after every event so threads interleave. */
function feed(sink: TraceSink, steps: readonly Step[], minDurationNs: number): void {
  if (minDurationNs > 0) sink.setTimeFilter(minDurationNs);
  const batches = new Map<number, EventBatch>();
  const clock = new Map<number, number>();
  for (const s of steps) {
    let b = batches.get(s.thread);
    if (!b) batches.set(s.thread, (b = new EventBatch(sink.thread({ pid: 40, tid: 40 + s.thread }))));
    const t = (clock.get(s.thread) ?? 0) + s.dtNs;
    clock.set(s.thread, t);
    const fn = sink.functionId(NAMES[s.fn]);
    if (s.enter) b.enter(fn, t, s.depth);
    else b.exit(fn, t);
    b.flush();
  }
}

function exported(steps: readonly Step[], minDurationNs: number): { text: string; summary: ChromeTraceSummary } {
  const pieces: string[] = [];
  const writer = new ChromeTraceWriter((p) => pieces.push(p), { processName: "test" });
  feed(writer, steps, minDurationNs);
  const summary = writer.finish();
  return { text: pieces.join(""), summary };
}

async function readBack(text: string, chunkBytes: number): Promise<Cct> {
  const b = new CctBuilder();
  await readChromeTrace(memorySource("export.json", text, chunkBytes), b);
  return b.finish();
}

const frames = (cct: Cct, kind: string) =>
  cct.warnings.reduce((n, w) => n + (w.kind === kind ? ("frames" in w ? w.frames : "count" in w ? w.count : 0) : 0), 0);

describe("Chrome trace writer", () => {
  it("exports any stream, balanced or not, filtered or not, to JSON that reads back to the same CCT", async () => {
    const step = fc.record({
      thread: fc.integer({ min: 0, max: 2 }),
      enter: fc.boolean(),
      fn: fc.integer({ min: 0, max: NAMES.length - 1 }),
      // Mostly no recorded depth; sometimes one that closes deeper calls (uftrace after lost records).
      depth: fc.oneof(
        { weight: 4, arbitrary: fc.constant(-1) },
        { weight: 1, arbitrary: fc.integer({ min: 0, max: 5 }) },
      ),
      dtNs: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 40 })),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 80 }),
        fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 30 })),
        fc.integer({ min: 1, max: 64 }),
        async (steps, minNs, chunk) => {
          const direct = new CctBuilder();
          feed(direct, steps, minNs);
          const want = direct.finish();
          const { text, summary } = exported(steps, minNs);
          const file = JSON.parse(text) as { traceEvents: { ph: string }[]; otherData: Record<string, unknown> };
          assert.equal(file.traceEvents.filter((e) => e.ph === "B").length, summary.calls);
          assert.equal(file.otherData.calls, summary.calls);
          if (summary.calls === 0) return assert.equal(rowsByPath(want).size, 0); // nothing kept: nothing to read back
          const got = await readBack(text, chunk);
          assertSameCct(want, got, 0);
          // Well nested, so reading it back warns of nothing; what the writer mended is counted as the builder counts it.
          assert.deepEqual(
            got.warnings.filter((w) => w.kind !== "truncated"),
            [],
          );
          assert.equal(summary.closedAtEnd, frames(want, "closed-at-end"));
          assert.equal(summary.closedEarly, frames(want, "closed-on-mismatch"));
          assert.equal(summary.exitsDropped, frames(want, "unmatched-exit"));
        },
      ),
      { numRuns: 400, seed: 16 },
    );
  });
});
