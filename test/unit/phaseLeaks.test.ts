// Leak classes by phase (paper 003 §5.2) on objects written by hand, and a
// trace read into two sinks at once.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { classifySites } from "../../engine/phases/leaks.js";
import { AllocationTrace } from "../../engine/phases/allocations.js";
import { CallSequence } from "../../engine/phases/callSequence.js";
import { teeSink } from "../../engine/trace/teeSink.js";
import { EventBatch } from "../../engine/trace/eventBatch.js";

describe("leak classes by phase (003 §5.2)", () => {
  // Outer instances start at 10, 20, 30.
  const starts = [10, 20, 30];
  it("calls phase-local what dies in its instance, global what outlives it or came before, and a leak what a phase-local site leaves behind", () => {
    const sites = classifySites(
      [
        { site: "tmp", bytes: 8, allocated: 11, freed: 15 },
        { site: "tmp", bytes: 8, allocated: 21, freed: 25 },
        { site: "lost", bytes: 4, allocated: 12, freed: 13 },
        { site: "lost", bytes: 4, allocated: 22, freed: null },
        { site: "lost", bytes: 4, allocated: 32, freed: null },
        { site: "cache", bytes: 100, allocated: 12, freed: 35 },
        { site: "cache", bytes: 100, allocated: 22, freed: null },
        { site: "table", bytes: 50, allocated: 1, freed: null },
        { site: "once", bytes: 2, allocated: 31, freed: null },
        { site: "kept", bytes: 16, allocated: 13, freed: null },
        { site: "kept", bytes: 16, allocated: 23, freed: null },
      ],
      starts,
    );
    const by = Object.fromEntries(sites.map((s) => [s.site, s]));
    assert.deepEqual(Object.entries(by).filter(([, s]) => s.likelyLeak).map(([n]) => n), ["lost"]);
    assert.deepEqual([by.lost.phaseLocal.objects, by.lost.unfreed.objects, by.lost.unfreedInstances], [1, 2, 2]);
    assert.deepEqual([by.cache.global.objects, by.cache.unfreed.objects], [1, 1], "outlived its instance once: not phase-local");
    assert.equal(by.table.global.objects, 1, "from start-up");
    assert.equal(by.once.likelyLeak, false, "unfreed in one instance only");
    assert.deepEqual([by.kept.likelyLeak, by.kept.neverFreed], [false, true], "frees nothing: reported apart");
    assert.equal(by.lost.neverFreed, false);
    assert.equal(sites[0].site, "cache", "ranked by unfreed bytes");
  });

  it("follows malloc, realloc and free through their captured values, both sinks fed by one read", () => {
    const seq = new CallSequence({ logicalTime: "calls", keep: 0, watch: ["work"] });
    const heap = new AllocationTrace("calls");
    const tee = teeSink(seq, heap);
    const b = new EventBatch(tee.thread({ pid: 1, tid: 1 }));
    const [main, work, malloc, realloc, free] = ["main", "work", "malloc", "realloc", "free"].map((n) => tee.functionId(n));
    const SIZE = { labels: ["arg1"], values: [16] };
    b.enter(main, 0);
    b.enter(work, 1);
    b.enter(malloc, 2, -1, SIZE);
    b.exit(malloc, 3, { labels: ["retval"], values: [0x1000] });
    b.enter(realloc, 4, -1, { labels: ["arg1", "arg2"], values: [0x1000, 64] });
    b.exit(realloc, 5, { labels: ["retval"], values: [0x2000] });
    b.exit(work, 6);
    b.enter(free, 7, -1, { labels: ["arg1"], values: [0x2000] });
    b.exit(free, 8);
    b.exit(main, 9);
    b.flush();
    assert.deepEqual(heap.objects.map((o) => [o.site, o.bytes, o.freed !== null]), [["malloc<work<main", 16, true], ["realloc<work<main", 64, true]]);
    assert.equal(heap.live.size, 0);
    assert.deepEqual(seq.entriesOf("work"), [[2, 2]]);
  });
});
