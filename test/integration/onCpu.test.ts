// On-CPU time from a uftrace recording with scheduler events: the time a
// thread spent switched out (uftrace's linux:schedule calls) is left out of
// every call around it, and nothing else changes.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { buildExamples, record } from "../helpers/uftrace.js";
import { readTraceFile } from "../../engine/io/readTrace.js";
import { mergeThreads } from "../../engine/cct/merge.js";
import { contextRows } from "../../engine/cct/query.js";
import { SCHEDULE } from "../../engine/trace/uftrace/schedEvents.js";

describe("on-CPU time", () => {
  it("removes exactly the switched-out time from the calls around it", async () => {
    buildExamples();
    const dir = record("work_and_wait", []); // sleeps: voluntary switches are recorded
    const rows = async (excludeOffCpu: boolean) => {
      const { cct } = await readTraceFile(dir, { excludeOffCpu });
      return contextRows(mergeThreads(cct), cct.functions);
    };
    const wall = await rows(false);
    const onCpu = await rows(true);
    const isSched = (r: { path: readonly string[] }) => r.path[r.path.length - 1].startsWith(SCHEDULE);
    const sched = wall.filter(isSched);
    assert.ok(sched.length > 0, "the recording holds scheduler events");
    assert.equal(onCpu.filter(isSched).length, 0);
    for (const r of onCpu) {
      const w = wall.find((x) => x.path.join(">") === r.path.join(">"))!;
      // Off-CPU time inside this context: the schedule calls below it.
      const off = sched
        .filter((s) => s.path.length > r.path.length && r.path.every((f, i) => s.path[i] === f))
        .reduce((t, s) => t + s.inclusiveNs, 0);
      assert.equal(r.n, w.n, r.path.join(">"));
      assert.ok(
        Math.abs(r.inclusiveNs - (w.inclusiveNs - off)) <= 1e-6 * w.inclusiveNs + 1,
        `${r.path.join(">")}: ${r.inclusiveNs} vs ${w.inclusiveNs} − ${off}`,
      );
    }
  });
});
