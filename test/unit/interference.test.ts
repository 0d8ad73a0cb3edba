// What other processes took of the machine while runs ran (engine/campaign/interference.ts), against hand-worked
// cases: one run's figure from its helper's numbers, and the share over runs as a sum over a sum.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  interferenceNote,
  interferenceOf,
  NOTED_SHARE,
  otherCpuOf,
  TIMES_INCLUDE_IT,
} from "../../engine/campaign/interference.js";
import type { RunRow } from "../../engine/campaign/readModels.js";

const run = (id: number, wallNs: number | null, otherCpuNs: number | null, usableCpus: number | null = 2): RunRow => ({
  id,
  campaignId: 1,
  design: "a",
  workload: "w",
  repetition: id,
  warmup: false,
  attempt: 1,
  status: "succeeded",
  exitCode: 0,
  signal: null,
  wallNs,
  userNs: null,
  sysNs: null,
  peakRssKb: null,
  message: null,
  hasCct: false,
  node: null,
  measures: {},
  role: null,
  otherCpuNs,
  usableCpus,
});

describe("other processes' share of the machine", () => {
  it("takes a run's own time and the runner's from the machine's busy time", () => {
    // 2 CPUs busy for 0.5 s = 1e9 ns busy; the run used 300 ms + 50 ms, the runner 10 ms: others 640 ms.
    assert.deepEqual(otherCpuOf({ machineBusyNs: 1e9, usableCpus: 2, userNs: 3e8, sysNs: 5e7, runnerCpuNs: 1e7 }), {
      otherCpuNs: 6.4e8,
      usableCpus: 2,
    });
    // A tick's rounding can leave less busy time than the run's own: kept below zero, to cancel over runs.
    assert.deepEqual(otherCpuOf({ machineBusyNs: 1e8, usableCpus: 2, userNs: 1.05e8, runnerCpuNs: 0 }), {
      otherCpuNs: -5e6,
      usableCpus: 2,
    });
    // An older helper, or no /proc/stat: nothing said.
    assert.equal(otherCpuOf({ userNs: 1, sysNs: 1, runnerCpuNs: 0 }), null);
  });

  it("sums what others took over what the machine had, over the runs that measured it", () => {
    // Runs of 100 ms and 300 ms on 2 CPUs (capacity 200 + 600 ms); others took 30 ms and 90 ms - 10 ms: 110/800.
    const i = interferenceOf([run(1, 1e8, 3e7), run(2, 3e8, 8e7), run(3, 2e8, null), run(4, null, 5e7)]);
    assert.deepEqual(i, { measured: 2, of: 4, share: 0.1375 });
    // The rounding of single runs below zero never makes the share negative.
    assert.equal(interferenceOf([run(1, 1e8, -1e6)])!.share, 0);
    assert.equal(interferenceOf([run(1, 1e8, null), run(2, 0, 5)]), null);
  });

  it("says so from a tenth of the machine on, with the effect on the answer", () => {
    const effect = { effect: TIMES_INCLUDE_IT };
    // 19 ms of 200 ms: 9.5%, under the line.
    assert.equal(interferenceNote([run(1, 1e8, 1.9e7)], effect), null);
    assert.equal(NOTED_SHARE, 0.1);
    const note = interferenceNote([run(1, 1e8, 9.6e7), run(2, 1e8, 1e8)], effect)!;
    assert.equal(
      note,
      `while these 2 runs ran, other processes took 49% of the CPU time of the CPUs they could use (read from /proc around each run, less the run's own time and Varbench's): ${TIMES_INCLUDE_IT}`,
    );
    assert.match(
      interferenceNote([run(1, 1e8, 1e8), run(2, 1e8, null)], { effect: "x", kind: "plain timing runs" })!,
      /^while 1 of these 2 plain timing runs ran, .*: x$/,
    );
    // A campaign that ran runs side by side took some of the CPUs itself.
    assert.match(
      interferenceNote([run(1, 1e8, 1e8)], { effect: "x", concurrency: 2 })!,
      /Varbench's; the campaign ran 2 runs at a time, so its own other runs are among those processes\): x$/,
    );
    assert.doesNotMatch(interferenceNote([run(1, 1e8, 1e8)], { effect: "x", concurrency: 1 })!, /at a time/);
  });
});
