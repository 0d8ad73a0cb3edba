// The perf records of uftrace's perf-cpu files, on hand-built bytes.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { schedIntervals } from "../../engine/trace/uftrace/schedEvents.js";

/** One perf record: header, body, sample_id {pid, tid, time}. */
function rec(type: number, misc: number, body: number[], tid: number, time: number): Uint8Array {
  const size = 8 + body.length * 4 + 16;
  const b = new DataView(new ArrayBuffer(size));
  b.setUint32(0, type, true);
  b.setUint16(4, misc, true);
  b.setUint16(6, size, true);
  body.forEach((v, i) => b.setUint32(8 + i * 4, v, true));
  b.setUint32(size - 16, tid, true);
  b.setUint32(size - 12, tid, true);
  b.setUint32(size - 8, time % 2 ** 32, true);
  b.setUint32(size - 4, Math.floor(time / 2 ** 32), true);
  return new Uint8Array(b.buffer);
}
const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (out.set(p, at), at + p.length), 0);
  return out;
};
const OUT = 0x2000;
const PREEMPT = 0x4000;
const T0 = 5 * 2 ** 32 + 100; // above 2^32, to check the two-word time

describe("uftrace scheduler events", () => {
  it("pairs switches per thread across files, marks pre-emption, drops unpaired ends", () => {
    const cpu0 = concat([
      rec(3, 0, [7, 7, 0x6d6f63, 0], 7, T0), // COMM: skipped by size
      rec(14, 0, [], 7, T0 + 5), // back in with no out before: dropped
      rec(14, OUT, [], 7, T0 + 10),
      rec(14, OUT | PREEMPT, [], 9, T0 + 12),
    ]);
    const cpu1 = concat([rec(14, 0, [], 7, T0 + 40), rec(14, 0, [], 9, T0 + 15), rec(14, OUT, [], 7, T0 + 50)]);
    const base = { hi: 0, lo: 0, set: false };
    const m = schedIntervals(
      [
        { name: "cpu0", bytes: cpu0 },
        { name: "cpu1", bytes: cpu1 },
      ],
      base,
    );
    assert.deepEqual([...m.get(7)!.startNs], [5]); // relative to the first switch seen, T0 + 5
    assert.deepEqual([...m.get(7)!.endNs], [35]);
    assert.deepEqual([...m.get(9)!.preempted], [1]);
    assert.deepEqual(
      [...m.get(9)!.endNs].map((e, i) => e - m.get(9)!.startNs[i]),
      [3],
    );
  });

  it("collects the tasks whose end (PERF_RECORD_EXIT) the files hold", () => {
    const cpu0 = concat([rec(14, OUT, [], 7, T0), rec(4, 0, [7, 1, 7, 1, 0, 0], 7, T0 + 3)]);
    const cpu1 = concat([rec(14, 0, [], 7, T0 + 9), rec(4, 0, [7, 1, 9, 7, 0, 0], 9, T0 + 12)]);
    const exited = new Set<number>();
    schedIntervals(
      [
        { name: "cpu0", bytes: cpu0 },
        { name: "cpu1", bytes: cpu1 },
      ],
      { hi: 0, lo: 0, set: false },
      exited,
    );
    assert.deepEqual([...exited].sort(), [7, 9]);
  });

  it("names the byte offset of a cut record", () => {
    const bytes = concat([rec(14, OUT, [], 7, T0), rec(14, 0, [], 7, T0 + 9)]).subarray(0, 40);
    assert.throws(
      () => schedIntervals([{ name: "perf-cpu0.dat", bytes }], { hi: 0, lo: 0, set: false }),
      /perf-cpu0\.dat: at byte 24: perf record of 24 bytes does not fit/,
    );
  });
});
