// perf stat's CSV, on lines as perf 6.1 printed them on this machine.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readPerfStat } from "../../engine/trace/perf/readPerfStat.js";

describe("perf stat CSV", () => {
  it("keeps unsupported counters as such, never as zero", () => {
    const text = "# started on Sun Nov 22 13:44:24 2026\n\n1.80,msec,task-clock,1797104,100.00,0.585,CPUs utilized\n1,,context-switches,1797104,100.00,556.451,/sec\n<not supported>,,instructions,0,100.00,,\n";
    assert.deepEqual(readPerfStat(text, "t"), [
      { event: "task-clock", value: 1.8, unit: "msec", status: "counted" },
      { event: "context-switches", value: 1, unit: "", status: "counted" },
      { event: "instructions", value: null, unit: "", status: "not supported" },
    ]);
  });
  it("refuses what is not perf output", () => {
    assert.throws(() => readPerfStat("hello\n", "out.csv"), /out\.csv: not a perf stat CSV line/);
    assert.throws(() => readPerfStat("# only a comment\n", "out.csv"), /no counter/);
  });
});
