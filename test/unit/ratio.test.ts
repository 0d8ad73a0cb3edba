// Ratios of two designs' measures with their intervals on the log scale
// (engine/stats/ratio.ts) and the one way they are said (engine/verdict/speedup.ts),
// against hand-worked cases.
import { test } from "node:test";
import assert from "node:assert/strict";
import { geometricMeanRatio, meanRatio, pairedRatio } from "../../engine/stats/ratio.js";
import { speedupOf, speedupSentence, bOverA } from "../../engine/verdict/speedup.js";

const close = (x: number, y: number, tol = 1e-9) =>
  assert.ok(Math.abs(x - y) <= tol * Math.max(1, Math.abs(y)), `${x} ≠ ${y}`);

test("a ratio of means with Welch's interval on the log scale, worked by hand", () => {
  // a: mean 12, s² 4; b: mean 6, s² 1. Var ln x̄ ≈ s²/(n·x̄²) = 1/108 each, so Var = 1/54 and the
  // Welch–Satterthwaite df = (2/108)² / (2·(1/108)²/2) = 4; t(0.975, 4) = 2.7764451051977934 (scipy).
  const r = meanRatio([10, 12, 14], [5, 6, 7], 0.95)!;
  close(r.log, Math.log(2));
  close(r.df, 4);
  const half = 2.7764451051977934 * Math.sqrt(1 / 54);
  close(r.low, Math.log(2) - half);
  close(r.high, Math.log(2) + half);
  const s = speedupOf(r, 0.95, "test");
  assert.equal(s.lower, "B");
  assert.equal(s.faster, "B");
  close(s.ratio, 2);
  close(s.interval!.low, 1.37069904012219);
  close(s.interval!.high, 2.9182190130106336);
  assert.equal(
    speedupSentence(s, { a: "insertion", b: "merge" }),
    "merge ran 2.00 times faster than insertion (95% interval 1.37 to 2.92)",
  );
  close(bOverA(s), 0.5);
});

test("the interval of a ratio never claims a change beyond −100%", () => {
  // The difference of means over A's mean, with Welch's interval, goes below −100% on such data.
  const a = [100, 300, 120, 900];
  const b = [10, 12, 11, 13];
  const s = speedupOf(meanRatio(a, b, 0.95)!, 0.95, "test");
  assert.equal(s.lower, "B");
  assert.ok(s.interval!.low > 0);
  // B's change as a share of A: 1/ratio − 1, always above −1.
  assert.ok(1 / s.interval!.high - 1 > -1 && 1 / s.interval!.low - 1 > -1);
});

test("the same data read from either side gives the same ratio and interval", () => {
  const a = [3.1, 2.9, 3.3, 3.0];
  const b = [2.0, 2.2, 2.1, 1.9];
  const ab = speedupOf(meanRatio(a, b, 0.95)!, 0.95, "t");
  const ba = speedupOf(meanRatio(b, a, 0.95)!, 0.95, "t");
  assert.equal(ab.lower, "B");
  assert.equal(ba.lower, "A");
  close(ab.ratio, ba.ratio);
  close(ab.interval!.low, ba.interval!.low);
  close(ab.interval!.high, ba.interval!.high);
});

test("an interval that holds 1 names no design faster, and says so", () => {
  const s = speedupOf(meanRatio([10, 14, 9, 13], [11, 12, 10, 12.5], 0.95)!, 0.95, "t");
  assert.equal(s.faster, null);
  assert.ok(s.interval!.low < 1 && s.interval!.high > 1);
  assert.match(speedupSentence(s, { a: "A", b: "B" }), /^No difference shown: /);
});

test("a single run a side gives a ratio without an interval, and names no design faster", () => {
  const s = speedupOf(meanRatio([10], [5], 0.95)!, 0.95, "t");
  assert.equal(s.interval, null);
  assert.equal(s.faster, null);
  assert.match(speedupSentence(s, { a: "A", b: "B" }), /\(no interval\)$/);
});

test("the geometric mean of per-workload ratios, and of matched pairs", () => {
  // Two workloads with ratios 2 and 8 and equal variances: geometric mean 4, variance (v + v)/4.
  const v = 0.01;
  const g = geometricMeanRatio(
    [
      { log: Math.log(2), low: 0, high: 0, variance: v, df: 10 },
      { log: Math.log(8), low: 0, high: 0, variance: v, df: 10 },
    ],
    0.95,
  )!;
  close(g.log, Math.log(4));
  close(g.variance, v / 2);
  // Satterthwaite: (Σv)² / Σ(v²/df) = (2v)² / (2v²/10) = 20.
  close(g.df, 20);
  // Pairs (a, b) = (4, 2), (8, 4), (6, 3): every ln ratio is ln 2, so the interval is the point.
  const p = pairedRatio(
    [
      [4, 2],
      [8, 4],
      [6, 3],
    ],
    0.95,
  )!;
  close(p.log, Math.log(2));
  close(p.low, Math.log(2));
  close(p.high, Math.log(2));
});
