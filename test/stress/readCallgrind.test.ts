// A seeded fuzz of the callgrind reader (issue 17's probe, callgrind part): the
// recorded outputs (test/fixtures/callgrind/3.19: one event by line; nine
// events by instruction and line, with jumps) damaged — cut, bytes changed,
// lines deleted, duplicated or swapped, garbage, huge numbers, emptied — and
// read whole and in small chunks. Each gives the same table, one whose every
// function has one finite, non-negative self and inclusive cost per event and
// a whole number of calls, or the same TraceError; never another exception.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { readCallgrind, type CallgrindTable } from "../../engine/trace/callgrind/readCallgrind.js";
import { TraceError } from "../../engine/trace/diagnostics.js";
import { lineStarts, mutateBytes } from "../helpers/byteMutations.js";
import { fuzzSuite } from "../helpers/fuzzSuite.js";
import { memorySource } from "../helpers/memorySource.js";
import { FIXTURES } from "../helpers/uftrace.js";

const OUTPUTS = ["recursion.out", "recursion_instr.out"].map((name) => ({
  name,
  bytes: new Uint8Array(readFileSync(join(FIXTURES, "callgrind", "3.19", name))),
}));
const CHUNKS = [1, 3, 7, 16, 61, 4096];

/** The table, or what the reader threw (and its message, for comparing reads). */
async function outcome(
  bytes: Uint8Array,
  chunkBytes: number,
): Promise<{ table: CallgrindTable } | { error: unknown; message: string }> {
  try {
    return { table: await readCallgrind(memorySource("callgrind.out", bytes, chunkBytes)) };
  } catch (error) {
    return { error, message: String(error) };
  }
}

function assertWellFormed(t: CallgrindTable): void {
  const k = t.events.length;
  assert.ok(k > 0 && t.totals.every((v) => Number.isFinite(v) && v >= 0), `events ${t.events}, totals ${t.totals}`);
  for (const f of t.functions) {
    assert.ok(
      f.self.length === k && f.inclusive.length === k,
      `${f.key}: ${f.self.length} self and ${f.inclusive.length} inclusive costs for ${k} events`,
    );
    for (let i = 0; i < k; i++)
      assert.ok(
        Number.isFinite(f.inclusive[i]) && f.self[i] >= 0 && f.inclusive[i] >= f.self[i],
        `${f.key}: self ${f.self[i]}, inclusive ${f.inclusive[i]}`,
      );
    assert.ok(Number.isSafeInteger(f.calls) && f.calls >= 0, `${f.key}: ${f.calls} calls`);
  }
}

fuzzSuite({
  title: "callgrind reader fuzz",
  seed: 3019,
  cases: 200,
  module: import.meta.url,
  refusal: (e) => e instanceof TraceError,
  make(random) {
    const { name, bytes: original } = OUTPUTS[Math.floor(random() * OUTPUTS.length)];
    const { bytes, label } = mutateBytes(original, random, {
      alphabet: "=:()*+- \n0123456789xabcdef",
      boundaries: lineStarts,
    });
    const chunk = CHUNKS[Math.floor(random() * CHUNKS.length)];
    return {
      label: `${name} ${label}, ${chunk}-byte chunks`,
      run: async () => {
        const whole = await outcome(bytes, 1 << 20);
        const chunked = await outcome(bytes, chunk);
        const shown = (o: typeof whole) => ("table" in o ? o.table : o.message);
        assert.deepEqual(shown(chunked), shown(whole), `in ${chunk}-byte chunks`);
        if ("error" in whole) throw whole.error;
        assertWellFormed(whole.table);
      },
    };
  },
});
