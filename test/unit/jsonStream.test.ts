// The streamed JSON reader of results files (engine/results/jsonStream.ts) against JSON.parse, the
// reference: generated documents in any chunking give JSON.parse's values, damaged ones are refused
// exactly when JSON.parse refuses them (or their bytes are not UTF-8); a string past the bound is
// refused at its first byte without the rest of it being read.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { JsonStreamReader, MAX_STRING_BYTES } from "../../engine/results/jsonStream.js";
import { ResultsError } from "../../engine/results/diagnostics.js";

/** The reader's document of `bytes` cut at `cuts` (sorted offsets), or the error it throws. */
function read(bytes: Uint8Array, cuts: readonly number[] = []): { value: unknown } | { error: unknown } {
  const reader = new JsonStreamReader("t.json");
  try {
    let at = 0;
    for (const cut of [...cuts, bytes.length]) {
      reader.push(bytes.subarray(at, Math.max(at, cut)));
      at = Math.max(at, cut);
    }
    return { value: reader.end() };
  } catch (error) {
    return { error };
  }
}

/** JSON.parse's document of the same bytes read as UTF-8 text, or its error. */
function reference(bytes: Uint8Array): { value: unknown } | { error: unknown } {
  try {
    return { value: JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) };
  } catch (error) {
    return { error };
  }
}

const cutsOf = (length: number) =>
  fc.array(fc.integer({ min: 0, max: length }), { maxLength: 8 }).map((c) => c.sort((a, b) => a - b));
const whitespace = fc.constantFrom("", " ", "\n", "\t", "\r\n  ");

describe("streamed JSON reader", () => {
  it("gives JSON.parse's values for any document, in any chunking", () => {
    fc.assert(
      fc.property(
        fc
          .jsonValue({ maxDepth: 6 })
          .chain((v) => fc.tuple(fc.constant(v), fc.integer({ min: 0, max: 3 }), whitespace)),
        fc.integer({ min: 0, max: 2 ** 31 }),
        ([value, indent, pad], seed) => {
          const bytes = new TextEncoder().encode(`${pad}${JSON.stringify(value, null, indent)}${pad}`);
          const cuts = fc.sample(cutsOf(bytes.length), { seed, numRuns: 1 })[0];
          assert.deepStrictEqual(read(bytes, cuts), { value: JSON.parse(new TextDecoder().decode(bytes)) });
        },
      ),
      { numRuns: 400, seed: 29 },
    );
  });

  it("reads escapes, surrogates, multi-byte characters split across chunks, __proto__ members and a byte order mark as JSON.parse does", () => {
    const text = '{"a\\u00e9\\ud83d\\ude00\\ud800":"é😀\\n\\"\\/\\\\","__proto__":{"x":1},"n":[-0,1E400,0.5e-3,12]}';
    const bytes = new TextEncoder().encode(text);
    for (let cut = 0; cut <= bytes.length; cut++)
      assert.deepStrictEqual(read(bytes, [cut]), { value: JSON.parse(text) }, `cut at ${cut}`);
    const value = (read(bytes) as { value: Record<string, unknown> }).value;
    assert.equal(Object.getPrototypeOf(value), Object.prototype, "__proto__ is a member, not the prototype");
    assert.deepStrictEqual(read(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("[1]")]), [1, 2]), {
      value: [1],
    });
  });

  it("refuses damaged documents exactly when JSON.parse does, and reads the others alike", () => {
    const alphabet = '{}[]":,\\ \n0123456789-+.eEtrufalsn\u00e9x';
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 4 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(alphabet.length), fc.constantFrom("set", "insert", "delete")), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.nat(),
        (value, edits, seed) => {
          let text = JSON.stringify(value);
          for (const [where, which, how] of edits) {
            const at = text.length === 0 ? 0 : where % (text.length + 1);
            const c = alphabet[which % alphabet.length];
            text =
              how === "insert"
                ? text.slice(0, at) + c + text.slice(at)
                : how === "set"
                  ? text.slice(0, at) + c + text.slice(at + 1)
                  : text.slice(0, at) + text.slice(at + 1);
          }
          const bytes = new TextEncoder().encode(text);
          const got = read(bytes, fc.sample(cutsOf(bytes.length), { seed, numRuns: 1 })[0]);
          const want = reference(bytes);
          if ("value" in want) assert.deepStrictEqual(got, want, text);
          else
            assert.ok(
              "error" in got && got.error instanceof ResultsError,
              `${text}: accepted, or not a ResultsError: ${JSON.stringify(got)}`,
            );
        },
      ),
      { numRuns: 1000, seed: 29 },
    );
  });

  it("refuses bytes that are not UTF-8, inside a string or split across chunks", () => {
    for (const bytes of [
      [0x7b, 0xff, 0x7d],
      [0x22, 0xc3, 0x22],
      [0x5b, 0x22, 0xe2, 0x82],
      [0x22, 0xed, 0xa0, 0x80, 0x22],
    ]) {
      for (let cut = 0; cut <= bytes.length; cut++) {
        const got = read(Uint8Array.from(bytes), [cut]);
        assert.ok(
          "error" in got && got.error instanceof ResultsError && /not UTF-8 text/.test(got.error.message),
          `${bytes} cut at ${cut}: ${String((got as { error?: unknown }).error)}`,
        );
      }
    }
  });

  it("refuses a string past the bound at its first byte, having read no more than the bound past it", () => {
    const reader = new JsonStreamReader("big.json");
    reader.push(new TextEncoder().encode('{"results": [{"command": "'));
    const chunk = new Uint8Array(4096).fill(0x61);
    let pushed = 0;
    assert.throws(
      () => {
        for (; pushed < 1_000_000; pushed += chunk.length) reader.push(chunk);
      },
      (e: unknown) =>
        e instanceof ResultsError &&
        e.message ===
          `big.json: at byte 25: a string longer than ${MAX_STRING_BYTES / 1024} KiB, which no results file holds (a command is one argument, and Linux passes none longer): not imported`,
    );
    assert.ok(pushed <= MAX_STRING_BYTES, `${pushed} bytes read before the refusal`);
    const exactly = new TextEncoder().encode(`["${"b".repeat(MAX_STRING_BYTES)}"]`);
    assert.equal(
      (read(exactly) as { value: string[] }).value[0].length,
      MAX_STRING_BYTES,
      "a string of exactly the bound is read",
    );
  });

  it("reads a document nested 500,000 deep without recursion (json.ts refuses it at its path)", () => {
    const depth = 500_000;
    const got = read(new TextEncoder().encode("[".repeat(depth) + "]".repeat(depth)));
    assert.ok("value" in got);
  });
});
