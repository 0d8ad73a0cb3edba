// A seeded fuzz of the perf stat reader (issue 17's probe, perf part): the
// recorded CSV of one run and of three (test/fixtures/perf/6.1) damaged — cut,
// bytes changed, lines deleted, duplicated or swapped, garbage, huge numbers,
// emptied. Each read gives counters whose value is a finite count or time, at
// least 0, or none with a status that says why; or a TraceError; never
// another exception.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { TraceError } from "../../engine/trace/diagnostics.js";
import { readPerfStat, type PerfCounter } from "../../engine/trace/perf/readPerfStat.js";
import { lineStarts, mutateBytes } from "../helpers/byteMutations.js";
import { fuzzSuite } from "../helpers/fuzzSuite.js";
import { FIXTURES } from "../helpers/uftrace.js";

const OUTPUTS = ["frame_loop.csv", "frame_loop_repeated.csv"].map((name) => ({
  name,
  bytes: new Uint8Array(readFileSync(join(FIXTURES, "perf", "6.1", name))),
}));

function assertWellFormed(counters: readonly PerfCounter[]): void {
  assert.ok(counters.length > 0);
  for (const c of counters) {
    assert.ok(c.event.length > 0, `an event without a name: ${JSON.stringify(c)}`);
    if (c.value === null) assert.notEqual(c.status, "counted", c.event);
    else
      assert.ok(
        c.status === "counted" && Number.isFinite(c.value) && c.value >= 0,
        `${c.event}: ${c.value} (${c.status})`,
      );
  }
}

fuzzSuite({
  title: "perf stat reader fuzz",
  seed: 61,
  cases: 300,
  module: import.meta.url,
  refusal: (e) => e instanceof TraceError,
  make(random) {
    const { name, bytes } = OUTPUTS[Math.floor(random() * OUTPUTS.length)];
    const m = mutateBytes(bytes, random, { alphabet: ",<>#%. \n0123456789-", boundaries: lineStarts });
    const text = new TextDecoder().decode(m.bytes);
    return { label: `${name} ${m.label}`, run: async () => assertWellFormed(readPerfStat(text, "perf-stat.csv")) };
  },
});
