// mergeThreads of one thread takes a short way (merge.ts onlyThread): it must
// give exactly what the general merge gives for that thread alone, on random
// programs of any shape, with covariance on and off and children capped, so
// that every analysis reads the same tree either way.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { CctBuilder } from "../../engine/cct/cctBuilder.js";
import { mergeCcts, mergeThreads } from "../../engine/cct/merge.js";
import { programArb, runProgram } from "../helpers/randomProgram.js";

describe("merging one thread", () => {
  it("gives what the general merge gives", () => {
    const settings = fc.record({ covariance: fc.boolean(), maxChildren: fc.constantFrom(1, 2, 3, 64) });
    fc.assert(
      fc.property(programArb, settings, (program, s) => {
        const b = new CctBuilder({ covariance: s.covariance, maxCovarianceChildren: s.maxChildren });
        runProgram(program, b);
        const cct = b.finish();
        for (const t of cct.threads) {
          const short = mergeThreads(cct, (pid, tid) => pid === t.pid && tid === t.tid);
          // mergeCcts never takes the short way; one tree's function ids are its own.
          const general = mergeCcts([{ ...cct, threads: [t] }]).columns;
          assert.deepEqual(short, general);
        }
      }),
      { seed: 1127, numRuns: 300 },
    );
  });
});
