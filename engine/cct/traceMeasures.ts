// A traced run's own measures (engine/campaign/measures.ts), from its CCT: the
// time its threads spent in the program's calls, which leaves the tracer's
// start-up and exit out (they lie outside every recorded call), with the
// scheduler's waits and the profiler's own frames taken out (frameKinds.ts).
import type { Cct, ThreadCct } from "./cct.js";
import { coversCallees, frameKind } from "./frameKinds.js";

export interface TraceMeasures {
  /** On-CPU time of the program's calls, summed over threads (ns). */
  readonly "trace-cpu": number;
  /** The longest thread's calls in wall-clock time, waits included (ns). */
  readonly "trace-wall": number;
  /** Calls recorded, waits and the profiler's frames left out. */
  readonly calls: number;
}

const CODE = 0;
const WAITING = 1;
const TOOL = 2;
const LOADER = 3;
const KIND_CODES = { code: CODE, waiting: WAITING, tool: TOOL, loader: LOADER } as const;

export function traceMeasures(cct: Cct): TraceMeasures {
  // A frame's own kind, once per function.
  const own = Uint8Array.from(cct.functions, (name) => KIND_CODES[frameKind(name)]);
  const covers = Uint8Array.from(cct.functions, (name) => (coversCallees(name) ? 1 : 0));
  let cpu = 0;
  let wall = 0;
  let calls = 0;
  for (const t of cct.threads) {
    const m = threadMeasures(t, own, covers);
    cpu += m.cpu;
    wall = Math.max(wall, m.wall);
    calls += m.calls;
  }
  return { "trace-cpu": cpu, "trace-wall": wall, calls };
}

function threadMeasures(
  t: ThreadCct,
  own: Uint8Array,
  covers: Uint8Array,
): { cpu: number; wall: number; calls: number } {
  const { size, parent, fn, n, inclusiveNs } = t.contexts;
  // The kind a context runs under: that of the outermost frame above it (itself included) that covers
  // its callees; parents come before their children in the columns (contextTable.ts).
  const under = new Uint8Array(size);
  let total = 0;
  let waiting = 0;
  let tool = 0;
  let calls = 0;
  for (let c = 1; c < size; c++) {
    const p = parent[c];
    const inherited = p > 0 ? under[p] : CODE;
    const f = fn[c];
    const mine = inherited !== CODE ? inherited : covers[f] ? own[f] : CODE;
    under[c] = mine;
    if (p === 0) total += inclusiveNs[c];
    // The outermost frame of a kind counts its whole time once.
    if (mine !== inherited) {
      if (mine === WAITING) waiting += inclusiveNs[c];
      else if (mine === TOOL) tool += inclusiveNs[c];
    }
    if (mine !== WAITING && mine !== TOOL && own[f] !== WAITING && own[f] !== TOOL) calls += n[c];
  }
  return { cpu: Math.max(0, total - waiting - tool), wall: Math.max(0, total - tool), calls };
}
