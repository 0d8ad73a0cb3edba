// The command line's JSON output (engine/cli/format/jsonOut.ts): exactly what
// JSON.stringify(value, null, 2) and a newline give, written in pieces, so a
// result whose JSON is longer than the longest string V8 holds is written,
// where JSON.stringify throws (`varbench vcg --json` on a recursion 5,000
// levels deep, every level varying, stopped on "Invalid string length").
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { constants } from "node:buffer";
import { printJson, type Out } from "../../engine/cli/format/jsonOut.js";

/** An output handing each write to `take`: every other write says the stream is full and
 * drains a moment later, as a slow pipe does. */
function output(take: (s: string) => void): Out {
  let calls = 0;
  const drained: (() => void)[] = [];
  return {
    write: (chunk) => {
      take(String(chunk));
      if (++calls % 2 === 1) return true;
      setImmediate(() => drained.splice(0).forEach((f) => f()));
      return false;
    },
    once: (_event, listener) => drained.push(listener),
  };
}

describe("printJson", () => {
  it("writes what JSON.stringify(value, null, 2) writes, for every kind of value and depth", async () => {
    let deep: unknown = { leaf: ["a\nb", "é", "\u2028"] };
    for (let d = 0; d < 12; d++) deep = d % 2 === 0 ? [deep, d, null] : { [`k${d}`]: deep, "quo\"te": d };
    const values: unknown[] = [
      null,
      0,
      -0,
      NaN,
      -Infinity,
      "text",
      true,
      [],
      {},
      [[], {}, [[]], { a: {} }],
      { a: undefined, b: () => 1, c: [undefined, () => 2, Symbol("s")], d: Symbol("t") },
      { when: new Date(86_400_000), nested: { deeper: { deepest: { at: new Date(0) } } } },
      [{ toJSON: (key: string) => ({ key }) }, { toJSON: () => undefined }],
      deep,
      { rows: Array.from({ length: 300 }, (_, i) => ({ id: i, chain: Array.from({ length: i % 7 }, (_, j) => `f${j}`), x: i / 3 })) },
    ];
    for (const value of values) {
      let out = "";
      await printJson(value, output((s) => (out += s)));
      assert.equal(out, `${JSON.stringify(value, null, 2)}\n`, `for ${String(JSON.stringify(value))?.slice(0, 80)}`);
    }
  });

  it("writes a value whose JSON no string can hold", async () => {
    const row = "x".repeat(1 << 20);
    const rows = 520;
    const value = { rows: Array.from({ length: rows }, () => row) };
    // {, "rows": [, each row on its own line, ], }, and the newline: more than any string holds.
    const expected = `{\n  "rows": [`.length + rows * (`\n    "`.length + row.length + 1) + (rows - 1) + `\n  ]\n}\n`.length;
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
