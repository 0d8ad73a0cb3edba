// Scheduler events of a uftrace recording (`perf-cpu<N>.dat`, absent with
// --no-event). Verified on uftrace 0.13 output: the files hold Linux perf_event
// records, each a header {u32 type, u16 misc, u16 size} and a body ending in
// sample_id {u32 pid, u32 tid, u64 time}. PERF_RECORD_SWITCH (type 14) marks a
// switch out (misc bit 13; bit 14 when pre-empted) or back in. uftrace shows
// each out→in pair as a call of `linux:schedule` (or `linux:schedule
// (pre-empted)`) inside whatever the thread was running; Varbench does the same.
import { TraceError } from "../diagnostics.js";
import type { TimeBase } from "./timeBase.js";

const PERF_RECORD_SWITCH = 14;
/** A task's end, {u32 pid, ppid, tid, ptid; u64 time}: perf writes one for every task it follows. */
const PERF_RECORD_EXIT = 4;
const EXIT_TID_OFFSET = 16;
const MISC_SWITCH_OUT = 1 << 13;
const MISC_SWITCH_OUT_PREEMPT = 1 << 14;
const HEADER_BYTES = 8;
const SAMPLE_ID_BYTES = 16;

export const SCHEDULE = "linux:schedule";
export const SCHEDULE_PREEMPTED = "linux:schedule (pre-empted)";

/** Off-CPU intervals of one thread, in time order, times relative to the base. */
export interface SchedIntervals {
  readonly startNs: Float64Array;
  readonly endNs: Float64Array;
  readonly preempted: Uint8Array;
}

interface Switch {
  readonly tid: number;
  readonly timeNs: number;
  /** 0: back in, 1: out, 2: out, pre-empted. */
  readonly out: number;
}

/** Reads every perf-cpu file and pairs each thread's switches into intervals.
 * A switch back in with no switch out before it (the recording started while
 * the thread was off the CPU), or an out with no in after it, is left out.
 * `exited`, when given, gets the tid of every task whose end the files hold:
 * a thread of the recording without one had its events cut short. */
export function schedIntervals(
  files: readonly { name: string; bytes: Uint8Array }[],
  base: TimeBase,
  exited?: Set<number>,
): Map<number, SchedIntervals> {
  const switches = files.flatMap((f) => readSwitches(f.bytes, f.name, base, exited));
  const byTid = new Map<number, Switch[]>();
  for (const s of switches) {
    const list = byTid.get(s.tid) ?? [];
    list.push(s);
    byTid.set(s.tid, list);
  }
  const out = new Map<number, SchedIntervals>();
  for (const [tid, list] of byTid) {
    list.sort((a, b) => a.timeNs - b.timeNs);
    const start: number[] = [];
    const end: number[] = [];
    const preempted: number[] = [];
    for (let i = 0; i + 1 < list.length; i++) {
      if (list[i].out > 0 && list[i + 1].out === 0) {
        start.push(list[i].timeNs);
        end.push(list[i + 1].timeNs);
        preempted.push(list[i].out === 2 ? 1 : 0);
        i++;
      }
    }
    out.set(tid, {
      startNs: Float64Array.from(start),
      endNs: Float64Array.from(end),
      preempted: Uint8Array.from(preempted),
    });
  }
  return out;
}

function readSwitches(bytes: Uint8Array, file: string, base: TimeBase, exited?: Set<number>): Switch[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: Switch[] = [];
  for (let pos = 0; pos < bytes.length;) {
    if (pos + HEADER_BYTES > bytes.length) {
      throw new TraceError({
        kind: "malformed",
        file,
        byteOffset: pos,
        detail: "the file ends inside a perf record header: it was cut short",
      });
    }
    const type = view.getUint32(pos, true);
    const misc = view.getUint16(pos + 4, true);
    const size = view.getUint16(pos + 6, true);
    if (size < HEADER_BYTES + SAMPLE_ID_BYTES || pos + size > bytes.length) {
      throw new TraceError({
        kind: "malformed",
        file,
        byteOffset: pos,
        detail: `perf record of ${size} bytes does not fit (${bytes.length - pos} left)`,
      });
    }
    if (type === PERF_RECORD_EXIT && size >= EXIT_TID_OFFSET + 4 + SAMPLE_ID_BYTES)
      exited?.add(view.getUint32(pos + EXIT_TID_OFFSET, true));
    if (type === PERF_RECORD_SWITCH) {
      const id = pos + size - SAMPLE_ID_BYTES;
      const lo = view.getUint32(id + 8, true);
      const hi = view.getUint32(id + 12, true);
      if (!base.set) {
        base.lo = lo;
        base.hi = hi;
        base.set = true;
      }
      const direction = misc & MISC_SWITCH_OUT ? (misc & MISC_SWITCH_OUT_PREEMPT ? 2 : 1) : 0;
      out.push({
        tid: view.getUint32(id + 4, true),
        timeNs: (hi - base.hi) * 4294967296 + (lo - base.lo),
        out: direction,
      });
    }
    pos += size;
  }
  return out;
}
