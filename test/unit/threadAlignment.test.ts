// Thread alignment (engine/patterns/threadAlignment.ts, paper 004 §3.2.2) on runs whose threads
// are known: a pool whose one worker runs the job while the others wait, the job taken by
// whichever worker the scheduler woke, and the idle workers' traces differing in what they show
// of their waiting (issue 28: a trace that kept sem_wait against one whose time stayed in the
// pool loop).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { findPatterns, type PatternInputRun } from "../../engine/patterns/findPatterns.js";
import { MEASURE_INFO as METRIC_INFO } from "../../engine/campaign/measures.js";
import { DEFAULT_PATTERN_PARAMETERS, PROJECTED_DIMENSIONS } from "../../engine/patterns/parameters.js";
import { runPcv } from "../../engine/patterns/pcv.js";
import { projectionOf } from "../../engine/patterns/projection.js";
import { Timeline } from "../../engine/patterns/timeline.js";
import type { ThreadTimeline } from "../../engine/patterns/traceTimelines.js";
import { placeThreads, threadModel } from "../../engine/patterns/threadAlignment.js";
import { seededRandom } from "../../engine/stats/random.js";

const D = PROJECTED_DIMENSIONS;
const M = DEFAULT_PATTERN_PARAMETERS.intervals;
const MS = 1e6;

/** A thread named `name` running `fn` over [from, to) for `share` of the time (a small share: a
 * thread that waited off the CPU and ran only the few instructions around its wait). */
function thread(
  tid: number,
  name: string,
  parts: readonly { fn: string; from: number; to: number; share?: number }[],
): ThreadTimeline {
  const timeline = new Timeline(D);
  for (const p of parts)
    timeline.add(p.from, p.to, projectionOf(p.fn, D, DEFAULT_PATTERN_PARAMETERS.seed), p.share ?? 1);
  return { pid: 1, tid, name, firstNs: parts[0].from, lastNs: Math.max(...parts.map((p) => p.to)), timeline };
}

/** One run: main prepares then waits; `workers` pool threads, one of which (drawn) runs the job from
 * 20 to 60 ms; each idle worker shows its wait in sem_wait or in pool_loop itself (drawn), either
 * as a trace with scheduler events (`idle` share of its time on the CPU) or without (all of it). */
function run(runId: number, workers: number, random: () => number, idle: number): PatternInputRun {
  const jitter = () => 1 + 0.02 * (random() - 0.5);
  const end = 60 * MS * jitter();
  const worker = Math.floor(random() * workers);
  const tids = Array.from({ length: workers }, (_, w) => 1000 * runId + 100 * workers + w);
  const threads = [
    thread(1000 * runId + 1, "main", [
      { fn: "prepare", from: 0, to: 20 * MS * jitter() },
      { fn: "main", from: 20 * MS, to: end, share: idle },
    ]),
  ];
  tids.forEach((tid, w) => {
    const start = (0.1 + 0.05 * w) * MS;
    if (w === worker) jobTids.set(runId, tid);
    if (w === worker)
      threads.push(
        thread(tid, "pool_loop", [
          { fn: "sem_wait", from: start, to: 20 * MS, share: idle },
          { fn: "run_job", from: 20 * MS, to: end },
        ]),
      );
    else
      threads.push(
        thread(tid, "pool_loop", [
          { fn: random() < 0.5 ? "sem_wait" : "pool_loop", from: start, to: end, share: idle },
        ]),
      );
  });
  return { runId, group: runId % 2 ? "A" : "B", workload: null, order: runId, metric: end, pcv: runPcv(threads, M, D) };
}

function campaign(n: number, workers: number, idle: number, seed: number) {
  const random = seededRandom(seed);
  return Array.from({ length: n }, (_, i) => run(i + 1, workers, random, idle));
}

function analyse(runs: readonly PatternInputRun[]) {
  return findPatterns(
    { label: "test", source: "uftrace", metric: METRIC_INFO.wall, runs, notes: [] },
    DEFAULT_PATTERN_PARAMETERS,
    D,
  ).result;
}

/** The tid of the thread that ran the job, per run. */
const jobTids = new Map<number, number>();

describe("thread alignment by role (004 §3.2.2)", () => {
  for (const [label, idle] of [
    ["with scheduler events (waiting off the CPU)", 0.001],
    ["without scheduler events (waiting counted as time in what it waited in)", 1],
  ] as const) {
    it(`puts the idle workers of a pool in one kind whatever they waited in, and the worker that ran the job in one slot, ${label}`, () => {
      for (const workers of [2, 4]) {
        const runs = campaign(16, workers, idle, 3 + workers);
        const r = analyse(runs);
        // main, then the pool's workers: one kind with as many slots as workers.
        const poolSlots = r.slots.filter((s) => s.threadName === "pool_loop");
        assert.equal(r.slots.length, 1 + workers, JSON.stringify(r.slots));
        assert.equal(poolSlots.length, workers);
        assert.equal(new Set(poolSlots.map((s) => s.kind)).size, 1, "one kind for the pool");
        const slotOfJob = new Set(r.runs.map((x) => x.slots.indexOf(jobTids.get(x.runId)!)));
        assert.equal(slotOfJob.size, 1, `the job's worker in one slot in every run: ${[...slotOfJob]}`);
        if (idle < 1) assert.equal(r.patterns.length, 1, "identical runs, one pattern");
      }
    });
  }

  it("leaves out of the slots the threads of a role the model has never seen, and the extra threads of a known role", () => {
    const runs = campaign(8, 2, 0.001, 11);
    const model = threadModel(
      runs.map((r) => r.pcv),
      M,
      D,
    );
    const extra = campaign(1, 3, 0.001, 12)[0].pcv;
    const stranger = { ...extra, threads: [...extra.threads, { ...extra.threads[0], tid: 99, name: "logger" }] };
    const placed = placeThreads(model, stranger);
    assert.equal(placed.slots.length, 3);
    assert.equal(placed.overflow.length, 2, "one idle pool thread too many and the logger");
    assert.ok(placed.overflow.includes(stranger.threads.length - 1));
  });
});
