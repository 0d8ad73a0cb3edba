// perf stat's CSV, on lines as perf 6.1 printed them on this machine.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readPerfStat } from "../../engine/trace/perf/readPerfStat.js";
import { TraceError } from "../../engine/trace/diagnostics.js";

describe("perf stat CSV", () => {
  it("keeps unsupported counters as such, never as zero", () => {
    const text =
      "# started on Sun Nov 22 13:44:24 2026\n\n1.80,msec,task-clock,1797104,100.00,0.585,CPUs utilized\n1,,context-switches,1797104,100.00,556.451,/sec\n<not supported>,,instructions,0,100.00,,\n";
    assert.deepEqual(readPerfStat(text, "t"), [
      { event: "task-clock", value: 1.8, unit: "msec", status: "counted" },
      { event: "context-switches", value: 1, unit: "", status: "counted" },
      { event: "instructions", value: null, unit: "", status: "not supported" },
    ]);
  });
  it("refuses what is not perf output, naming the line's byte offset", () => {
    assert.throws(
      () => readPerfStat("hello\n", "out.csv"),
      (e: Error) => e instanceof TraceError && /^out\.csv: at byte 0: not a perf stat CSV line/.test(e.message),
    );
    assert.throws(
      () => readPerfStat("# only a comment\n", "out.csv"),
      (e: Error) => e instanceof TraceError && /no counter/.test(e.message),
    );
  });
  it("refuses an empty or negative value instead of reading it as a count (issue 17's fuzz: an empty value read as 0)", () => {
    assert.throws(
      () => readPerfStat("# c\n,msec,task-clock,1797104,100.00,,\n", "out.csv"),
      (e: Error) =>
        e instanceof TraceError && /^out\.csv: at byte 4: counter task-clock has the value ""/.test(e.message),
    );
    assert.throws(
      () => readPerfStat("-1,,page-faults,1,100.00,,\n", "out.csv"),
      /at byte 0: counter page-faults has the value "-1"/,
    );
  });
});
