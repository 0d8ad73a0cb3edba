// The tracer's cost per call taken out of every context's time
// (CctOptions.toolCostNs and toolCostInsideNs) on random programs: the CCT
// built with a cost c, b of it inside each call's own records, equals the CCT
// of the same events on a clock that loses b after every entry and c − b
// after every exit, read with no cost. 150 random programs (fast-check's own
// seed, printed on a failure). The hand-worked cases and the real uftrace
// recordings stay in test/unit/varianceToolCost.test.ts.
import { describe, it } from "node:test";
import fc from "fast-check";
import { CctBuilder } from "../../engine/cct/cctBuilder.js";
import { EventBatch, ENTER, type ThreadSink } from "../../engine/trace/eventBatch.js";
import type { TraceSink } from "../../engine/trace/sink.js";
import { BatchThreadSink } from "../../engine/trace/batchThreadSink.js";
import { programArb, runProgram } from "../helpers/randomProgram.js";
import { assertSameCct, assertSameCovariance } from "../helpers/cctCompare.js";

describe("the tracer's cost per call taken out of the CCT", () => {
  it("equals the same events on a clock that loses b after every entry and c − b after every exit, read with no cost (random programs)", () => {
    fc.assert(
      fc.property(
        programArb,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (program, c, share) => {
          const inside = c * share;
          const withCost = new CctBuilder({ toolCostNs: c, toolCostInsideNs: inside });
          runProgram(program, spaced(withCost, 0, 0));
          const reference = new CctBuilder();
          runProgram(program, spaced(reference, inside, c - inside));
          const [x, y] = [withCost.finish(), reference.finish()];
          assertSameCct(x, y, 1e-9);
          assertSameCovariance(x, y);
        },
      ),
      { numRuns: 150 },
    );
  });
});

/** The CCT's events with times made strictly increasing (each event 1 ns after the one before at
 * the least), then on a clock that loses `afterEntry` after every entry and `afterExit` after every
 * exit (each at most 1, so it never runs backwards): an invocation's duration there is its
 * recorded one less afterEntry for itself and afterEntry + afterExit per call inside it. */
function spaced(b: CctBuilder, afterEntry: number, afterExit: number): TraceSink {
  return {
    functionId: (n) => b.functionId(n),
    setTimeFilter: (ns) => b.setTimeFilter(ns),
    warn: (x) => b.warn(x),
    thread: (info) => new SpacedThread(b.thread(info), afterEntry, afterExit),
  };
}

class SpacedThread extends BatchThreadSink {
  private events = 0;
  private lost = 0;
  private readonly copy: EventBatch;

  constructor(
    inner: ThreadSink,
    private readonly afterEntry: number,
    private readonly afterExit: number,
  ) {
    super();
    this.copy = new EventBatch(inner);
  }

  consume(batch: EventBatch): void {
    for (let i = 0; i < batch.count; i++) {
      const t = batch.timeNs[i] + this.events++ - this.lost;
      if (batch.kind[i] === ENTER) {
        this.copy.enter(batch.fn[i], t, batch.depth[i]);
        this.lost += this.afterEntry;
      } else {
        this.copy.exit(batch.fn[i], t);
        this.lost += this.afterExit;
      }
    }
    this.copy.flush();
  }
}
