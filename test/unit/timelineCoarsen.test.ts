// A thread's timeline as it coarsens (engine/patterns/timeline.ts, 004
// §3.2.1's fine intervals): however many times the intervals double while
// calls are added, each interval holds exactly the time the calls spent in it,
// worked out here from the calls themselves (whole nanoseconds: every sum is
// exact in doubles), and each feature that time times the call's vector; the
// same whether the calls were added as they came, held back and added at once
// at the resolution their span needs, or held back in part.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { PENDING_CALLS, Timeline } from "../../engine/patterns/timeline.js";
import { seededRandom } from "../../engine/stats/random.js";

describe("Timeline coarsening", () => {
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8])
    for (const held of [0, 16, 64, PENDING_CALLS])
      it(`holds each interval's time and features exactly after it doubled many times (seed ${seed}, ${held} calls held back)`, () => {
        const next = seededRandom(seed);
        const dims = 3;
        // Few intervals, so a run of a few million nanoseconds doubles them about fifteen times.
        const t = new Timeline(dims, 40, held);
        const calls: { t0: number; t1: number; v: Float64Array }[] = [];
        let at = 1_000_000 + Math.floor(next() * 1000);
        for (let c = 0; c < 300; c++) {
          const t0 = at + Math.floor(next() * 50);
          const t1 = t0 + 1 + Math.floor(next() * (next() < 0.1 ? 200_000 : 2_000));
          const v = Float64Array.from({ length: dims }, () => Math.floor(next() * 4));
          calls.push({ t0, t1, v });
          t.add(t0, t1, v);
          at = t1;
        }
        const { resolutionNs: r, first, count, data } = t.read();
        assert.ok(r >= 2 ** 12, `resolution ${r} ns: it doubled at least twelve times`);
        assert.ok(count <= 40);
        for (let i = 0; i < count; i++) {
          const lo = (first + i) * r;
          const hi = lo + r;
          const expected = new Float64Array(dims + 1);
          for (const c of calls) {
            const w = Math.min(hi, c.t1) - Math.max(lo, c.t0);
            if (w <= 0) continue;
            for (let k = 0; k < dims; k++) expected[k] += w * c.v[k];
            expected[dims] += w;
          }
          assert.deepEqual([...data.subarray(i * t.width, (i + 1) * t.width)], [...expected], `interval ${i}`);
        }
        // Nothing held past the intervals counted.
        assert.ok(data.subarray(count * t.width).every((x) => x === 0));
        // The finest resolution the calls' span fits in: twice as fine would need more than 40 intervals.
        const span = (res: number) => Math.floor(calls[calls.length - 1].t1 / res) - Math.floor(calls[0].t0 / res) + 1;
        assert.ok(span(r) <= 40 && span(r / 2) > 40, `resolution ${r} ns`);
      });
});
