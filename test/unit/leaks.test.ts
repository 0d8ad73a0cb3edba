// Leak classes by phase (paper 003 §5.2) on objects written by hand, and a
// trace read into two sinks at once.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { classifySites, instanceMemory } from "../../engine/phases/leaks.js";
import { AllocationTrace } from "../../engine/phases/allocations.js";
import { CallSequence } from "../../engine/phases/callSequence.js";
import { teeSink } from "../../engine/trace/teeSink.js";
import { EventBatch } from "../../engine/trace/eventBatch.js";

describe("leak classes by phase (003 §5.2)", () => {
  // Outer instances [10, 18], [20, 28], [30, 38]: between them and after the last, no instance (teardown from 38).
  const spans = [
    [10, 18],
    [20, 28],
    [30, 38],
  ] as const;
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
        // Each request's buffer given back in the teardown, after its request's work ended: it outlived it.
        { site: "pool", bytes: 8, allocated: 14, freed: 40 },
        { site: "pool", bytes: 8, allocated: 34, freed: 40 },
        // Allocated between requests or in the teardown: in no instance, as start-up's.
        { site: "between", bytes: 8, allocated: 19, freed: 21 },
        { site: "teardown", bytes: 8, allocated: 39, freed: 40 },
      ],
      spans,
    );
    const by = Object.fromEntries(sites.map((s) => [s.site, s]));
    assert.deepEqual(
      Object.entries(by)
        .filter(([, s]) => s.likelyLeak)
        .map(([n]) => n),
      ["lost"],
    );
    assert.deepEqual([by.lost.phaseLocal.objects, by.lost.unfreed.objects, by.lost.unfreedInstances], [1, 2, 2]);
    assert.deepEqual(
      [by.cache.global.objects, by.cache.unfreed.objects],
      [1, 1],
      "outlived its instance once: not phase-local",
    );
    assert.equal(by.table.global.objects, 1, "from start-up");
    assert.equal(by.once.likelyLeak, false, "unfreed in one instance only");
    assert.deepEqual([by.kept.likelyLeak, by.kept.neverFreed], [false, true], "frees nothing: reported apart");
    assert.equal(by.lost.neverFreed, false);
    assert.equal(sites[0].site, "cache", "ranked by unfreed bytes");
    assert.deepEqual(
      [by.pool.phaseLocal.objects, by.pool.global.objects],
      [0, 2],
      "the last request's like the first's: the teardown is no part of it",
    );
    assert.deepEqual([by.between.global.objects, by.teardown.global.objects], [1, 1]);
  });

  it("counts each instance's heap traffic within its own stretch", () => {
    const per = instanceMemory(
      [
        { site: "a", bytes: 8, allocated: 11, freed: 12 },
        { site: "b", bytes: 4, allocated: 21, freed: 39 },
        { site: "c", bytes: 2, allocated: 33, freed: null },
        { site: "d", bytes: 1, allocated: 39, freed: 40 },
      ],
      spans,
    );
    assert.deepEqual(per, [
      { allocatedBytes: 8, freedBytes: 8, growthBytes: 0 },
      { allocatedBytes: 4, freedBytes: 0, growthBytes: 4 },
      { allocatedBytes: 2, freedBytes: 0, growthBytes: 2 },
    ]);
  });

  it("follows malloc, realloc and free through their captured values, both sinks fed by one read", () => {
    const seq = new CallSequence({ logicalTime: "calls", keep: 0, watch: ["work"] });
    const heap = new AllocationTrace("calls");
    const tee = teeSink(seq, heap);
    const b = new EventBatch(tee.thread({ pid: 1, tid: 1 }));
    const [main, work, malloc, realloc, free] = ["main", "work", "malloc", "realloc", "free"].map((n) =>
      tee.functionId(n),
    );
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
    assert.deepEqual(
      heap.objects.map((o) => [o.site, o.bytes, o.freed !== null]),
      [
        ["malloc<work<main", 16, true],
        ["realloc<work<main", 64, true],
      ],
    );
    assert.equal(heap.live.size, 0);
    assert.deepEqual(seq.entriesOf("work"), [[2, 2]]);
  });
});
