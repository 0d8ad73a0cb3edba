// A seeded fuzz of the gcov reader (issue 17's probe, gcov part): the recorded
// `gcov -j -t` output of two programs (test/fixtures/gcov/12.2) damaged as
// bytes (cut, changed, lines deleted, duplicated or swapped, garbage, huge
// numbers, emptied) or as JSON (a value of another type or at an extreme, a
// member or an element deleted or repeated, an array emptied). Each read gives
// a table of whole, non-negative counts and line numbers, or a TraceError;
// never another exception.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { TraceError } from "../../engine/trace/diagnostics.js";
import { readGcovJson, type GcovTable } from "../../engine/trace/gcov/readGcov.js";
import { lineStarts, mutateBytes } from "../helpers/byteMutations.js";
import { fuzzSuite } from "../helpers/fuzzSuite.js";
import { mutateJson } from "../helpers/jsonMutations.js";
import { FIXTURES } from "../helpers/uftrace.js";

const OUTPUT = readFileSync(join(FIXTURES, "gcov", "12.2", "two_programs.json"), "utf8");

const whole = (n: number) => Number.isSafeInteger(n) && n >= 0;

function assertWellFormed(t: GcovTable): void {
  for (const f of t.functions) {
    assert.ok(
      typeof f.name === "string" && typeof f.file === "string" && typeof f.demangledName === "string",
      `function ${JSON.stringify(f).slice(0, 80)}`,
    );
    assert.ok(
      whole(f.startLine) && whole(f.endLine) && whole(f.executionCount),
      `${f.name}: lines ${f.startLine}–${f.endLine}, ${f.executionCount} executions`,
    );
  }
  for (const l of t.lines)
    assert.ok(
      whole(l.line) && whole(l.count) && typeof l.function === "string",
      `line ${JSON.stringify(l).slice(0, 80)}`,
    );
}

fuzzSuite({
  title: "gcov reader fuzz",
  seed: 1202,
  cases: 250,
  module: import.meta.url,
  refusal: (e) => e instanceof TraceError,
  make(random) {
    let text: string;
    let label: string;
    if (random() < 0.5) {
      const m = mutateBytes(new TextEncoder().encode(OUTPUT), random, {
        alphabet: '{}[]":, \n0123456789-.e',
        boundaries: lineStarts,
      });
      text = new TextDecoder().decode(m.bytes);
      label = m.label;
    } else {
      const docs = OUTPUT.split("\n").filter(Boolean);
      const k = Math.floor(random() * docs.length);
      const m = mutateJson(JSON.parse(docs[k]), random);
      docs[k] = JSON.stringify(m.doc);
      text = `${docs.join("\n")}\n`;
      label = `document ${k + 1}: ${m.label}`;
    }
    return { label, run: async () => assertWellFormed(readGcovJson(text, "gcov in fuzz")) };
  },
});
