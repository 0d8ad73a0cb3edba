// A timeline of a million calls stays bounded (issue 31 item 3: "interactive at
// 10⁶ calls"): a synthetic thread of 10⁶ calls (a loop of 250,000 calls to a
// chain four deep, as a hot inner loop records) cut to the whole span and to
// windows zoomed in, at screen widths, holds at most depths × (3·width + 6)
// items, and shows every call meeting the window once. Counts only, never time.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { EventBatch } from "../../engine/trace/eventBatch.js";
import { TimelineRecorder } from "../../engine/timeline/recorder.js";
import { ITEMS_SLACK, MAX_ITEMS_PER_PIXEL } from "../../engine/timeline/window.js";
import { timelineWindow } from "../../engine/timeline/timeline.js";

const ITERATIONS = 250_000;
const CHAIN = ["step", "decode", "lookup", "hash"];

function millionCalls() {
  const r = new TimelineRecorder();
  const batch = new EventBatch(r.thread({ pid: 1, tid: 1, name: "main" }));
  const main = r.functionId("main");
  const chain = CHAIN.map((n) => r.functionId(n));
  let t = 0;
  batch.enter(main, t);
  for (let i = 0; i < ITERATIONS; i++) {
    for (const fn of chain) batch.enter(fn, (t += 3));
    for (let k = chain.length - 1; k >= 0; k--) batch.exit(chain[k], (t += 5 + (i % 7)));
  }
  batch.exit(main, t + 1);
  batch.flush();
  return r.finish();
}

describe("a timeline of a million calls", () => {
  const calls = millionCalls();

  it("holds every call, and any window at any width stays bounded by depths × width", () => {
    assert.equal(calls.calls, ITERATIONS * CHAIN.length + 1);
    const span = calls.endNs - calls.startNs;
    for (const width of [1, 800, 1440, 4096])
      for (const [a, b] of [
        [0, 1],
        [0.5, 0.5001],
        [0.25, 0.26],
        [0.999, 1],
      ]) {
        const w = timelineWindow(calls, null, "synthetic", {
          fromNs: calls.startNs + a * span,
          toNs: calls.startNs + b * span,
          width,
          select: null,
        });
        const t = w.tracks[0];
        const items = t.slices.length + t.summaries.length;
        assert.ok(items <= t.depths * (MAX_ITEMS_PER_PIXEL * width + ITEMS_SLACK), `${items} items at ${width} px`);
        const counted = t.slices.length + t.summaries.reduce((n, m) => n + m.count, 0);
        if (a === 0 && b === 1) assert.equal(counted, calls.calls, "the whole span shows every call once");
      }
  });
});
