// Names as the terminal and text reports show them (format/text.ts): a
// function name comes from the traced program, so it may hold anything.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { chain, chainText, displayName, table } from "../../engine/format/text.js";

describe("names in text output", () => {
  it("escapes control and bidirectional characters, so a name cannot break a row or turn the text around", () => {
    assert.equal(displayName("tab\tnl\nname\r"), "tab\\tnl\\nname\\r");
    assert.equal(displayName("nul\u0000x\u007f\u009b"), "nul\\u0000x\\u007f\\u009b");
    assert.equal(displayName("evil\u202etxt.exe\u2066"), "evil\\u202etxt.exe\\u2066");
    assert.equal(displayName("é ü 😀 a > b"), "é ü 😀 a > b");
    assert.equal(displayName(""), "(anonymous)");
  });

  it("chains and tables show names that way, one row per line", () => {
    assert.equal(chain(["main", "a\nb", ""]), "main > a\\nb > (anonymous)");
    assert.equal(
      chainText(Array.from({ length: 12 }, (_, i) => (i === 0 ? "x\ty" : `f${i}`))),
      "x\\ty > f1 > f2 > f3 > … 4 calls … > f8 > f9 > f10 > f11",
    );
    const text = table(["N", "context"], [["1", chain(["a\nb"])]]);
    assert.equal(text.split("\n").length, 3);
  });
});
