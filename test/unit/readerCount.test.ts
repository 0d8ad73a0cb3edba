// How many readers the reader pool starts (engine/pool): the machine's cores
// or VARBENCH_READERS, a bad value refused in words; and how many a call
// starts for its jobs within the engine's memory budget.
import { describe, it } from "node:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import assert from "node:assert/strict";
import { availableParallelism } from "node:os";
import { tempDir } from "../helpers/uftrace.js";
import { readerCount } from "../../engine/pool/readerCount.js";
import { READER_WORTH_MS, readersWanted, readingMs } from "../../engine/pool/readerPool.js";

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

  it("starts one reader per READER_WORTH_MS of estimated reading, at most the pool's size, each with 64 MB of the budget", () => {
    assert.equal(readersWanted(1, 8, 4096), 1);
    assert.equal(readersWanted(READER_WORTH_MS, 8, 4096), 1);
    assert.equal(readersWanted(READER_WORTH_MS + 1, 8, 4096), 2);
    assert.equal(readersWanted(100 * READER_WORTH_MS, 64, 4096), 64);
    // 200 MB split three ways leaves each reader under 64 MB: three readers at most.
    assert.equal(readersWanted(100 * READER_WORTH_MS, 64, 200), 3);
    assert.equal(readersWanted(100 * READER_WORTH_MS, 64, 100), 1);
    assert.equal(readersWanted(0, 8, 4096), 1);
    // Worth 0: a reader per job up to the pool's size.
    assert.equal(readersWanted(1, 8, 4096, 0), 8);
  });

  it("estimates the reading from the jobs' event files: 4 ms a run, 130 KB of uftrace records a ms", () => {
    const dir = tempDir("reading-ms");
    const dat = join(dir, "1.dat");
    writeFileSync(dat, Buffer.alloc(1_300_000));
    const sym = join(dir, "prog.sym");
    writeFileSync(sym, Buffer.alloc(5_000_000));
    const job = (files: Record<string, string>) => ({
      runId: 1,
      label: "run 1",
      trace: { format: "uftrace" as const, files },
      seed: 1,
      intervals: 20,
      dims: 15,
    });
    // The symbols are part of the fixed cost; 1.3 MB of records are 10 ms.
    assert.equal(readingMs([job({ "1.dat": dat, "prog.sym": sym })]), 4 + 10);
    assert.equal(readingMs([job({}), job({})]), 8);
    // A file that cannot be read costs its fixed part: its reader will say why.
    assert.equal(readingMs([job({ "2.dat": join(dir, "none.dat") })]), 4);
  });
});
