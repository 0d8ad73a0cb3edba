// printJson (engine/cli/format/jsonOut.ts) on a value whose JSON is longer
// than the longest string V8 holds (constants.MAX_STRING_LENGTH, 512 MiB on
// 64-bit Node): written in pieces, where JSON.stringify throws "Invalid string
// length". The size is the test: 520 rows of 1 MiB, just past that limit
// (545 MB written). Its hand-worked neighbours stay in
// test/unit/jsonOut.test.ts.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { constants } from "node:buffer";
import { printJson } from "../../engine/cli/format/jsonOut.js";
import { output } from "../helpers/slowOutput.js";

describe("printJson", () => {
  it("writes a value whose JSON no string can hold", async () => {
    const row = "x".repeat(1 << 20);
    const rows = 520;
    const value = { rows: Array.from({ length: rows }, () => row) };
    // {, "rows": [, each row on its own line, ], }, and the newline: more than any string holds.
    const expected =
      `{\n  "rows": [`.length + rows * (`\n    "`.length + row.length + 1) + (rows - 1) + `\n  ]\n}\n`.length;
    assert.ok(expected > constants.MAX_STRING_LENGTH);
    let bytes = 0;
    let head = "";
    let tail = "";
    const out = output((s) => {
      bytes += s.length;
      if (head.length < 20) head += s.slice(0, 20);
      tail = (tail + s).slice(-12);
    });
    await printJson(value, out);
    assert.equal(bytes, expected);
    assert.equal(head.slice(0, 20), `{\n  "rows": [\n    "x`);
    assert.equal(tail, `xxxx"\n  ]\n}\n`);
  });
});
