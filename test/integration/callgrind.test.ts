// The callgrind reader against callgrind_annotate, and the cross-check between
// independent tools: callgrind's call counts equal uftrace's for the same runs.
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { buildExamples, EXAMPLES_BIN, record, tempDir, uftraceReport } from "../helpers/uftrace.js";
import { readCallgrind, type CallgrindTable } from "../../engine/trace/callgrind/readCallgrind.js";
import { fileSource } from "../../engine/io/fileSource.js";

/** Runs the example's plain build (no -pg: gprof's SIGPROF can kill it under valgrind). */
function callgrind(program: string, args: readonly string[]): { file: string } {
  const file = join(tempDir("cg"), "callgrind.out");
  execFileSync(
    "valgrind",
    ["--tool=callgrind", `--callgrind-out-file=${file}`, join(EXAMPLES_BIN, "plain", program), ...args],
    { stdio: "ignore" },
  );
  return { file };
}

/** callgrind_annotate's rows as (function name → [summed self, largest inclusive]). */
function annotate(file: string): Map<string, { self: number; inclusive: number }> {
  const rows = (inclusive: boolean) =>
    execFileSync("callgrind_annotate", [`--inclusive=${inclusive ? "yes" : "no"}`, "--threshold=100", file], {
      encoding: "utf8",
    })
      .split("\n")
      .flatMap((l) => {
        const m = /^\s*([\d,]+) \([\d. %]+\)\s+(\S.*?)\s*$/.exec(l);
        if (!m || m[2] === "PROGRAM TOTALS") return [];
        const fn = m[2].replace(/ \[.*\]$/, "").replace(/^.*:/, "");
        return [[fn, Number(m[1].replace(/,/g, ""))] as const];
      });
  const out = new Map<string, { self: number; inclusive: number }>();
  for (const [fn, v] of rows(false)) out.set(fn, { self: (out.get(fn)?.self ?? 0) + v, inclusive: 0 });
  for (const [fn, v] of rows(true)) {
    const o = out.get(fn) ?? { self: 0, inclusive: 0 };
    out.set(fn, { ...o, inclusive: Math.max(o.inclusive, v) });
  }
  return out;
}

/** Calls per function with callgrind's recursion levels (`fib'2`) folded into the function. */
function callsByFunction(t: CallgrindTable): Map<string, number> {
  const m = new Map<string, number>();
  for (const f of t.functions) {
    const name = f.name.replace(/'\d+$/, "");
    m.set(name, (m.get(name) ?? 0) + f.calls);
  }
  return m;
}

describe("callgrind", () => {
  before(buildExamples);

  it("the table reproduces callgrind_annotate: self and inclusive Ir of the program's functions, totals", async () => {
    const { file } = callgrind("recursion", ["5", "3"]);
    const t = await readCallgrind(fileSource(file));
    assert.deepEqual(t.events, ["Ir"]);
    assert.equal(
      t.functions.reduce((s, f) => s + f.self[0], 0),
      t.totals[0],
      "self costs add up to the totals",
    );
    const ref = annotate(file);
    for (const name of ["main", "fib", "fib'2", "even", "odd", "leaf"]) {
      const mine = t.functions.filter((f) => f.name === name && f.object.endsWith("/plain/recursion"));
      assert.equal(mine.length, 1, name);
      assert.deepEqual({ self: mine[0].self[0], inclusive: mine[0].inclusive[0] }, ref.get(name), name);
    }
  });

  for (const c of [
    { program: "recursion", args: ["6", "5"], functions: ["main", "fib", "even", "odd", "leaf"] },
    {
      program: "frame_loop",
      args: ["30", "40"],
      functions: [
        "main",
        "decode_frame",
        "decode_i",
        "decode_p",
        "decode_b",
        "idct_block",
        "motion_compensate",
        "present",
      ],
    },
    { program: "nested_chain", args: ["12"], functions: ["main", "H", "U", "V", "W"] },
  ]) {
    it(`${c.program}: callgrind's call counts equal uftrace's`, async () => {
      const calls = callsByFunction(await readCallgrind(fileSource(callgrind(c.program, c.args).file)));
      const report = uftraceReport(record(c.program, c.args, ["--no-event"]));
      for (const fn of c.functions) assert.equal(calls.get(fn), report.get(fn)?.calls, fn);
    });
  }

  it("names the line of a malformed file", async () => {
    const file = join(tempDir("cgbad"), "callgrind.out");
    execFileSync("sh", ["-c", `printf 'events: Ir\\nfn=(1) main\\n3 x\\n' > ${file}`]);
    await assert.rejects(readCallgrind(fileSource(file)), /callgrind\.out.*line 3: bad cost "x"/);
  });
});
