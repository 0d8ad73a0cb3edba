// A text table of a million rows (format/text.ts): the size is the test, as
// the columns' widths spread into Math.max overflowed the stack there (they
// are now found by a loop). The names it shows are tested by hand in
// test/unit/textFormat.test.ts.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { table } from "../../engine/format/text.js";

describe("names in text output", () => {
  it("a table of a million rows", () => {
    const rows = Array.from({ length: 1_000_000 }, (_, i) => [String(i), "f"]);
    assert.equal(table(["N", "context"], rows).split("\n")[1], "======  =======");
  });
});
