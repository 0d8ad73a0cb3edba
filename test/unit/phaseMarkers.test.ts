// Active profiling's marker selection (paper 003 Figure 4) and segmentation on
// call sequences written by hand: every expected value follows from the
// sequence and the rules (3σ outliers, counts f and g, gaps over mean + 3σ
// within each request, a request's end at the last return of a function run
// once per request).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { selectMarkers, regularRequestSpans, type RegularOccurrences } from "../../engine/phases/markerSelection.js";
import {
  closeVote,
  longThreshold,
  requestEnds,
  requestSpans,
  type RegularGaps,
} from "../../engine/phases/requestWindows.js";
import { GapHistogram } from "../../engine/phases/gapHistogram.js";
import { segmentRun } from "../../engine/phases/segmentation.js";
import { CallSequence } from "../../engine/phases/callSequence.js";
import { EventBatch } from "../../engine/trace/eventBatch.js";

const F = 8;
/** A regular run of F requests, 1000 time units apart: per request a dozen helpers entered one unit apart at
 * its start, each returning half a unit later (as a utility reads and checks a request), then three stages —
 * parse at +20, transform at +400, emit at +700, returning at +399, +699 and +900 —, then 100 units before
 * the next request (reading it); an initialisation helper entered F times in a row at start-up. */
function regular(): RegularOccurrences[] {
  const at = (offset: number) => Array.from({ length: F }, (_, r) => 100 + 1000 * r + offset);
  const helpers = Array.from({ length: 12 }, (_, h) => ({
    name: `helper${h}`,
    count: F,
    times: at(1 + h),
    exits: at(1.5 + h),
  }));
  return [
    {
      name: "init_slot",
      count: F,
      times: Array.from({ length: F }, (_, i) => 10 + i),
      exits: Array.from({ length: F }, (_, i) => 10.5 + i),
    },
    ...helpers,
    { name: "stage_parse", count: F, times: at(20), exits: at(399) },
    { name: "stage_transform", count: F, times: at(400), exits: at(699) },
    { name: "stage_emit", count: F, times: at(700), exits: at(900) },
    { name: "kind_b_only", count: F, times: at(15), exits: at(16) },
    { name: "parse_item", count: 40 * F, times: [], exits: [] },
  ];
}

const irregular = [
  {
    label: "run 2",
    requests: 5,
    counts: new Map([
      ...["init_slot", "stage_parse", "stage_transform", "stage_emit", "kind_b_only"].map(
        (n) => [n, n === "kind_b_only" ? 2 : 5] as const,
      ),
      ...Array.from({ length: 12 }, (_, h) => [`helper${h}`, 5] as const),
    ]),
  },
];
/** The gaps between calls within the requests: mostly the stages' inner calls, 14 units apart (median 14, MAD 3:
 * σ̂ = max(1.4826 · 3, 14 / 2) = 7, threshold 14 + 3 · 7 = 35). */
const gapsOf = (
  spans: readonly { start: number; end: number; thread: number }[],
  count: (r: number) => number = () => 100,
): RegularGaps => ({ requests: spans.map((w, r) => ({ ...w, count: count(r) })), count: 800, median: 14, mad: 3 });

describe("phase markers by active profiling (003 §3.2, Figure 4)", () => {
  it("finds each request from its first candidate to the last return of a candidate left after step 2", () => {
    // Requests start at helper0 (+1) and end at stage_emit's return (+900); the 100 units to the next are between them.
    assert.deepEqual(
      regularRequestSpans(regular(), F, irregular, 100 + 1000 * F + 5e6),
      Array.from({ length: F }, (_, r) => ({ start: 101 + 1000 * r, end: 1000 + 1000 * r, thread: 0 })),
    );
  });

  it("marks each request by its first candidate and the stages as inner phases, and says why the others went", () => {
    const spans = regularRequestSpans(regular(), F, irregular, 1e7);
    const s = selectMarkers(regular(), F, irregular, gapsOf(spans));
    // §3.2: "the first block in the remaining block sequence" marks the outermost phase: the first helper of each request.
    assert.equal(s.outer, "helper0");
    assert.deepEqual(s.inner, ["stage_parse", "stage_transform", "stage_emit"]);
    // The last stage runs 200 units to its request's end: long, in the last request as in the others.
    assert.equal(s.candidates.find((c) => c.name === "stage_emit")!.longGapShare, 1);
    const verdict = (n: string) => s.candidates.find((c) => c.name === n)!.verdict;
    // init_slot's distances (1 unit) are far below every other candidate's (1000): an outlier mean.
    assert.deepEqual(verdict("init_slot"), { kind: "uneven", which: "mean" });
    // kind_b_only ran for 2 of the irregular run's 5 requests.
    assert.deepEqual(verdict("kind_b_only"), { kind: "irregular-count", run: "run 2", count: 2, expected: 5 });
    // The helpers are followed by the next helper one unit later: no long computation.
    assert.deepEqual(verdict("helper3"), { kind: "no-long-gap", share: 0 });
    assert.equal(
      s.candidates.some((c) => c.name === "parse_item"),
      false,
      "run 320 times, not f",
    );
    // Threshold 35: the stages' stretches (380, 300, 200) pass it, helper11's 8 before stage_parse does not.
    assert.equal(s.gapThreshold, 35);
    assert.deepEqual(
      s.regularRequests.map((q) => q.calls),
      Array(F).fill(101),
    );
    assert.deepEqual(s.notes, [], "identical requests, and 17 candidates: enough for 3σ");
  });

  it("takes a threshold that a few long gaps do not move, and outvotes a stretch lengthened in a minority of requests", () => {
    // 10,000 gaps of 80 and 30 of 50, then three of 2e7 (a start-up of 20 ms would have been one; an interrupt another).
    const h = new GapHistogram();
    for (let k = 0; k < 10000; k++) h.add(80);
    for (let k = 0; k < 30; k++) h.add(50);
    const before = h.medianAndMad();
    for (let k = 0; k < 3; k++) h.add(2e7);
    assert.deepEqual(h.medianAndMad(), before);
    // Median 80 (to 1%), MAD 0: σ̂ is half the median, the threshold 2.5 times the median, 200 (mean + 3σ over the same gaps: 3.0e5).
    assert.ok(Math.abs(before.median - 80) < 0.8 && before.mad === 0, JSON.stringify(before));
    assert.ok(Math.abs(longThreshold({ count: h.count, ...before }) - 200) < 2);
    // Gaps counted exactly below 64: calls for time, where every gap is 1 and the threshold 2.5.
    const calls = new GapHistogram();
    for (let k = 0; k < 50; k++) calls.add(1);
    assert.equal(longThreshold({ count: calls.count, ...calls.medianAndMad() }), 2.5);
    // A last helper entered at +901 returns at +902, but at +1001 in 3 of the 8 requests (an interrupt in it): its
    // stretch to its request's end is 1, or 100 in those 3: 3/8, no inner phase.
    const tail = {
      name: "tail",
      count: F,
      times: Array.from({ length: F }, (_, r) => 1001 + 1000 * r),
      exits: Array.from({ length: F }, (_, r) => (r < 3 ? 1101 : 1002) + 1000 * r),
    };
    const counts = new Map([...irregular[0].counts, ["tail", 5]]);
    const withTail = [{ ...irregular[0], counts }];
    const interrupted = [...regular(), tail];
    const s = selectMarkers(interrupted, F, withTail, gapsOf(regularRequestSpans(interrupted, F, withTail, 1e7)));
    assert.equal(s.candidates.find((c) => c.name === "tail")!.longGapShare, 3 / 8);
    assert.deepEqual(s.inner, ["stage_parse", "stage_transform", "stage_emit"]);
    // 3 of 8 is a vote chance could give (the 95% Wilson interval of the share, 0.14 to 0.69, holds ½): said.
    assert.match(s.notes.join("\n"), /step 3's vote is close for tail \(3 of 8\)/);
    // Unanimous votes are no chance's however few the requests; 1 of 20 or 15 of 20 are clear (intervals 0.01–0.24, 0.53–0.89).
    assert.deepEqual(
      [closeVote(5, 6), closeVote(1, 6), closeVote(6, 6), closeVote(0, 3), closeVote(1, 20), closeVote(15, 20)],
      [true, true, false, false, false, false],
    );
  });

  it("warns of a regular input whose requests make different calls, not of one whose requests are spaced unevenly", () => {
    // Request r starts at 100 + 1000r + 300r²: the work between requests grows, the requests do not change.
    const shift = (r: number) => 300 * r * r;
    const spaced = regular().map((o) =>
      o.name === "init_slot"
        ? o
        : { ...o, times: o.times.map((t, r) => t + shift(r)), exits: o.exits.map((t, r) => t + shift(r)) },
    );
    const spans = regularRequestSpans(spaced, F, irregular, 1e7);
    const even = selectMarkers(spaced, F, irregular, gapsOf(spans));
    assert.ok(
      even.candidates.find((c) => c.name === "stage_parse")!.sigmaDistance /
        even.candidates.find((c) => c.name === "stage_parse")!.meanDistance >
        0.2,
      "the distances vary",
    );
    assert.deepEqual(even.notes, []);
    assert.deepEqual(even.inner, ["stage_parse", "stage_transform", "stage_emit"]);
    // Requests making 51 to 401 calls: not identical.
    const uneven = selectMarkers(
      spaced,
      F,
      irregular,
      gapsOf(spans, (r) => 50 + 50 * r),
    );
    assert.match(
      uneven.notes.join("\n"),
      /requests make from 51 to 401 calls \(CoV \d+%\): the regular input's requests do not look identical/,
    );
  });

  it("follows each request in the thread that serves it, when two threads serve requests side by side", () => {
    // Thread 0 serves requests at 0, 200, 400 and thread 1 at 100, 300, 500: serve's entry, its stage at +10
    // returning at +140, serve returning at +150. On one clock the next request (the other thread's) begins at +100.
    const starts = [0, 100, 200, 300, 400, 500];
    const threads = starts.map((_, i) => i % 2);
    const occ = (name: string, at: number, back: number): RegularOccurrences => ({
      name,
      count: 6,
      times: starts.map((s) => s + at),
      exits: starts.map((s) => s + back),
      threads,
      exitThreads: threads,
    });
    const reg = [occ("serve", 0, 150), occ("stage", 10, 140)];
    const two = [
      {
        label: "run 2",
        requests: 4,
        counts: new Map([
          ["serve", 4],
          ["stage", 4],
        ]),
      },
    ];
    const spans = regularRequestSpans(reg, 6, two, 1000);
    assert.deepEqual(
      spans,
      starts.map((s, i) => ({ start: s, end: s + 150, thread: i % 2 })),
    );
    // The stage runs 130 to its request's end in its own thread (on one clock the other thread's serve would cut it at 90).
    const s = selectMarkers(reg, 6, two, {
      requests: spans.map((w) => ({ ...w, count: 40 })),
      count: 240,
      median: 14,
      mad: 3,
    });
    assert.deepEqual([s.outer, s.inner], ["serve", ["stage"]]);
    assert.deepEqual(
      s.notes.filter((n) => /identical/.test(n)),
      [],
    );
    // The gaps of a thread count only in its own windows.
    const seq = new CallSequence({
      logicalTime: "time",
      keep: 0,
      watch: [],
      windows: [{ start: 0, end: 20, thread: 0 }],
    });
    const [a, b] = [seq.thread({ pid: 1, tid: 1 }), seq.thread({ pid: 1, tid: 2 })].map((t) => new EventBatch(t));
    const fn = seq.functionId("f");
    for (const t of [0, 10, 20]) (a.enter(fn, t), a.exit(fn, t + 1));
    for (const t of [5, 15]) (b.enter(fn, t), b.exit(fn, t + 1));
    (a.flush(), b.flush());
    assert.deepEqual([...seq.windowGaps], [2]);
  });

  it("measures each occurrence in its own request when one request ends where the next begins (calls for time)", () => {
    // A function run once per request, 5 calls each and nothing between: it returns where the next call, its next entry, begins.
    const reg: RegularOccurrences[] = [{ name: "req", count: 3, times: [1, 6, 11], exits: [6, 11, 16] }];
    const one = [{ label: "run 2", requests: 2, counts: new Map([["req", 2]]) }];
    const spans = regularRequestSpans(reg, 3, one, 16);
    assert.deepEqual(
      spans.map((w) => [w.start, w.end]),
      [
        [1, 6],
        [6, 11],
        [11, 16],
      ],
    );
    // Gaps of 1 call: threshold 2.5; each request's 5 calls are a long computation.
    const s = selectMarkers(reg, 3, one, {
      requests: spans.map((w) => ({ ...w, count: 4 })),
      count: 12,
      median: 1,
      mad: 0,
    });
    assert.equal(s.candidates[0].longGapShare, 1);
  });

  it("ends a request at the last return before the next begins, or leaves it open", () => {
    assert.deepEqual(requestEnds([10, 20, 30], [5, 12, 15, 20, 21, 25, 31, 40]), [20, 25, 40]);
    assert.deepEqual(requestEnds([10, 20], [12]), [12, null]);
    // Unseen: to the next start, the last to the run's end.
    assert.deepEqual(requestSpans([10, 20], [], 50), [
      [10, 20],
      [20, 50],
    ]);
  });

  it("cuts a run into outer and inner instances that end where their request's work ends", () => {
    const marker = (name: string, times: number[]) => ({
      name,
      entries: times.map((t, i) => [t, 10 * i + 1] as const),
    });
    // Three requests starting at 50, 150, 350 whose work ends at 130, 300 and 600; the run ends at 750 (teardown).
    const starts = [50, 150, 350];
    const ends = [
      [130, 9],
      [300, 19],
      [600, 29],
    ] as const;
    const seg = segmentRun(
      marker("parse", starts),
      [marker("parse", starts), marker("transform", [70, 200, 420])],
      { start: 0, end: 750, calls: 40 },
      [],
      ends,
    );
    assert.deepEqual(
      seg.outer.map((i) => i.length),
      [80, 150, 250],
    );
    assert.deepEqual(
      seg.outer.map((i) => i.calls),
      [8, 8, 8],
    );
    assert.deepEqual([seg.prologue, seg.epilogue, seg.between, seg.unended], [50, 150, 20 + 50, 0]);
    // transform's instances stop at their request's end, not at the next request's parse.
    assert.deepEqual(
      seg.inner.map((i) => [i.phase, i.length]),
      [
        ["parse", 20],
        ["transform", 60],
        ["parse", 50],
        ["transform", 100],
        ["parse", 70],
        ["transform", 180],
      ],
    );
    const outer = seg.phases.find((p) => p.phase === "parse (outer)")!;
    // mean 160, sample σ of 80, 150, 250 = 85.44: CoV 0.534.
    assert.ok(Math.abs(outer.cov - 0.534) < 1e-3, String(outer.cov));
    // Without returns, each outer instance runs to the next, the last to the run's end (the old reading).
    const open = segmentRun(marker("parse", starts), [], { start: 0, end: 750, calls: 40 });
    assert.deepEqual([open.outer.map((i) => i.length), open.unended, open.epilogue], [[100, 200, 400], 3, 0]);
  });

  it("counts entries, keeps the entry and return times of functions entered at most f times, and sums gaps within windows only", () => {
    const seq = new CallSequence({
      logicalTime: "calls",
      keep: 2,
      watch: ["b"],
      watchExits: ["b"],
      windows: [{ start: 2, end: 4, thread: 0 }],
    });
    const batch = new EventBatch(seq.thread({ pid: 1, tid: 1 }));
    const [a, b, c] = ["a", "b", "c"].map((n) => seq.functionId(n));
    let t = 0;
    for (const fn of [a, b, c, c, b, c]) (batch.enter(fn, t++), batch.exit(fn, t++));
    batch.flush();
    assert.deepEqual(
      [a, b, c].map((f) => seq.counts[f]),
      [1, 2, 3],
    );
    assert.deepEqual(seq.kept[b], [2, 5], "logical time: calls made in the thread so far");
    // A return's logical time with calls for time: the calls so far + 1, where the next call would begin.
    assert.deepEqual(seq.keptExits[b], [3, 6]);
    assert.equal(seq.kept[c], null, "entered 3 times: more than f = 2");
    assert.deepEqual(seq.watched.get(b), [
      [2, 2],
      [5, 5],
    ]);
    assert.deepEqual(seq.exitsOf("b"), [
      [3, 3],
      [6, 6],
    ]);
    // Calls one apart: every gap is 1; the window [2, 4] holds the gaps 2→3 and 3→4.
    assert.deepEqual([...seq.windowGaps], [2]);
    assert.deepEqual(seq.windowHistogram.medianAndMad(), { median: 1, mad: 0 });
  });

  it("leaves a long start-up out of a request's gaps", () => {
    // Elapsed time: a call at 0 that runs 1e6 ns without calling, then 5 calls 10 ns apart, the request [1e6, 1e6 + 40].
    const seq = new CallSequence({
      logicalTime: "time",
      keep: 0,
      watch: [],
      windows: [{ start: 1e6, end: 1e6 + 40, thread: 0 }],
    });
    const batch = new EventBatch(seq.thread({ pid: 1, tid: 1 }));
    const [init, work] = ["init", "work"].map((n) => seq.functionId(n));
    (batch.enter(init, 0), batch.exit(init, 1e6 - 1));
    for (let k = 0; k < 5; k++) (batch.enter(work, 1e6 + 10 * k), batch.exit(work, 1e6 + 10 * k + 5));
    batch.flush();
    // Over the whole run, the gaps 1e6, 10, 10, 10, 10 have a mean of 2e5 and a σ of 4e5: mean + 3σ = 1.4e6, over any stage.
    assert.deepEqual([...seq.windowGaps], [4]);
    assert.deepEqual(seq.windowHistogram.medianAndMad(), { median: 10, mad: 0 });
  });
});
