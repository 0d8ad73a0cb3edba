// Random programs for fuzzing the analyses: a call graph over a small pool of
// function names (so a function has several contexts, recursion included),
// run for a number of top-level invocations with durations that vary (some
// calls heavy-tailed, some branches taken only sometimes, loops with varying
// trip counts). The same events can be replayed, as a second pass over a
// trace reads the same bytes.
import fc from "fast-check";
import type { TraceSink } from "../../engine/trace/sink.js";
import { EventBatch } from "../../engine/trace/eventBatch.js";

export interface Callee {
  readonly fn: number;
  /** Chance that this call site runs in an invocation. */
  readonly p: number;
  /** Trip count range of the loop around it. */
  readonly minTrips: number;
  readonly maxTrips: number;
}

export interface Program {
  readonly names: readonly string[];
  readonly callees: readonly (readonly Callee[])[];
  /** Self time range per function, and a heavy tail (×10) with this chance. */
  readonly self: readonly { readonly min: number; readonly max: number; readonly heavy: number }[];
  readonly threads: number;
  readonly invocations: number;
  readonly maxDepth: number;
  readonly seed: number;
}

const NAMES = ["main", "f", "g", "h", "k", "work", "step", "io"];

export const programArb: fc.Arbitrary<Program> = fc
  .record({
    functions: fc.integer({ min: 2, max: NAMES.length }),
    threads: fc.integer({ min: 1, max: 3 }),
    invocations: fc.integer({ min: 1, max: 40 }),
    maxDepth: fc.integer({ min: 1, max: 7 }),
    seed: fc.integer({ min: 1, max: 2 ** 30 }),
  })
  .chain((base) =>
    fc
      .record({
        callees: fc.array(
          // Call sites taken always and once are common (they are what implicit inlining looks for, 000 §2.2).
          fc.array(
            fc.record({
              fn: fc.integer({ min: 1, max: base.functions - 1 }),
              p: fc.oneof(fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })),
              minTrips: fc.oneof(fc.constant(1), fc.integer({ min: 0, max: 3 })),
              extra: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 4 })),
            }),
            { maxLength: 5 },
          ),
          { minLength: base.functions, maxLength: base.functions },
        ),
        self: fc.array(
          fc.record({
            min: fc.integer({ min: 0, max: 1000 }),
            spread: fc.integer({ min: 0, max: 5000 }),
            heavy: fc.double({ min: 0, max: 0.5, noNaN: true }),
          }),
          { minLength: base.functions, maxLength: base.functions },
        ),
      })
      .map((r) => ({
        names: NAMES.slice(0, base.functions),
        callees: r.callees.map((cs) =>
          cs.map((c) => ({ fn: c.fn, p: c.p, minTrips: c.minTrips, maxTrips: c.minTrips + c.extra })),
        ),
        self: r.self.map((s) => ({ min: s.min, max: s.min + s.spread, heavy: s.heavy })),
        threads: base.threads,
        invocations: base.invocations,
        maxDepth: base.maxDepth,
        seed: base.seed,
      })),
  );

/** Streams the program's run into a sink: every thread runs `main` `invocations` times. */
export function runProgram(p: Program, sink: TraceSink): void {
  let state = p.seed;
  const rand = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const ids = p.names.map((n) => sink.functionId(n));
  for (let t = 0; t < p.threads; t++) {
    const batch = new EventBatch(sink.thread({ pid: 1, tid: t + 1 }));
    let time = 1;
    const selfTime = (f: number) => {
      const s = p.self[f];
      const d = s.min + Math.floor(rand() * (s.max - s.min + 1));
      return rand() < s.heavy ? 10 * d + 1 : d;
    };
    const call = (f: number, depth: number) => {
      batch.enter(ids[f], time);
      time += selfTime(f);
      if (depth < p.maxDepth) {
        for (const c of p.callees[f]) {
          if (rand() >= c.p) continue;
          const trips = c.minTrips + Math.floor(rand() * (c.maxTrips - c.minTrips + 1));
          for (let i = 0; i < trips; i++) call(c.fn, depth + 1);
        }
      }
      time += 1;
      batch.exit(ids[f], time);
    };
    for (let i = 0; i < p.invocations; i++) call(0, 0);
    batch.flush();
  }
}
