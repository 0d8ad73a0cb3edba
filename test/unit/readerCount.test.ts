// How many readers the reader pool starts (engine/pool): the machine's cores
// or VARBENCH_READERS, a bad value refused in words; and how many a call
// starts for its jobs within the engine's memory budget.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { availableParallelism } from "node:os";
import { readerCount } from "../../engine/pool/readerCount.js";
import { JOBS_PER_READER, readersWanted } from "../../engine/pool/readerPool.js";

describe("reader pool size", () => {
  it("is one reader per core unless VARBENCH_READERS says otherwise", () => {
    assert.equal(readerCount({}, false), availableParallelism());
    assert.equal(readerCount({ VARBENCH_READERS: "" }, false), availableParallelism());
    assert.equal(readerCount({ VARBENCH_READERS: " 3 " }, false), 3);
    assert.equal(readerCount({ VARBENCH_READERS: "64" }, false), 64);
  });

  it("reads in the engine's own thread when it runs from source, unless VARBENCH_READERS asks for readers", () => {
    assert.equal(readerCount({}), 1);
    assert.equal(readerCount({}, true), 1);
    assert.equal(readerCount({ VARBENCH_READERS: "2" }, true), 2);
  });

  it("refuses what is no whole number of readers from 1 to 256", () => {
    for (const bad of ["0", "-1", "1.5", "two", "257"])
      assert.throws(
        () => readerCount({ VARBENCH_READERS: bad }),
        new RegExp(`^Error: VARBENCH_READERS=${bad}: expected`),
      );
  });

  it("starts one reader per JOBS_PER_READER jobs, at most the pool's size, each with 64 MB of the budget", () => {
    assert.equal(readersWanted(1, 8, 4096), 1);
    assert.equal(readersWanted(JOBS_PER_READER, 8, 4096), 1);
    assert.equal(readersWanted(JOBS_PER_READER + 1, 8, 4096), 2);
    assert.equal(readersWanted(40, 2, 4096), 2);
    assert.equal(readersWanted(1000, 64, 4096), 64);
    // 200 MB split three ways leaves each reader under 64 MB: three readers at most.
    assert.equal(readersWanted(1000, 64, 200), 3);
    assert.equal(readersWanted(1000, 64, 100), 1);
    assert.equal(readersWanted(0, 8, 4096), 1);
  });
});
