// Which trend model fits, and when a fit shows no trend (issue 28 items 5a and
// 5e, issue 27 item 8): a fixed cost plus a powerlaw beside the thesis's two
// models, chosen by AICc; a cluster whose locations grow differently; fits on
// noise; predictions that would be negative. Expected values are the
// generating laws, known by construction.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fitFeature } from "../../engine/trend/featureFit.js";
import { offsetPowerFit } from "../../engine/trend/offsetPower.js";
import { aicc, chooseModel } from "../../engine/trend/modelChoice.js";
import { bbTrendProf } from "../../engine/trend/bbTrendProf.js";
import { seededRandom } from "../../engine/stats/random.js";

const SIZES = [8, 16, 32, 64, 128, 256, 512, 1024, 2048];
const TWICE = SIZES.flatMap((n) => [n, n]);
const normal = (random: () => number) => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

describe("a fixed cost plus a powerlaw (issue 28 item 5e)", () => {
  // The demo's insertion sort under callgrind: about 1.4e5 Ir of start-up, then 8.88·n^1.94 of sorting.
  const whole = TWICE.map((n) => 1.4e5 + 8.88 * n ** 1.94);

  it("recovers a, b and c of 1.4e5 + 8.88·n^1.94, which a plain powerlaw bends to under n^1", () => {
    const o = offsetPowerFit(TWICE, whole)!;
    assert.ok(
      Math.abs(o.a / 1.4e5 - 1) < 1e-4 && Math.abs(o.b / 8.88 - 1) < 1e-3 && Math.abs(o.c - 1.94) < 1e-4,
      JSON.stringify(o),
    );
    const f = fitFeature("n", TWICE, whole, 1, 400);
    assert.ok(f.power.b < 1, `the plain powerlaw's exponent ${f.power.b}`);
    assert.equal(f.model, "offset");
    // Exact costs: the interval has (next to) no width, at the true exponent.
    assert.ok(
      Math.abs(f.exponent.value - 1.94) < 1e-3 &&
        f.exponent.interval!.low <= 1.94 + 1e-9 &&
        1.94 - 1e-9 <= f.exponent.interval!.high,
      JSON.stringify(f.exponent),
    );
    // 2·f95 = 4096: 1.4e5 + 8.88·4096^1.94.
    const truth = 1.4e5 + 8.88 * 4096 ** 1.94;
    assert.ok(Math.abs(f.predictions[0].value! / truth - 1) < 1e-3, String(f.predictions[0].value));
  });

  it("keeps the thesis's models where the third parameter does not pay: a noisy powerlaw, an exact line", () => {
    const random = seededRandom(2);
    const noisy = TWICE.map((n) => 3 * n ** 1.5 * Math.exp(0.1 * normal(random)));
    assert.equal(fitFeature("n", TWICE, noisy, 1, 200).model, "power");
    // fill_random's 14 + 19n Ir: a line exactly, and a + b·n^c with c = 1 no better.
    assert.equal(
      fitFeature(
        "n",
        TWICE,
        TWICE.map((n) => 14 + 19 * n),
        1,
        200,
      ).model,
      "linear",
    );
  });

  it("scores by AICc = k·ln(RSS/k) + 2p + 2p(p + 1)/(k − p − 1), exact fits tied at the floor, none with too few points, and a third parameter only for 2 or more", () => {
    // k = 18, p = 3, RSS = 0.18: 18·ln(0.01) + 6 + 24/14.
    assert.ok(Math.abs(aicc(0.18, 18, 3)! - (18 * Math.log(0.01) + 6 + 24 / 14)) < 1e-12);
    assert.equal(aicc(1, 5, 4), null);
    assert.equal(chooseModel({ power: 0, linear: 0, offset: 0 }, 18).model, "power");
    assert.equal(
      chooseModel({ power: 1, linear: 0.5, offset: Infinity }, 4).model,
      "linear",
      "with no AICc the smaller error decides",
    );
    // k = 18: the powerlaw's AICc with RSS 1 is 18·ln(1/18) + 7.71; a + b·n^c with RSS 0.785 comes 1 lower,
    // within 2 (Burnham & Anderson's "substantial support"): the powerlaw stays. With RSS 0.5 it is 9.1 lower.
    assert.equal(chooseModel({ power: 1, linear: 10, offset: 0.785 }, 18).model, "power");
    assert.equal(chooseModel({ power: 1, linear: 10, offset: 0.5 }, 18).model, "offset");
  });
});

describe("no trend, and no negative prediction (issue 27 item 8)", () => {
  it("shows noise as no trend: R² under 0.5 or an exponent interval that includes 0, and predicts nothing", () => {
    const random = seededRandom(7);
    const noise = TWICE.map(() => 1e4 * Math.exp(0.5 * normal(random)));
    const f = fitFeature("n", TWICE, noise, 3, 400);
    assert.ok(f.noTrend !== null, JSON.stringify(f.exponent));
    assert.ok(f.predictions.every((p) => p.value === null && p.withheld === "no trend"));
  });

  it("withholds a prediction at or below 0: a cost that falls along a line", () => {
    // 1000 − 10·n on n = 10 … 90: at 2·f95 = 180 the line says −800.
    const x = [10, 20, 30, 40, 50, 60, 70, 80, 90];
    const f = fitFeature(
      "n",
      x,
      x.map((n) => 1000 - 10 * n),
      1,
      200,
    );
    assert.equal(f.model, "linear");
    assert.equal(f.noTrend, null);
    assert.ok(
      f.predictions.every((p) => p.value === null && p.withheld === "the model predicts a cost ≤ 0 here"),
      JSON.stringify(f.predictions),
    );
  });
});

describe("a cluster whose locations grow differently (issue 28 item 5a)", () => {
  // 30 sizes from 1,000 to 10,000: n^1.5 and n²/64 fit each other linearly with R² > 0.98, so §2.3.1 clusters them.
  const x = Array.from({ length: 30 }, (_, i) => Math.round(1000 * 10 ** (i / 29)));
  const random = seededRandom(5);
  const slow = x.map((n) => n ** 1.5 * Math.exp(0.02 * normal(random)));
  const fast = x.map((n) => ((n * n) / 64) * Math.exp(0.02 * normal(random)));
  const r = bbTrendProf({
    locations: [
      { name: "slow", values: slow },
      { name: "fast", values: fast },
    ],
    features: [{ name: "n", values: x }],
    seed: 1,
  });

  it("fits each member apart, sees their exponents disagree beyond their intervals, and widens the cluster's predictions to cover the truth", () => {
    assert.equal(r.clusters.length, 1, "one cluster of both");
    const f = r.clusters[0].fits[0];
    const own = new Map(f.members!.fits.map((m) => [m.name, m]));
    assert.ok(Math.abs(own.get("slow")!.b! - 1.5) < 0.03 && Math.abs(own.get("fast")!.b! - 2) < 0.03);
    assert.ok(own.get("slow")!.interval!.high < own.get("fast")!.interval!.low);
    assert.equal(f.members!.disagree, true);
    assert.equal(f.widened, true);
    for (const p of f.predictions) {
      const truth = p.at ** 1.5 + (p.at * p.at) / 64;
      assert.ok(
        p.interval!.low <= truth && truth <= p.interval!.high,
        `at ${p.at}: ${truth} in ${JSON.stringify(p.interval)}`,
      );
    }
  });

  it("leaves alone a cluster whose members are exact lines (fill_random's 14 + 19n and check_sorted's 19n − 7)", () => {
    const lines = bbTrendProf({
      locations: [
        { name: "fill", values: TWICE.map((n) => 14 + 19 * n) },
        { name: "check", values: TWICE.map((n) => 19 * n - 7) },
      ],
      features: [{ name: "n", values: TWICE }],
      seed: 1,
    });
    const f = lines.clusters[0].fits[0];
    assert.equal(f.members!.disagree, false);
    assert.equal(f.widened, false);
  });
});
