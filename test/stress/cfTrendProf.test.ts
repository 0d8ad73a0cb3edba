// CF-TrendProf on call streams of any shape: random programs (recursion,
// threads, heavy tails) as workloads, and hostile streams (exits without
// entries, depth jumps, calls never closed). Nothing throws, every function
// gets a best model for every variable, and the per-workload totals add up
// from the per-invocation observations.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { EventBatch } from "../../engine/trace/eventBatch.js";
import { RunFrameSink } from "../../engine/trend/cf/frameSink.js";
import { CfFrames, type CfCost } from "../../engine/trend/cf/invocationFrames.js";
import { cfTrendProf } from "../../engine/trend/cf/cfTrendProf.js";
import { programArb, runProgram } from "../helpers/randomProgram.js";

function check(frames: CfFrames, workloads: number): void {
  const units = frames.finish();
  // Σ over invocations of self-cost = Σ over workloads of total-self-cost, per function.
  for (const u of units) {
    let perInvocation = 0;
    for (const g of u.self.groups.values()) perInvocation += g.moments.n * g.moments.mean;
    const total = u.totalSelf.reduce((s, x) => s + x, 0);
    assert.ok(Math.abs(perInvocation - total) <= 1e-6 * Math.max(1, total), u.name);
    // A callee's per-invocation variables have one observation per invocation of the caller.
    for (const c of u.callees.values()) assert.equal(c.calls.count, u.self.count);
  }
  const fns = cfTrendProf({
    units,
    features: [{ name: "n", values: Array.from({ length: workloads }, (_, i) => 10 * (i + 1)) }],
  });
  assert.equal(fns.length, units.length);
  for (const f of fns)
    for (const v of f.variables) assert.ok(v.alternatives.length > 0 && v.best.text.length > 0, v.label);
}

describe("CF-TrendProf on any call stream", () => {
  it("random programs as workloads, both costs", () => {
    fc.assert(
      fc.property(
        fc.array(programArb, { minLength: 3, maxLength: 4 }),
        fc.constantFrom<CfCost>("time", "calls"),
        (programs, cost) => {
          const frames = new CfFrames(programs.length, cost);
          programs.forEach((p, w) => {
            const sink = new RunFrameSink(frames, w);
            runProgram(p, sink);
            sink.finish();
          });
          check(frames, programs.length);
        },
      ),
      { numRuns: 40, seed: 13 },
    );
  });

  it("hostile streams: unmatched exits, depth jumps, calls left open", () => {
    const event = fc.record({
      enter: fc.boolean(),
      fn: fc.integer({ min: 0, max: 5 }),
      depth: fc.integer({ min: -1, max: 6 }),
      dt: fc.integer({ min: 0, max: 50 }),
    });
    fc.assert(
      fc.property(fc.array(fc.array(event, { maxLength: 200 }), { minLength: 3, maxLength: 4 }), (streams) => {
        const frames = new CfFrames(streams.length, "time");
        streams.forEach((events, w) => {
          const sink = new RunFrameSink(frames, w);
          const ids = ["a", "b", "c", "d", "e", "f"].map((n) => sink.functionId(n));
          const batch = new EventBatch(sink.thread({ pid: 1, tid: 1 }));
          let t = 0;
          for (const e of events) {
            t += e.dt;
            if (e.enter) batch.enter(ids[e.fn], t, e.depth);
            else batch.exit(ids[e.fn], t);
          }
          batch.flush();
          sink.finish();
        });
        check(frames, streams.length);
      }),
      { numRuns: 200, seed: 7 },
    );
  });
});
