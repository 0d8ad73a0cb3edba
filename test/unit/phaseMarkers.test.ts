// Active profiling's marker selection (paper 003 Figure 4) and segmentation on
// call sequences written by hand: every expected value follows from the
// sequence and the rules (3σ outliers, counts f and g, gaps over mean + 3σ).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { selectMarkers, type RegularOccurrences } from "../../engine/phases/markerSelection.js";
import { segmentRun } from "../../engine/phases/segmentation.js";
import { CallSequence } from "../../engine/phases/callSequence.js";
import { EventBatch } from "../../engine/trace/eventBatch.js";

const F = 8;
/** A regular run of F requests, 1000 time units each: per request a dozen helpers entered one unit
 * apart at its start (as a utility reads and checks a request), then three stages — parse at +20,
 * transform at +400, emit at +700 — each running long before the next candidate; and an
 * initialisation helper entered F times in a row at start-up. */
function regular(): RegularOccurrences[] {
  const at = (offset: number) => Array.from({ length: F }, (_, r) => 100 + 1000 * r + offset);
  const helpers = Array.from({ length: 12 }, (_, h) => ({ name: `helper${h}`, count: F, times: at(1 + h) }));
  return [
    { name: "init_slot", count: F, times: Array.from({ length: F }, (_, i) => 10 + i) },
    ...helpers,
    { name: "stage_parse", count: F, times: at(20) },
    { name: "stage_transform", count: F, times: at(400) },
    { name: "stage_emit", count: F, times: at(700) },
    { name: "kind_b_only", count: F, times: at(15) },
    { name: "parse_item", count: 40 * F, times: [] },
  ];
}

describe("phase markers by active profiling (003 §3.2, Figure 4)", () => {
  const irregular = [{ label: "run 2", requests: 5, counts: new Map([...["init_slot", "stage_parse", "stage_transform", "stage_emit", "kind_b_only"].map((n) => [n, n === "kind_b_only" ? 2 : 5] as const), ...Array.from({ length: 12 }, (_, h) => [`helper${h}`, 5] as const)]) }];

  // The whole trace's gaps between calls: mostly the stages' inner calls, a few units apart.
  const gaps = { mean: 5, sigma: 10, end: 100 + 1000 * F };

  it("marks each request by its first candidate and the stages as inner phases, and says why the others went", () => {
    const s = selectMarkers(regular(), F, irregular, gaps);
    // §3.2: "the first block in the remaining block sequence" marks the outermost phase: the first helper of each request.
    assert.equal(s.outer, "helper0");
    assert.deepEqual(s.inner, ["stage_parse", "stage_transform", "stage_emit"]);
    // The last request's emit runs 300 units to the run's end: counted as long like the seven before it.
    assert.equal(s.candidates.find((c) => c.name === "stage_emit")!.longGapShare, 1);
    const verdict = (n: string) => s.candidates.find((c) => c.name === n)!.verdict;
    // init_slot's distances (1 unit) are far below every other candidate's (1000): an outlier mean.
    assert.deepEqual(verdict("init_slot"), { kind: "uneven", which: "mean" });
    // kind_b_only ran for 2 of the irregular run's 5 requests.
    assert.deepEqual(verdict("kind_b_only"), { kind: "irregular-count", run: "run 2", count: 2, expected: 5 });
    // The helpers are followed by the next helper one unit later: no long computation.
    assert.deepEqual(verdict("helper3"), { kind: "no-long-gap", share: 0 });
    assert.equal(s.candidates.some((c) => c.name === "parse_item"), false, "run 320 times, not f");
    // Threshold 5 + 3·10 = 35: the stages' gaps (380, 300, 401) pass it, helper11's 8 before stage_parse does not.
    assert.equal(s.gapThreshold, 35);
    // Figure 4's traceR is the whole trace: measured on the candidates' own gaps (12 of 1, one of 8
    // and three of 300–401 per request) mean + 3σ would be 441, above every stage's gap.
    const own = selectMarkers(regular(), F, irregular, { mean: 52.9, sigma: 129.4, end: gaps.end });
    assert.deepEqual(own.inner, []);
  });

  it("cuts a run into outer and inner instances with their lengths and calls", () => {
    const marker = (name: string, times: number[]) => ({ name, entries: times.map((t, i) => [t, 10 * i + 1] as const) });
    // Three requests of 100, 200 and 400 units; transform at a quarter of each request.
    const starts = [50, 150, 350];
    const lengths = [100, 200, 400];
    const seg = segmentRun(marker("parse", starts), [marker("parse", starts), marker("transform", starts.map((s, i) => s + lengths[i] / 4))], { start: 0, end: 750, calls: 30 });
    assert.deepEqual(seg.outer.map((i) => i.length), [100, 200, 400]);
    assert.equal(seg.prologue, 50);
    assert.deepEqual(seg.inner.map((i) => [i.phase, i.length]), [["parse", 25], ["transform", 75], ["parse", 50], ["transform", 150], ["parse", 100], ["transform", 300]]);
    const outer = seg.phases.find((p) => p.phase === "parse (outer)")!;
    // mean 233.33, sample σ of 100, 200, 400 = 152.75: CoV 0.6547.
    assert.ok(Math.abs(outer.cov - 0.6547) < 1e-4, String(outer.cov));
    assert.deepEqual(seg.outer.map((i) => i.calls), [10, 10, 10]);
  });

  it("counts entries and keeps the times of functions entered at most f times, from a trace's events", () => {
    const seq = new CallSequence({ logicalTime: "calls", keep: 2, watch: ["b"] });
    const batch = new EventBatch(seq.thread({ pid: 1, tid: 1 }));
    const [a, b, c] = ["a", "b", "c"].map((n) => seq.functionId(n));
    let t = 0;
    for (const fn of [a, b, c, c, b, c]) batch.enter(fn, t++), batch.exit(fn, t++);
    batch.flush();
    assert.deepEqual([a, b, c].map((f) => seq.counts[f]), [1, 2, 3]);
    assert.deepEqual(seq.kept[b], [2, 5], "logical time: calls made in the thread so far");
    assert.equal(seq.kept[c], null, "entered 3 times: more than f = 2");
    assert.deepEqual(seq.watched.get(b), [[2, 2], [5, 5]]);
    // Calls one apart: every gap is 1.
    assert.deepEqual([seq.gapCount, seq.gapMean, seq.gapSigma], [5, 1, 0]);
  });
});
