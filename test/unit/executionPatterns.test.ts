// Execution patterns (paper 004 §3.2) on synthetic runs whose patterns are known:
// two workers that either run one after the other (the second starts when the first
// is done, 004 footnote 2) or side by side, with thread ids that change from run to
// run, an idle pool thread in some runs, and a design uniformly slower.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { findPatterns, type PatternInputRun } from "../../engine/patterns/findPatterns.js";
import { DEFAULT_PATTERN_PARAMETERS, PROJECTED_DIMENSIONS } from "../../engine/patterns/parameters.js";
import { MEASURE_INFO as METRIC_INFO } from "../../engine/campaign/measures.js";
import { runPcv } from "../../engine/patterns/pcv.js";
import { projectionOf } from "../../engine/patterns/projection.js";
import { Timeline } from "../../engine/patterns/timeline.js";
import type { ThreadTimeline } from "../../engine/patterns/traceTimelines.js";
import { seededRandom } from "../../engine/stats/random.js";
import { checkRuns } from "../../engine/patterns/reproducibility.js";

const D = PROJECTED_DIMENSIONS;
const MS = 1e6;

interface Segment {
  readonly fn: string;
  readonly from: number;
  readonly to: number;
}

function thread(tid: number, name: string, segments: readonly Segment[]): ThreadTimeline {
  const timeline = new Timeline(D);
  for (const s of segments) timeline.add(s.from, s.to, projectionOf(s.fn, D, DEFAULT_PATTERN_PARAMETERS.seed));
  return { pid: 1, tid, name, firstNs: segments[0].from, lastNs: segments[segments.length - 1].to, timeline };
}

type Kind = "serial" | "parallel";

/** One run: main starts two workers; "serial": the second starts when the first is done. */
function run(
  runId: number,
  kind: Kind,
  random: () => number,
  opts: { scale?: number; idle?: boolean; group?: string; jitter?: number } = {},
): PatternInputRun {
  const k = opts.scale ?? 1;
  // Crunching is a little shorter, so in both behaviours the same worker ends last: which
  // worker ends last is itself a difference of relative speed (004 §2.2), a pattern of its own.
  const jitter = () => 1 + (random() - 0.5) * 2 * (opts.jitter ?? 0.01);
  const crunch = 36 * MS * k * jitter();
  const hash = 40 * MS * k * jitter();
  const tids = [100 + Math.floor(random() * 50), 200 + Math.floor(random() * 50)];
  if (random() < 0.5) tids.reverse(); // which worker gets the lower id changes from run to run
  const hashStart = kind === "serial" ? crunch : 0;
  const end = Math.max(crunch, hashStart + hash);
  const threads = [
    thread(1, "main", [
      { fn: "main", from: 0, to: 1 * MS * k },
      { fn: "pthread_join", from: 1 * MS * k, to: end },
    ]),
    thread(tids[0], "worker", [{ fn: "crunch", from: 0, to: crunch }]),
    thread(tids[1], "worker", [{ fn: "hash", from: hashStart, to: hashStart + hash }]),
  ];
  if (opts.idle) threads.push(thread(300 + runId, "pool", [{ fn: "pool_wait", from: 0, to: 0.05 * MS }]));
  return {
    runId,
    group: opts.group ?? "base",
    workload: null,
    order: runId,
    metric: end,
    pcv: runPcv(threads, DEFAULT_PATTERN_PARAMETERS.intervals, D),
  };
}

function campaign(
  n: number,
  seed: number,
  opts: { scale?: number; idle?: (i: number) => boolean; group?: string; firstId?: number; jitter?: number } = {},
) {
  const random = seededRandom(seed);
  const truth = new Map<number, Kind>();
  const runs = Array.from({ length: n }, (_, i) => {
    const kind: Kind = i % 3 === 0 ? "serial" : "parallel";
    const id = (opts.firstId ?? 1) + i;
    truth.set(id, kind);
    return run(id, kind, random, { scale: opts.scale, idle: opts.idle?.(i), group: opts.group, jitter: opts.jitter });
  });
  return { runs, truth };
}

function analyse(runs: readonly PatternInputRun[], alignThreads = true) {
  return findPatterns(
    { label: "test", source: "uftrace", metric: METRIC_INFO.wall, runs, notes: [] },
    { ...DEFAULT_PATTERN_PARAMETERS, alignThreads },
    D,
  ).result;
}

/** The partition as a set of sorted run-id lists, so pattern names do not matter. */
function partition(r: ReturnType<typeof analyse>): string[] {
  return r.patterns.map((p) => [...p.runs].sort((a, b) => a - b).join(",")).sort();
}

function truthPartition(truth: Map<number, Kind>): string[] {
  const by = (k: Kind) =>
    [...truth]
      .filter(([, v]) => v === k)
      .map(([id]) => id)
      .sort((a, b) => a - b)
      .join(",");
  return [by("serial"), by("parallel")].sort();
}

describe("execution patterns (004 §3.2)", () => {
  it("groups runs by behaviour with thread alignment, and wrongly without it", () => {
    const { runs, truth } = campaign(30, 4);
    const aligned = analyse(runs);
    assert.deepEqual(partition(aligned), truthPartition(truth));
    // Without alignment the workers' order follows their ids, which change from run to run.
    assert.notDeepEqual(partition(analyse(runs, false)), truthPartition(truth));
  });

  it("puts a uniformly slower design with the same behaviour in the same patterns (interval alignment)", () => {
    const a = campaign(24, 5, { group: "A" });
    const b = campaign(24, 6, { group: "B", scale: 1.4, firstId: 101 });
    const r = analyse([...a.runs, ...b.runs]);
    assert.deepEqual(partition(r), truthPartition(new Map([...a.truth, ...b.truth])));
    for (const p of r.patterns) assert.deepEqual(Object.keys(p.groups).sort(), ["A", "B"]);
  });

  it("is not thrown off by an idle pool thread that only some runs have", () => {
    const { runs, truth } = campaign(30, 7, { idle: (i) => i % 2 === 0 });
    assert.deepEqual(partition(analyse(runs)), truthPartition(truth));
  });

  it("gives the same patterns whatever the order and ids of the runs, and the same result for the same seed", () => {
    const { runs } = campaign(21, 8);
    const reference = analyse(runs);
    assert.deepEqual(analyse(runs), reference);
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: runs.length, maxLength: runs.length }), (keys) => {
        const order = runs.map((r, i) => ({ r, key: keys[i] })).sort((x, y) => x.key - y.key);
        const renumbered = order.map(({ r }, i) => ({ ...r, runId: 1000 + i }));
        const back = new Map(order.map(({ r }, i) => [1000 + i, r.runId]));
        const got = analyse(renumbered)
          .patterns.map((p) =>
            p.runs
              .map((id) => back.get(id)!)
              .sort((a, b) => a - b)
              .join(","),
          )
          .sort();
        assert.deepEqual(got, partition(reference));
      }),
      { numRuns: 20, seed: 12 },
    );
  });

  it("reports per pattern its runs, a representative among them, and the metric's mean and CoV", () => {
    const { runs, truth } = campaign(12, 9);
    const r = analyse(runs);
    for (const p of r.patterns) {
      assert.ok(p.runs.includes(p.representative));
      const values = p.runs.map((id) => runs.find((x) => x.runId === id)!.metric!);
      const mean = values.reduce((a, b) => a + b, 0) / values.length;
      assert.ok(Math.abs(p.metric!.mean - mean) < 1e-6 * mean);
    }
    // Serial runs take about twice as long: the serial pattern's mean is about 36 + 40 = 76 ms.
    const serial = r.patterns.find((p) => truth.get(p.runs[0]) === "serial")!;
    assert.ok(Math.abs(serial.metric!.mean / (76 * MS) - 1) < 0.02);
    // The discovery curve ends at the number of patterns.
    assert.equal(r.discovery[r.discovery.length - 1], r.patterns.length);
    assert.equal(r.discovery.length, runs.length);
  });

  it("places new runs in the patterns they reproduce, and flags a behaviour never seen (004 §5.3)", () => {
    const reference = campaign(30, 10);
    const { model, result } = findPatterns(
      { label: "reference", source: "uftrace", metric: METRIC_INFO.wall, runs: reference.runs, notes: [] },
      DEFAULT_PATTERN_PARAMETERS,
      D,
    );
    const repeat = campaign(9, 11, { firstId: 101 });
    // A third behaviour: the hashing worker starts only when three quarters of the crunching is done.
    const random = seededRandom(12);
    const late = thread(300, "worker", [{ fn: "hash", from: 27 * MS, to: 67 * MS }]);
    const odd = {
      runId: 200,
      metric: 67 * MS,
      pcv: runPcv(
        [
          thread(1, "main", [
            { fn: "main", from: 0, to: 1 * MS },
            { fn: "pthread_join", from: 1 * MS, to: 67 * MS },
          ]),
          thread(200, "worker", [{ fn: "crunch", from: 0, to: 36 * MS * (1 + random() * 0.01) }]),
          late,
        ],
        DEFAULT_PATTERN_PARAMETERS.intervals,
        D,
      ),
    };
    const checked = checkRuns(model, { reference: "reference", checked: "repeat" }, METRIC_INFO.wall, [
      ...repeat.runs.map((r) => ({ runId: r.runId, metric: r.metric, pcv: r.pcv })),
      odd,
    ]);
    const patternOf = (kind: Kind) => result.patterns.find((p) => reference.truth.get(p.runs[0]) === kind)!.name;
    for (const r of checked.runs.filter((x) => x.runId !== 200)) {
      assert.equal(r.isNew, false, `run ${r.runId}`);
      assert.equal(r.nearest, patternOf(repeat.truth.get(r.runId)!));
      assert.ok(Math.abs(r.deviation!) < 0.03, "a repeated pattern's time is the recorded one's");
    }
    assert.equal(checked.runs.find((x) => x.runId === 200)!.isNew, true);
    assert.equal(checked.newPatterns, 1);
    assert.equal(
      checked.patterns.reduce((n, p) => n + p.repeatRuns, 0),
      9,
    );
  });

  it("does not flag as new a run that matches identical reference runs closely, or that has an extra idle pool thread; flags one missing a worker", () => {
    // Reference runs without any jitter: every run alike, so the patterns' own spread is 0.
    const exact = (runId: number, threads: ThreadTimeline[]) => ({
      runId,
      group: "base",
      workload: null,
      order: runId,
      metric: 50 * MS,
      pcv: runPcv(threads, DEFAULT_PATTERN_PARAMETERS.intervals, D),
    });
    const base = (late = 0, extra: ThreadTimeline[] = [], workers = 2) => [
      thread(1, "main", [
        { fn: "main", from: 0, to: 1 * MS },
        { fn: "pthread_join", from: 1 * MS, to: 40 * MS },
      ]),
      thread(2, "worker", [{ fn: "crunch", from: 0, to: 36 * MS - late }]),
      ...(workers > 1 ? [thread(3, "worker", [{ fn: "hash", from: 0, to: 40 * MS }])] : []),
      ...extra,
    ];
    const reference = Array.from({ length: 10 }, (_, i) => exact(i + 1, base()));
    const { model } = findPatterns(
      { label: "reference", source: "uftrace", metric: METRIC_INFO.wall, runs: reference, notes: [] },
      DEFAULT_PATTERN_PARAMETERS,
      D,
    );
    const idle = thread(9, "pool", [{ fn: "pool_wait", from: 0, to: 0.01 * MS }]);
    const checked = checkRuns(model, { reference: "r", checked: "c" }, METRIC_INFO.wall, [
      { runId: 101, metric: 50 * MS, pcv: exact(101, base(0.01 * MS)).pcv },
      { runId: 102, metric: 50 * MS, pcv: exact(102, base(0, [idle])).pcv },
      { runId: 103, metric: 50 * MS, pcv: exact(103, base(0, [], 1)).pcv },
    ]);
    assert.deepEqual(
      checked.runs.map((r) => r.isNew),
      [false, false, true],
      JSON.stringify(checked.runs),
    );
    assert.match(checked.runs[2].reason!, /no thread in 1 of the slots every run of P1 filled/);
  });

  it("gives identical workers one kind of thread, whatever pattern their run shows", () => {
    // Eight workers doing the same work; in half the runs they start one after another.
    const random = seededRandom(13);
    const runs = Array.from({ length: 20 }, (_, i) => {
      const serial = i % 2 === 0;
      const workers = Array.from({ length: 8 }, (_, w) =>
        thread(100 + w + 10 * i, "worker", [
          {
            fn: "crunch",
            from: serial ? w * 5 * MS : 0,
            to: (serial ? w * 5 * MS : 0) + 5 * MS * (1 + 0.01 * random()),
          },
        ]),
      );
      const end = Math.max(...workers.map((t) => t.lastNs));
      const threads = [thread(1, "main", [{ fn: "main", from: 0, to: end }]), ...workers];
      return {
        runId: i + 1,
        group: "base",
        workload: null,
        order: i,
        metric: end,
        pcv: runPcv(threads, DEFAULT_PATTERN_PARAMETERS.intervals, D),
      };
    });
    const r = analyse(runs);
    assert.equal(r.slots.length, 9, JSON.stringify(r.slots));
    assert.deepEqual(
      partition(r),
      [
        runs
          .filter((_, i) => i % 2 === 0)
          .map((x) => x.runId)
          .join(","),
        runs
          .filter((_, i) => i % 2 === 1)
          .map((x) => x.runId)
          .join(","),
      ].sort(),
    );
  });

  it("gives no more patterns than behaviours + 1 under ±15% timing jitter, and keeps the behaviours apart (issue 28)", () => {
    for (const [n, seed] of [
      [12, 21],
      [24, 22],
      [48, 23],
    ]) {
      const { runs, truth } = campaign(n, seed, { jitter: 0.15 });
      const r = analyse(runs);
      assert.ok(r.patterns.length <= 3, `${n} runs: ${partition(r).join(" | ")}`);
      // Each run in a pattern whose runs mostly share its behaviour, and each behaviour has one.
      const agreeing = r.patterns.reduce((sum, p) => {
        const serial = p.runs.filter((id) => truth.get(id) === "serial").length;
        return sum + Math.max(serial, p.runs.length - serial);
      }, 0);
      assert.ok(agreeing >= 0.9 * n, `${n} runs: ${partition(r).join(" | ")}`);
      for (const kind of ["serial", "parallel"] as const)
        assert.ok(
          r.patterns.some((p) => p.runs.filter((id) => truth.get(id) === kind).length > p.runs.length / 2),
          kind,
        );
    }
  });

  it("keeps a rare behaviour apart among many runs", () => {
    const { runs } = campaign(198, 14, { firstId: 1 });
    // Two runs where the hashing worker starts only at three quarters of the crunching.
    const random = seededRandom(15);
    const rare = [301, 302].map((runId) => {
      const crunch = 36 * MS * (1 + 0.01 * random());
      const threads = [
        thread(1, "main", [
          { fn: "main", from: 0, to: 1 * MS },
          { fn: "pthread_join", from: 1 * MS, to: 67 * MS },
        ]),
        thread(runId, "worker", [{ fn: "crunch", from: 0, to: crunch }]),
        thread(runId + 1000, "worker", [{ fn: "hash", from: 27 * MS, to: 67 * MS }]),
      ];
      return {
        runId,
        group: "base",
        workload: null,
        order: runId,
        metric: 67 * MS,
        pcv: runPcv(threads, DEFAULT_PATTERN_PARAMETERS.intervals, D),
      };
    });
    const r = analyse([...runs, ...rare]);
    const home = r.patterns.find((p) => p.runs.includes(301))!;
    assert.deepEqual(
      [...home.runs].sort((a, b) => a - b),
      [301, 302],
    );
  });
});
