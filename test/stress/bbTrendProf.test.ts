// Trend fits on any costs (the brief: every analysis survives any input):
// zeros, repeated sizes, constants, costs that fall, spans of twelve orders of
// magnitude. Whatever the data, the fit returns, never shows a prediction
// ≤ 0 or a NaN, and its intervals are ordered.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { bbTrendProf } from "../../engine/trend/bbTrendProf.js";
import { compareTrends } from "../../engine/trend/designTrends.js";

const cost = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1000 }), fc.double({ min: 1, max: 1e12, noNaN: true }));
const size = fc.oneof(fc.constantFrom(1, 2, 8, 64, 1024), fc.integer({ min: 1, max: 1e6 }));

describe("trend fits on arbitrary costs", () => {
  it("never throw, never show a prediction ≤ 0 or NaN, and keep intervals ordered", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(size, fc.array(cost, { minLength: 3, maxLength: 3 })), { minLength: 3, maxLength: 14 }),
        (rows) => {
          const x = rows.map(([n]) => n);
          const locations = [0, 1, 2].map((l) => ({ name: `loc ${l}`, values: rows.map(([, c]) => c[l]) }));
          const r = bbTrendProf({ locations, features: [{ name: "n", values: x }], seed: 1, resamples: 100 });
          for (const c of r.clusters) {
            for (const f of c.fits) {
              for (const p of f.predictions) {
                if (p.value !== null) assert.ok(p.value > 0 && Number.isFinite(p.value), JSON.stringify(p));
                else assert.ok(p.withheld, "a withheld prediction says why");
                if (p.interval) assert.ok(!(p.interval.low > p.interval.high), JSON.stringify(p.interval));
              }
              const i = f.exponent.interval;
              if (i) assert.ok(!(i.low > i.high), JSON.stringify(i));
            }
          }
          const half = Math.ceil(rows.length / 2);
          const side = (from: number, to: number, design: string) => ({
            design,
            runIds: x.slice(from, to).map((_, i) => from + i),
            feature: Float64Array.from(x.slice(from, to)),
            locations: locations.map((l) => ({ name: l.name, values: l.values.slice(from, to) })),
          });
          const d = compareTrends(side(0, half, "A"), side(half, rows.length, "B"), 1, 100);
          for (const l of d.locations)
            if (l.exponentDifference?.interval)
              assert.ok(!(l.exponentDifference.interval.low > l.exponentDifference.interval.high));
        },
      ),
      { numRuns: 60, seed: 28 },
    );
  });
});
