// A run's costs per location from hand-made tables: a line gcov lists under two
// functions counts once per function and adds up; a recursion level's self-calls
// are kept apart from its inclusive cost.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { callgrindCosts, gcovCosts, HOT_LINES } from "../../engine/trace/locationCosts.js";
import type { GcovTable } from "../../engine/trace/gcov/readGcov.js";
import type { CallgrindTable } from "../../engine/trace/callgrind/readCallgrind.js";

const gcov: GcovTable = {
  gccVersion: "12.2.0",
  dataFiles: ["a.gcda"],
  functions: [
    { file: "a.c", name: "f", demangledName: "f", startLine: 1, endLine: 3, executionCount: 4 },
    { file: "a.c", name: "g", demangledName: "g", startLine: 5, endLine: 7, executionCount: 1 },
    { file: "h.h", name: "_Z1hv", demangledName: "h()", startLine: 1, endLine: 2, executionCount: 2 },
  ],
  lines: [
    { file: "a.c", line: 2, count: 40, function: "f" },
    { file: "a.c", line: 3, count: 0, function: "f" },
    { file: "a.c", line: 6, count: 1, function: "g" },
    // One header line shared by two instances: 2 + 3 = 5 executions.
    { file: "h.h", line: 1, count: 2, function: "_Z1hv" },
    { file: "h.h", line: 1, count: 3, function: "_Z1hi" },
  ],
};

describe("locationCosts", () => {
  it("gcov: per function, per file and hottest lines, shared lines summed", () => {
    const c = gcovCosts(7, gcov, (file, line) => (file === "a.c" && line === 2 ? "  x += y;" : null));
    assert.equal(c.lineExecutions, 46);
    assert.deepEqual(
      c.files.map((f) => [f.file, f.functions, f.lineExecutions, f.lines, f.linesExecuted]),
      [
        ["a.c", 2, 41, 3, 2],
        ["h.h", 1, 5, 1, 1],
      ],
    );
    const f = c.functions.find((x) => x.name === "f")!;
    assert.deepEqual([f.executions, f.lineExecutions, f.lines, f.linesExecuted], [4, 40, 2, 1]);
    assert.equal(c.functions.find((x) => x.name === "h()")!.lineExecutions, 2, "the function's own count");
    assert.deepEqual(
      c.hotLines.map((h) => [h.file, h.line, h.count, h.functions, h.text]),
      [
        ["a.c", 2, 40, ["f"], "  x += y;"],
        ["h.h", 1, 5, ["_Z1hv", "_Z1hi"], null],
        ["a.c", 6, 1, ["g"], null],
      ],
      "executed lines only, most first",
    );
    assert.ok(HOT_LINES >= 10);
  });

  it("callgrind: Ir of each function, the program total, a recursion's self-calls apart", () => {
    const t: CallgrindTable = {
      command: "./fib 5",
      events: ["Ir", "Dr"],
      totals: [100, 30],
      functions: [
        { key: "k1", name: "main", file: "f.c", object: "fib", self: [10, 1], inclusive: [100, 30], calls: 0 },
        {
          key: "k2",
          name: "fib'2",
          file: "f.c",
          object: "fib",
          self: [90, 29],
          inclusive: [250, 80],
          calls: 8,
          selfCalls: [160, 51],
        },
      ],
    };
    const c = callgrindCosts(3, t);
    assert.equal(c.event, "Ir");
    assert.equal(c.programTotal, 100);
    assert.deepEqual(
      c.functions.map((f) => [f.name, f.self, f.inclusive, f.recursive, f.inclusive - f.recursive]),
      [
        ["fib'2", 90, 250, 160, 90],
        ["main", 10, 100, 0, 100],
      ],
    );
  });
});
