// The command line's JSON output (engine/cli/format/jsonOut.ts): exactly what
// JSON.stringify(value, null, 2) and a newline give, written in pieces, so a
// result whose JSON is longer than the longest string V8 holds is written,
// where JSON.stringify throws (`varbench vcg --json` on a recursion 5,000
// levels deep, every level varying, stopped on "Invalid string length").
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { printJson } from "../../engine/cli/format/jsonOut.js";
import { output } from "../helpers/slowOutput.js";

describe("printJson", () => {
  it("writes what JSON.stringify(value, null, 2) writes, for every kind of value and depth", async () => {
    let deep: unknown = { leaf: ["a\nb", "é", "\u2028"] };
    for (let d = 0; d < 12; d++) deep = d % 2 === 0 ? [deep, d, null] : { [`k${d}`]: deep, 'quo"te': d };
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
      {
        rows: Array.from({ length: 300 }, (_, i) => ({
          id: i,
          chain: Array.from({ length: i % 7 }, (_, j) => `f${j}`),
          x: i / 3,
        })),
      },
    ];
    for (const value of values) {
      let out = "";
      await printJson(
        value,
        output((s) => (out += s)),
      );
      assert.equal(out, `${JSON.stringify(value, null, 2)}\n`, `for ${String(JSON.stringify(value))?.slice(0, 80)}`);
    }
  });
});
