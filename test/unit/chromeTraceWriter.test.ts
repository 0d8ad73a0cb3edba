// The Chrome trace writer (trace/chrome/chromeTraceWriter.ts): timestamps to the
// nanosecond and a hand-worked time filter (fuzzed unbalanced streams read back
// are in test/stress/chromeTraceWriter.test.ts).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { ChromeTraceWriter } from "../../engine/trace/chrome/chromeTraceWriter.js";
import { microsecondsText } from "../../engine/trace/chrome/chromeThreadWriter.js";
import { EventBatch } from "../../engine/trace/eventBatch.js";

describe("Chrome trace writer", () => {
  it("writes nanoseconds as microseconds with three decimals, exactly", () => {
    assert.equal(microsecondsText(0), "0.000");
    assert.equal(microsecondsText(7), "0.007");
    assert.equal(microsecondsText(42), "0.042");
    assert.equal(microsecondsText(999), "0.999");
    assert.equal(microsecondsText(1000), "1.000");
    assert.equal(microsecondsText(123456789), "123456.789");
    assert.equal(microsecondsText(-1500), "-1.500");
    assert.equal(microsecondsText(2 ** 53 - 1), "9007199254740.991");
    assert.equal(Math.round(Number(microsecondsText(86_400_000_000_123)) * 1000), 86_400_000_000_123); // a day in: still to the ns
  });

  it("leaves out calls shorter than the time filter, writing their callers' B events once kept", () => {
    // main [0, 100] holds a [10, 12] (2 ns: out) and b [20, 80], which holds c [30, 31] (out) and d [40, 50].
    const events: [string, "B" | "E", number][] = [
      ["main", "B", 0],
      ["a", "B", 10],
      ["a", "E", 12],
      ["b", "B", 20],
      ["c", "B", 30],
      ["c", "E", 31],
      ["d", "B", 40],
      ["d", "E", 50],
      ["b", "E", 80],
      ["main", "E", 100],
    ];
    const pieces: string[] = [];
    const writer = new ChromeTraceWriter((p) => pieces.push(p));
    writer.setTimeFilter(5);
    const batch = new EventBatch(writer.thread({ pid: 1, tid: 2 }));
    for (const [name, ph, t] of events) {
      if (ph === "B") batch.enter(writer.functionId(name), t);
      else batch.exit(writer.functionId(name), t);
    }
    batch.flush();
    const summary = writer.finish();
    const json = JSON.parse(pieces.join("")) as {
      traceEvents: { ph: string; name: string; ts: number }[];
      displayTimeUnit: string;
      otherData: Record<string, unknown>;
    };
    assert.deepEqual(
      json.traceEvents.map((e) => (e.ph === "M" ? `M ${e.name}` : `${e.ph} ${e.name} ${e.ts}`)),
      ["M thread_name", "B main 0", "B b 0.02", "B d 0.04", "E d 0.05", "E b 0.08", "E main 0.1"],
    );
    assert.equal(json.displayTimeUnit, "ns");
    assert.equal(summary.callsFilteredOut, 2);
    assert.equal(json.otherData.timeFilterNs, 5);
    assert.equal(json.otherData.callsFilteredOut, 2);
  });
});
