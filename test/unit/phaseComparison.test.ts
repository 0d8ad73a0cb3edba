// §4.4's comparison of phase methods on instances and calls written by hand.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { CallHistogram } from "../../engine/phases/callHistogram.js";
import { comparePhaseMethods } from "../../engine/phases/phaseComparison.js";
import { ThreadActivity } from "../../engine/phases/threadActivity.js";
import { EventBatch } from "../../engine/trace/eventBatch.js";

describe("phase methods compared by the CoV of their instances' rates (003 §4.4)", () => {
  it("counts calls into equal intervals from bins that widen as the run goes on", () => {
    const h = new CallHistogram();
    // 100 calls in the first 1 ms, 300 in the 3 ms after: 4 ms fit in 4096 bins of 1 µs.
    for (let i = 0; i < 100; i++) h.add(i * 10_000);
    for (let i = 0; i < 300; i++) h.add(1_000_000 + i * 10_000);
    assert.deepEqual(Array.from(h.intervals(4, 0, 4_000_000)), [100, 100, 100, 100]);
    // A call at 10 ms doubles the bins' width twice (4096 → 8192 → 16384 µs of range).
    h.add(10_000_000);
    assert.equal(h.widthNs, 4000);
    assert.deepEqual(Array.from(h.intervals(2, 0, 10_000_000)), [400, 1]);
  });

  it("scores behaviour phases by their instances' call rates, and leaves one-instance phases out of the spread", () => {
    // Two inner phases, A and B, three requests; A runs at 10 calls/ms each time, B at 5, 10 and 15.
    const inner = [0, 1, 2].flatMap((r) => [
      { phase: "A", start: r * 2_000_000, length: 1_000_000, calls: 10 },
      { phase: "B", start: r * 2_000_000 + 1_000_000, length: 1_000_000, calls: 5 * (r + 1) },
    ]);
    const outer = [0, 1, 2].map((r) => ({
      phase: "A",
      start: r * 2_000_000,
      length: 2_000_000,
      calls: 10 + 5 * (r + 1),
    }));
    const h = new CallHistogram();
    const procedures = [{ name: "main", totalNs: 6_000_000, outermost: 1, invocations: 1, rateMean: 7.5, rateM2: 0 }];
    const c = comparePhaseMethods(outer, inner, h, procedures, { start: 0, end: 6_000_000 });
    const behaviour = c.methods.find((m) => m.method === "behaviour")!;
    const cov = Object.fromEntries(behaviour.phases.map((p) => [p.name, p.cov]));
    assert.equal(cov.A, 0);
    // B: 5, 10, 15 per ms: sample σ 5 over mean 10.
    assert.ok(Math.abs(cov.B - 0.5) < 1e-12);
    // The outer phase: 15, 20, 25 calls in 2 ms: 7.5, 10, 12.5 per ms, σ 2.5, CoV 0.25.
    assert.ok(Math.abs(cov["A (outer)"] - 0.25) < 1e-12);
    // Figure 10's bar spans the inner phases: A's 0 to B's 0.5 (the outer phase is listed, not scored).
    assert.deepEqual([behaviour.min, behaviour.mean, behaviour.max], [0, 0.25, 0.5]);
    const procedure = c.methods.find((m) => m.method === "procedure")!;
    assert.deepEqual(
      procedure.phases.map((p) => p.name),
      ["main"],
    );
    assert.deepEqual([procedure.min, procedure.mean, procedure.max], [0, 0, 0], "one instance: no spread to score");
  });
});

/** One thread 1/7 of a function "work" and the scheduler's switch-outs, fed the events [kind, function, time]. */
function thread(events: readonly ["enter" | "exit", "work" | "sched", number][]) {
  const activity = new ThreadActivity();
  const fns = { work: activity.functionId("work"), sched: activity.functionId("linux:schedule") };
  const b = new EventBatch(activity.thread({ pid: 1, tid: 7 }));
  for (const [kind, fn, at] of events) b[kind](fns[fn], at);
  b.flush();
  return { activity, t: activity.threads[0] };
}

describe("a thread's time on the CPU within phase instances", () => {
  it("counts time with a call open, less the scheduler's switched-out intervals, cut at the instance's bounds", () => {
    // work runs 0–10 µs; the thread is switched out 4–6 µs; nothing is open 10–20 µs; work again 20–22 µs.
    const { activity, t } = thread([
      ["enter", "work", 0],
      ["enter", "sched", 4000],
      ["exit", "sched", 6000],
      ["exit", "work", 10_000],
      ["enter", "work", 20_000],
      ["exit", "work", 22_000],
    ]);
    assert.equal(t.name, "1/7");
    assert.equal(activity.sawSchedule, true);
    assert.equal(t.between(0, 30_000), 10_000);
    assert.equal(t.between(0, 5000), 4000);
    assert.equal(t.between(5000, 21_000), 5000);
  });

  it("takes a thread that records a call to be on the CPU, though the trace lost its switch back in", () => {
    // Switched out at 2 µs, and the record of its switch back in lost: work's exit at 5 µs shows it running again.
    const { t } = thread([
      ["enter", "work", 0],
      ["enter", "sched", 2000],
      ["exit", "work", 5000],
      ["enter", "work", 10_000],
      ["exit", "work", 14_000],
    ]);
    // 0–2 µs and 10–14 µs; 2–5 µs unknown, taken as off the CPU.
    assert.equal(t.between(0, 20_000), 6000);
    assert.equal(t.between(10_000, 20_000), 4000);
  });

  it("counts a thread whose times are all before the recording's time base, as the same thread after it", () => {
    // uftrace's time base is the first time read, its first scheduler event's, which may come after every call
    // (phases.test.ts saw 0 ns on the CPU for every query of a run, now and then). The first test's thread, moved
    // 1 s before the base and 1 s after: the same times on the CPU, each worked out by hand above.
    for (const shift of [-1e9, -25_000, 1e9]) {
      const { t } = thread([
        ["enter", "work", shift],
        ["enter", "sched", shift + 4000],
        ["exit", "sched", shift + 6000],
        ["exit", "work", shift + 10_000],
        ["enter", "work", shift + 20_000],
        ["exit", "work", shift + 22_000],
      ]);
      assert.equal(t.between(shift, shift + 30_000), 10_000, `shifted by ${shift} ns`);
      assert.equal(t.between(shift, shift + 5000), 4000, `shifted by ${shift} ns`);
      assert.equal(t.between(shift + 5000, shift + 21_000), 5000, `shifted by ${shift} ns`);
      assert.equal(t.between(shift - 50_000, shift), 0, `before the thread's first event, shifted by ${shift} ns`);
    }
  });
});
