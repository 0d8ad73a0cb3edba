// The uftrace reader against uftrace itself, on recordings of the project's
// own example programs: call counts equal `uftrace report`'s exactly, totals
// and self times agree to report's rounding, and the Chrome export of the same
// recording gives the same CCT.
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readTraceFile } from "../../engine/io/readTrace.js";
import { mergeThreads } from "../../engine/cct/merge.js";
import { contextRows, functionRows } from "../../engine/cct/query.js";
import { join } from "node:path";
import { cpSync, writeFileSync } from "node:fs";
import { describeTraceWarning } from "../../engine/trace/diagnostics.js";
import {
  buildExamples,
  chromeDump,
  damagedSymCopy,
  EXAMPLES_BIN,
  record,
  tempDir,
  uftraceReport,
} from "../helpers/uftrace.js";
import { assertSameRows, foldInto, rowsByPath } from "../helpers/cctCompare.js";
import { SCHEDULE_PREEMPTED } from "../../engine/trace/uftrace/schedEvents.js";

const CASES = [
  { program: "frame_loop", args: ["48", "60"] },
  { program: "nested_chain", args: ["30"] },
  { program: "two_threads", args: ["10"] },
  { program: "recursion", args: ["6", "5"] },
  // Deeper than the builder's first stack and context table: both grow while records stream.
  { program: "deep_stack", args: ["700", "3"] },
  { program: "work_and_wait", args: ["4", "200"] },
  // Two builds of one library file name, loaded with dlopen (DLOP bases, .sym clash).
  { program: "plugin_host", args: [join(EXAMPLES_BIN, "a", "libplugin.so"), join(EXAMPLES_BIN, "b", "libplugin.so")] },
];

describe("uftrace reader against uftrace report", () => {
  before(buildExamples);

  for (const c of CASES) {
    it(`${c.program}: call counts exact, totals and self to rounding`, async () => {
      const dir = record(c.program, c.args);
      const report = uftraceReport(dir);
      const { cct } = await readTraceFile(dir);
      const ours = new Map(functionRows(mergeThreads(cct), cct.functions).map((r) => [r.name, r]));
      assert.ok(report.size >= 3, "report lists functions");
      for (const [name, ref] of report) {
        const mine = ours.get(name);
        assert.ok(mine, `${name} is in the CCT`);
        assert.equal(mine.calls, ref.calls, `${name}: calls`);
        assert.ok(
          Math.abs(mine.totalNs - ref.totalNs) <= ref.toleranceNs,
          `${name}: total ${mine.totalNs} vs ${ref.totalNs}`,
        );
        assert.ok(
          Math.abs(mine.selfNs - ref.selfNs) <= ref.toleranceNs,
          `${name}: self ${mine.selfNs} vs ${ref.selfNs}`,
        );
      }
      assert.equal(ours.size, report.size, "no functions beyond report's");
    });

    it(`${c.program}: Chrome export of the same recording gives the same CCT`, async () => {
      const dir = record(c.program, c.args);
      const a = (await readTraceFile(dir)).cct;
      const b = (await readTraceFile(chromeDump(dir))).cct;
      // uftrace 0.13's export writes only the E of a pre-empted switch, so
      // those intervals are missing there and their time is their caller's.
      assertSameRows(foldInto(rowsByPath(a), SCHEDULE_PREEMPTED), rowsByPath(b));
    });
  }

  it("off-CPU time shows as linux:schedule inside the call that waited, as uftrace report has it", async () => {
    const dir = record("work_and_wait", ["3", "500"]);
    const { cct } = await readTraceFile(dir);
    const rows = contextRows(mergeThreads(cct), cct.functions);
    const sched = rows.filter((r) => r.path[r.path.length - 1] === "linux:schedule");
    assert.ok(sched.length > 0, "scheduler events were read");
    assert.ok(sched.some((r) => r.path.join(">") === "main>nap>usleep>linux:schedule"));
    assert.ok(sched.every((r) => r.inclusiveNs > 0));
    const withoutEvents = (await readTraceFile(record("work_and_wait", ["3", "500"], ["--no-event"]))).cct;
    assert.ok(!withoutEvents.functions.includes("linux:schedule"));
  });

  it("a recursion deeper than uftrace's 10-bit depth field (--max-stack 4000) keeps its tree", async () => {
    // deep_stack 1500 2: descend(1500) … descend(0), each calling leaf, twice. Past depth 1,023 the
    // recorded depth wraps to 0; read as it stands it closed 2,047 calls early and dropped their exits.
    const dir = record("deep_stack", ["1500", "2"], ["--max-stack=4000"]);
    const { cct } = await readTraceFile(dir);
    assert.deepEqual(cct.warnings, []);
    const functions = new Map(functionRows(mergeThreads(cct), cct.functions).map((r) => [r.name, r.calls]));
    assert.equal(functions.get("descend"), 2 * 1501);
    assert.equal(functions.get("leaf"), 2 * 1501);
    const deepest = ["main", ...Array<string>(1501).fill("descend"), "leaf"].join(">");
    assert.equal(rowsByPath(cct).get(deepest)?.n, 2);
  });

  it("says which options of an edited default.opts it cannot apply, and applies the rest", async () => {
    const copy = join(tempDir("default-opts"), "nested_chain");
    cpSync(record("nested_chain", ["30"]), copy, { recursive: true });
    writeFileSync(join(copy, "default.opts"), "-t 1xs\n--depth=0\n-t 2us\n");
    const { cct } = await readTraceFile(copy);
    assert.deepEqual(cct.warnings.map(describeTraceWarning), [
      `${copy}/default.opts: "-t 1xs" is not an option Varbench can apply (-t takes a time such as 10us, -D a depth of 1 or more; uftrace writes no other), so it was not`,
      `${copy}/default.opts: "--depth 0" is not an option Varbench can apply (-t takes a time such as 10us, -D a depth of 1 or more; uftrace writes no other), so it was not`,
      "the recording's time filter was re-applied: calls shorter than 2000 ns count as their caller's self time",
    ]);
  });

  it("names a damaged .sym file, not the session map, when its lines are no symbols", async () => {
    const { copy, sym, headerLength } = damagedSymCopy(record("nested_chain", ["30"]), "damaged-sym");
    const { cct } = await readTraceFile(copy);
    const said = cct.warnings.map(describeTraceWarning);
    assert.equal(
      said[0],
      `${sym}: at byte ${headerLength + 1}: 2 line(s) are not symbol lines (a hex address, a type letter, a name) and were left out, so addresses they would name show as numbers; the file looks damaged`,
    );
    assert.match(said[1], /\.map: \d+ record\(s\) at addresses outside every known symbol/);
  });

  it("libraries sharing a file name each get their own symbol table", async () => {
    const dir = record("plugin_host", [
      join(EXAMPLES_BIN, "a", "libplugin.so"),
      join(EXAMPLES_BIN, "b", "libplugin.so"),
    ]);
    const { cct } = await readTraceFile(dir);
    const paths = contextRows(mergeThreads(cct), cct.functions).map((r) => r.path.join(">"));
    assert.ok(paths.includes("main>run>plugin_work>inner_a"));
    assert.ok(paths.includes("main>run>plugin_work>inner_b"));
    assert.ok(paths.includes("main>run>plugin_work>plugin_b_setup"));
    assert.ok(!cct.warnings.some((w) => w.kind === "unresolved-address"), "every address named");
  });

  it("two_threads: one CCT per thread, and thread selection", async () => {
    const dir = record("two_threads", ["8"]);
    const { cct } = await readTraceFile(dir);
    assert.equal(cct.threads.length, 3, "main and two workers");
    const perThread = cct.threads.map(
      (t) => new Map(functionRows(t.contexts, cct.functions).map((r) => [r.name, r.calls])),
    );
    const cruncher = perThread.find((m) => m.has("crunch"))!;
    const hasher = perThread.find((m) => m.has("hash_block"))!;
    assert.equal(cruncher.get("crunch"), 8);
    assert.equal(cruncher.has("hash_block"), false);
    assert.equal(hasher.get("hash_block"), 16);
  });

  it("re-applies the recording's time filter and skips argument payloads", async () => {
    const dir = record(
      "frame_loop",
      ["36", "40"],
      ["-t", "2us", "-A", "decode_frame@arg1,arg2", "-R", "decode_frame@retval", "-a"],
    );
    const report = uftraceReport(dir);
    const { cct } = await readTraceFile(dir);
    assert.ok(cct.warnings.some((w) => w.kind === "time-filter" && w.thresholdNs === 2000));
    const ours = new Map(functionRows(mergeThreads(cct), cct.functions).map((r) => [r.name, r]));
    for (const [name, ref] of report) {
      assert.equal(ours.get(name)?.calls, ref.calls, `${name}: calls`);
      assert.ok(Math.abs(ours.get(name)!.totalNs - ref.totalNs) <= ref.toleranceNs, `${name}: total`);
    }
  });

  it("keeps 64-bit nanosecond times exact (durations are whole nanoseconds)", async () => {
    const { cct } = await readTraceFile(record("nested_chain", ["5"]));
    for (const t of cct.threads) for (const v of t.contexts.inclusiveNs) assert.ok(Number.isInteger(v));
  });
});
