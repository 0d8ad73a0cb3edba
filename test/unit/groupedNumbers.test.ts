// grouped() (engine/format/numbers.ts) writes a count as Node's ICU writes it with
// toLocaleString("en-US"), which is the expected value here: every count the reports and
// messages print, without ICU's set-up on the first call.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { grouped } from "../../engine/format/numbers.js";
import { seededRandom } from "../../engine/stats/random.js";

describe("grouped counts", () => {
  it("writes every safe integer as toLocaleString('en-US') does: digits grouped by threes, the sign first", () => {
    const edges = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10_000, 99_999, 100_000, 999_999, 1_000_000];
    const random = seededRandom(32);
    const values = [
      ...edges,
      ...edges.map((n) => -n),
      Number.MAX_SAFE_INTEGER,
      Number.MIN_SAFE_INTEGER,
      ...Array.from(
        { length: 2000 },
        () => Math.floor(random() * 10 ** Math.floor(random() * 16)) * (random() < 0.2 ? -1 : 1),
      ),
    ];
    for (const n of values) assert.equal(grouped(n), n.toLocaleString("en-US"), String(n));
  });

  it("leaves what is not a safe integer to toLocaleString: fractions, -0, NaN, infinities, past 2^53", () => {
    for (const n of [0.5, 1234.5678, -0, NaN, Infinity, -Infinity, 2 ** 60, 1e21, -1e300])
      assert.equal(grouped(n), n.toLocaleString("en-US"), String(n));
  });
});
