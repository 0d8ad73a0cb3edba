// Phase detection (paper 003) survives any call shape: random programs
// (recursion, branches taken sometimes, loops of varying trip counts, several
// threads, heavy tails) as the regular and irregular runs, through both passes
// over the regular run, marker selection and segmentation, with either logical
// time and either granularity. Nothing may throw; shares lie in [0, 1]; outer
// instances are ordered and disjoint, inner ones end within the request they
// start in (every function taken as an inner marker); and with calls for time in one thread
// every call lies in the prologue, an outer instance, between two or in the
// epilogue. The gap histogram's median and MAD are checked against the plain
// sorted computation.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { CallSequence, type Granularity, type LogicalTime } from "../../engine/phases/callSequence.js";
import { regularRequestSpans, selectMarkers, type RegularOccurrences } from "../../engine/phases/markerSelection.js";
import { GapHistogram } from "../../engine/phases/gapHistogram.js";
import { segmentRun } from "../../engine/phases/segmentation.js";
import { programArb, runProgram, type Program } from "../helpers/randomProgram.js";
import type { TraceSink } from "../../engine/trace/sink.js";

/** Calls a program makes, counted up to `limit` (some random programs make tens of millions). */
function callsUpTo(p: Program, limit: number): number {
  let calls = 0;
  const stop = new Error("over the limit");
  const sink = {
    functionId: () => 0,
    setTimeFilter() {},
    warn() {},
    thread: () => ({
      takesPlainRecords: false,
      recordBuffer: () => new Uint8Array(0),
      consumePlainRecords: (s: number) => s,
      resetAddressCache() {},
      cacheAddress() {},
      consume: (b: { count: number }) => {
        calls += b.count;
        if (calls > 2 * limit) throw stop;
      },
    }),
  };
  try {
    runProgram(p, sink as unknown as TraceSink);
  } catch (e) {
    if (e !== stop) throw e;
  }
  return calls / 2;
}

function pipeline(regular: Program, irregular: Program, logicalTime: LogicalTime, granularity: Granularity) {
  // Kept small: each program is read several times over.
  if (callsUpTo(regular, 20_000) > 20_000 || callsUpTo(irregular, 20_000) > 20_000) return null;
  const first = new CallSequence({ logicalTime, granularity, keep: 0, watch: [] });
  runProgram(regular, first);
  const f = first.countOf("main");
  const options = { logicalTime, granularity, keep: f, watch: [] };
  const seq = new CallSequence(options);
  runProgram(regular, seq);
  const occurrences: RegularOccurrences[] = seq.names.map((name, u) => ({
    name,
    count: seq.counts[u],
    times: seq.kept[u] ?? [],
    exits: seq.keptExits[u] ?? [],
    threads: seq.keptThreads[u] ?? [],
    exitThreads: seq.keptExitThreads[u] ?? [],
  }));
  const other = new CallSequence({ logicalTime, granularity, keep: 0, watch: [] });
  runProgram(irregular, other);
  const irregularCounts = [
    {
      label: "run 2",
      requests: other.countOf(other.names[0] ?? "main"),
      counts: new Map(other.names.map((n, u) => [n, other.counts[u]])),
    },
  ];
  const end = logicalTime === "time" ? seq.lastNs : seq.calls + 1;
  const spans = regularRequestSpans(occurrences, f, irregularCounts, end);
  const windowed = new CallSequence({ ...options, keep: 0, windows: spans });
  runProgram(regular, windowed);
  const { median, mad } = windowed.windowHistogram.medianAndMad();
  const selection = selectMarkers(occurrences, f, irregularCounts, {
    requests: spans.map((w, i) => ({ ...w, count: windowed.windowGaps[i] })),
    count: windowed.windowHistogram.count,
    median,
    mad,
  });
  return { f, spans, selection };
}

describe("phase detection on random programs (003)", () => {
  it("selects markers and cuts runs without throwing, in order, every call accounted for", () => {
    fc.assert(
      fc.property(
        programArb,
        programArb,
        fc.constantFrom<LogicalTime>("time", "calls"),
        fc.constantFrom<Granularity>("function", "chain"),
        (regular, irregular, logicalTime, granularity) => {
          const out = pipeline(regular, irregular, logicalTime, granularity);
          if (!out) return;
          const { spans, selection } = out;
          for (const c of selection.candidates)
            assert.ok(c.longGapShare >= 0 && c.longGapShare <= 1, `${c.name} ${c.longGapShare}`);
          for (const w of spans) assert.ok(w.end >= w.start, JSON.stringify(w));
          if (selection.outer === null) return;
          const perRequest = selection.candidates
            .filter((c) => c.verdict.kind === "inner" || c.verdict.kind === "no-long-gap")
            .map((c) => c.name);
          const watch = [...new Set([selection.outer, ...selection.inner])];
          const seg = new CallSequence({ logicalTime, granularity, keep: 0, watch, watchExits: perRequest });
          runProgram(irregular, seg);
          const count = seg.countOf(selection.outer);
          const ends = perRequest.filter((n) => seg.countOf(n) === count).flatMap((n) => seg.exitsOf(n));
          const run =
            logicalTime === "time"
              ? { start: seg.firstNs, end: seg.lastNs, calls: seg.calls }
              : { start: 1, end: seg.calls + 1, calls: seg.calls };
          const s = segmentRun(
            { name: selection.outer, entries: seg.entriesOf(selection.outer) },
            selection.inner.map((name) => ({ name, entries: seg.entriesOf(name) })),
            run,
            [],
            ends,
          );
          assert.equal(s.outer.length, count);
          s.outer.forEach((o, i) => {
            assert.ok(o.length >= 0, `outer ${i} length ${o.length}`);
            if (i > 0)
              assert.ok(
                o.start >= s.outer[i - 1].start + s.outer[i - 1].length,
                "outer instances disjoint and in order",
              );
          });
          for (const i of s.inner)
            assert.ok(i.length >= 0 && Number.isFinite(i.length), `inner ${i.phase} ${i.length}`);
          assert.ok(s.prologue >= 0 && s.epilogue >= 0 && s.between >= 0);
          if (logicalTime === "calls" && regular.threads === 1 && irregular.threads === 1 && count > 0) {
            const inside = s.outer.reduce((n, o) => n + o.calls, 0);
            assert.equal(
              s.prologue + inside + s.between + s.epilogue,
              seg.calls,
              "every call in exactly one part of the run",
            );
          }
          // Every function as an inner marker: inner instances that start in an outer instance end within it.
          const all = new CallSequence({ logicalTime, granularity, keep: 0, watch: seg.names, watchExits: perRequest });
          runProgram(irregular, all);
          const cut = segmentRun(
            { name: selection.outer, entries: all.entriesOf(selection.outer) },
            all.names.map((name) => ({ name, entries: all.entriesOf(name) })),
            run,
            [],
            ends,
          );
          for (const i of cut.inner) {
            assert.ok(i.length >= 0, `inner ${i.phase} ${i.length}`);
            const o = cut.outer.find((x) => x.start <= i.start && i.start < x.start + x.length);
            if (o)
              assert.ok(
                i.start + i.length <= o.start + o.length,
                `inner ${i.phase} at ${i.start}+${i.length} past its request's end ${o.start + o.length}`,
              );
          }
        },
      ),
      { numRuns: 200, seed: 28 },
    );
  });

  it("takes the median and MAD of the gaps to within a bin", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 0, max: 63 }), fc.double({ min: 64, max: 1e9, noNaN: true })), {
          minLength: 1,
          maxLength: 300,
        }),
        (gaps) => {
          const h = new GapHistogram();
          for (const g of gaps) h.add(g);
          const sorted = [...gaps].sort((a, b) => a - b);
          const lower = (xs: number[]) => xs[Math.ceil(xs.length / 2) - 1];
          const median = lower(sorted);
          const got = h.medianAndMad();
          // Integers below 64 exactly; above, each bin 1% wide, its value its geometric middle (within 0.5% of any member).
          assert.ok(Math.abs(got.median - median) <= 0.006 * median, `median ${got.median} for ${median}`);
          const mad = lower(gaps.map((g) => Math.abs(g - median)).sort((a, b) => a - b));
          assert.ok(
            Math.abs(got.mad - mad) <= 0.006 * median + 0.006 * Math.max(...gaps.map((g) => Math.abs(g - median))),
            `mad ${got.mad} for ${mad}`,
          );
        },
      ),
      { numRuns: 300, seed: 28 },
    );
  });
});
