// Timeline windows (engine/timeline/) on hand-worked traces: a known nesting read
// into slices, a known window cut at a known resolution (which calls stay slices,
// which merge into summaries and with what count and time), scheduler waits flagged,
// a selected context's chain and statistics; and, for any trace and any window,
// a result bounded by depths × width whose slices nest inside their callers'.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { EventBatch } from "../../engine/trace/eventBatch.js";
import { TimelineRecorder, type TimelineCalls } from "../../engine/timeline/recorder.js";
import { ITEMS_SLACK, MAX_ITEMS_PER_PIXEL } from "../../engine/timeline/window.js";
import { timelineWindow } from "../../engine/timeline/timeline.js";
import { CctBuilder } from "../../engine/cct/cctBuilder.js";
import type { TraceSink } from "../../engine/trace/sink.js";

/** Events of one thread: [name, enter time] opens, [null, exit time] closes the innermost call. */
type Ev = readonly [string | null, number];

function feed(sink: TraceSink, threads: readonly (readonly Ev[])[]): void {
  threads.forEach((events, k) => {
    const ts = sink.thread({ pid: 1, tid: 100 + k, name: `t${k}` });
    const batch = new EventBatch(ts);
    const open: number[] = [];
    for (const [name, t] of events) {
      if (name !== null) {
        const fn = sink.functionId(name);
        open.push(fn);
        batch.enter(fn, t);
      } else batch.exit(open.pop()!, t);
    }
    batch.flush();
  });
}

function read(threads: readonly (readonly Ev[])[]): TimelineCalls {
  const r = new TimelineRecorder();
  feed(r, threads);
  return r.finish();
}

// main [0, 100): a [10, 40) holding b [20, 30); then 3 calls of c, each 2 ns, at 50, 53, 56; a wait [70, 90).
const HAND: Ev[] = [
  ["main", 0],
  ["a", 10],
  ["b", 20],
  [null, 30],
  [null, 40],
  ["c", 50],
  [null, 52],
  ["c", 53],
  [null, 55],
  ["c", 56],
  [null, 58],
  ["linux:schedule", 70],
  [null, 90],
  [null, 100],
];

describe("timeline windows", () => {
  it("reads a known nesting into slices at their depths, in time order", () => {
    const calls = read([HAND]);
    assert.equal(calls.calls, 7);
    assert.equal(calls.startNs, 0);
    assert.equal(calls.endNs, 100);
    const w = timelineWindow(calls, null, "hand", { fromNs: null, toNs: null, width: 100, select: null });
    const named = w.tracks[0].slices.map((s) => [w.functions[s.fn], s.startNs, s.endNs, s.depth, s.wait]);
    assert.deepEqual(named, [
      ["main", 0, 100, 0, false],
      ["a", 10, 40, 1, false],
      ["c", 50, 52, 1, false],
      ["c", 53, 55, 1, false],
      ["c", 56, 58, 1, false],
      ["linux:schedule", 70, 90, 1, true],
      ["b", 20, 30, 2, false],
    ]);
    assert.equal(w.tracks[0].summaries.length, 0);
    assert.equal(w.waits, true);
    assert.deepEqual(w.notes, []);
  });

  it("merges calls narrower than a pixel that start in one column, and keeps wider ones", () => {
    // Window [0, 100) at 10 pixels: a pixel is 10 ns. The three 2 ns calls of c start in columns 5 (50, 53, 56):
    // one summary of 3 calls, 6 ns, from 50 to 58.
    const w = timelineWindow(read([HAND]), null, "hand", { fromNs: 0, toNs: 100, width: 10, select: null });
    const t = w.tracks[0];
    assert.deepEqual(
      t.slices.map((s) => w.functions[s.fn]),
      ["main", "a", "linux:schedule", "b"],
    );
    assert.deepEqual(t.summaries, [{ startNs: 50, endNs: 58, depth: 1, count: 3, totalNs: 6, waitNs: 0 }]);
    assert.equal(w.pixelNs, 10);
  });

  it("starts a new summary in each pixel column", () => {
    // Window [50, 60) at 4 pixels of 2.5 ns: c at 50 (column 0), 53 (column 1), 56 (column 2), each 2 ns < 2.5 ns.
    const w = timelineWindow(read([HAND]), null, "hand", { fromNs: 50, toNs: 60, width: 4, select: null });
    const s = w.tracks[0].summaries;
    assert.deepEqual(
      s.map((x) => [x.startNs, x.count]),
      [
        [50, 1],
        [53, 1],
        [56, 1],
      ],
    );
    // Only what meets [50, 60): main, the three c; not a, b or the wait.
    assert.deepEqual(
      w.tracks[0].slices.map((x) => w.functions[x.fn]),
      ["main"],
    );
  });

  it("clamps the window to the trace and closes calls left open", () => {
    const calls = read([
      [
        ["main", 5],
        ["x", 6],
        [null, 8],
        ["y", 9],
      ],
    ]);
    const w = timelineWindow(calls, null, "cut", { fromNs: -50, toNs: 1e9, width: 10, select: null });
    assert.equal(w.fromNs, 5);
    assert.equal(w.toNs, 9);
    assert.equal(w.tracks[0].unclosed, 2);
    assert.match(w.notes.join(" "), /2 call\(s\) were still open/);
    assert.match(w.notes.join(" "), /no scheduler events/);
  });

  it("names a selected slice's chain and its context's statistics in the thread's CCT", () => {
    const calls = read([HAND]);
    const builder = new CctBuilder({});
    feed(builder, [HAND]);
    const cct = builder.finish();
    const w = timelineWindow(calls, null, "hand", { fromNs: null, toNs: null, width: 100, select: null });
    const c = w.tracks[0].slices.find((s) => w.functions[s.fn] === "c")!;
    const sel = timelineWindow(calls, cct, "hand", {
      fromNs: null,
      toNs: null,
      width: 100,
      select: { thread: "1/100", context: c.context },
    }).selected!;
    assert.deepEqual(sel.path, ["main", "c"]);
    // Three calls of 2 ns each: mean 2, σ 0, total 6.
    assert.deepEqual(
      [sel.stats!.n, sel.stats!.meanNs, sel.stats!.stdNs, sel.stats!.cov, sel.stats!.inclusiveNs],
      [3, 2, 0, 0, 6],
    );
    const b = w.tracks[0].slices.find((s) => w.functions[s.fn] === "b")!;
    const selB = timelineWindow(calls, cct, "hand", {
      fromNs: null,
      toNs: null,
      width: 100,
      select: { thread: "1/100", context: b.context },
    }).selected!;
    assert.deepEqual(selB.path, ["main", "a", "b"]);
    assert.equal(selB.stats!.n, 1);
    assert.equal(selB.stats!.inclusiveNs, 10);
  });
});

/** A random well-nested thread: calls of gaps and lengths drawn from the arbitrary, up to a depth. */
const threadArb = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 50 }), fc.boolean()), {
    minLength: 1,
    maxLength: 300,
  })
  .map((steps) => {
    const ev: Ev[] = [];
    let t = 0;
    let depth = 0;
    for (const [name, gap, down] of steps) {
      t += gap;
      if (down || depth === 0) {
        ev.push([`f${name}`, t]);
        depth++;
      } else {
        ev.push([null, t]);
        depth--;
      }
    }
    for (; depth > 0; depth--) ev.push([null, (t += 1)]);
    return ev;
  });

describe("timeline windows, any trace and any window", () => {
  it("hold at most depths × (3·width + 6) items, and every slice lies inside a slice one level up", () => {
    fc.assert(
      fc.property(
        fc.array(threadArb, { minLength: 1, maxLength: 3 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 50 }),
        (threads, a, b, width) => {
          const calls = read(threads);
          const span = calls.endNs - calls.startNs;
          const fromNs = calls.startNs + Math.min(a, b) * span;
          const toNs = calls.startNs + Math.max(a, b) * span;
          const w = timelineWindow(calls, null, "any", { fromNs, toNs, width, select: null });
          for (const t of w.tracks) {
            assert.ok(t.slices.length + t.summaries.length <= t.depths * (MAX_ITEMS_PER_PIXEL * width + ITEMS_SLACK));
            for (const s of t.slices) {
              assert.ok(s.endNs - s.startNs >= w.pixelNs, "a slice is at least a pixel wide");
              assert.ok(s.endNs >= w.fromNs && s.startNs <= w.toNs, "a slice meets the window");
              if (s.depth === 0) continue;
              const parent = t.slices.some(
                (p) => p.depth === s.depth - 1 && p.startNs <= s.startNs && s.endNs <= p.endNs,
              );
              assert.ok(parent, `slice at depth ${s.depth} [${s.startNs}, ${s.endNs}) has no enclosing slice`);
            }
            for (const m of t.summaries) assert.ok(m.count >= 1 && m.totalNs <= m.endNs - m.startNs + 1e-9);
          }
          // Every call meeting the window is shown once: as a slice or counted in a summary.
          const shown = w.tracks.reduce(
            (n, t) => n + t.slices.length + t.summaries.reduce((k, m) => k + m.count, 0),
            0,
          );
          assert.equal(shown, countMeeting(calls, w.fromNs, w.toNs));
        },
      ),
      { numRuns: 300 },
    );
  });
});

function countMeeting(calls: TimelineCalls, fromNs: number, toNs: number): number {
  let n = 0;
  for (const t of calls.tracks)
    for (let i = 0; i < t.startNs.length; i++) {
      const s = t.startNs[i];
      const e = t.endNs[i];
      if (s < toNs && (e > fromNs || (e === s && s >= fromNs))) n++;
    }
  return n;
}
