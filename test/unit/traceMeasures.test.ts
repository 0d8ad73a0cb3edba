// A traced run's measures from its CCT, against hand-computed sums: the
// program's calls only, scheduler waits and the profiler's own frames out.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cctOf, type Call } from "../helpers/memorySource.js";
import { traceMeasures } from "../../engine/cct/traceMeasures.js";
import { chainKind, frameKind } from "../../engine/cct/frameKinds.js";

const call = (fn: string, start: number, end: number, children: Call[] = []): Call => ({ fn, start, end, children });

test("frames are code, waiting, the profiler's or the loader's", () => {
  assert.equal(frameKind("insertion_sort"), "code");
  assert.equal(frameKind("linux:schedule"), "waiting");
  assert.equal(frameKind("linux:schedule (pre-empted)"), "waiting");
  assert.equal(frameKind("__monstartup"), "tool");
  assert.equal(frameKind("_mcleanup"), "tool");
  assert.equal(frameKind("__cyg_profile_func_enter"), "tool");
  assert.equal(frameKind("_dl_runtime_resolve_xsavec"), "loader");
  assert.equal(frameKind("my_mcount"), "code", "only whole names match");
  // What the C runtime's wrapper calls is the program; what the loader or gprof call is theirs.
  assert.equal(chainKind(["__libc_start_main", "main", "sort"]), "code");
  assert.equal(chainKind(["__libc_start_main"]), "loader");
  assert.equal(chainKind(["__monstartup", "malloc"]), "tool");
  assert.equal(chainKind(["main", "sort", "linux:schedule (pre-empted)"]), "waiting");
});

test("traced on-CPU time sums the program's calls over threads, less waits and the profiler's frames", () => {
  const cct = cctOf([
    [
      call("__monstartup", 0, 7_000, [call("malloc", 1_000, 3_000)]),
      call("main", 10_000, 110_000, [
        call("sort", 20_000, 90_000, [
          call("linux:schedule (pre-empted)", 40_000, 55_000),
          call("cmp", 60_000, 61_000),
          call("cmp", 62_000, 63_000),
        ]),
      ]),
    ],
    [call("worker", 0, 50_000, [call("linux:schedule", 10_000, 30_000)])],
  ]);
  const m = traceMeasures(cct);
  // Thread 1: main 100,000 less the wait of 15,000 (the gprof start-up is outside: a tool frame).
  // Thread 2: worker 50,000 less its wait of 20,000.
  assert.equal(m["trace-cpu"], 100_000 - 15_000 + (50_000 - 20_000));
  // The longest thread in wall time, waits included, the tool's frames left out.
  assert.equal(m["trace-wall"], 100_000);
  // main, sort, 2 × cmp, worker: malloc under __monstartup is gprof's, the waits are not calls.
  assert.equal(m.calls, 5);
});

test("a trace of nothing but the profiler's start-up measures nothing, never less than nothing", () => {
  const m = traceMeasures(cctOf([[call("__monstartup", 0, 5_000)]]));
  assert.deepEqual(m, { "trace-cpu": 0, "trace-wall": 0, calls: 0 });
});
