// The nearest names a missed function is answered with, and a sandwich tree's
// rows in the order its text and CSV list them: hand-worked cases.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { editDistance, nearestNames, sandwichRows } from "../../engine/flame/sandwichResult.js";

describe("sandwichResult", () => {
  it("measures edit distance as Levenshtein does, stopping past the limit", () => {
    assert.equal(editDistance("kitten", "sitting"), 3);
    assert.equal(editDistance("", "abc"), 3);
    assert.equal(editDistance("work", "work"), 0);
    assert.equal(editDistance("kitten", "sitting", 1), 2);
  });

  it("offers names that contain the wanted one first, then near misspellings, never far names", () => {
    const names = ["decode_frame", "decode", "encode", "main", "zlib_inflate", "decode_i"];
    assert.deepEqual(nearestNames("decode", names), ["decode", "decode_i", "decode_frame", "encode"]);
    assert.deepEqual(nearestNames("mian", names), ["main"]);
    assert.deepEqual(nearestNames("qqqqqq", names), []);
    assert.deepEqual(nearestNames("DECODE_I", names).slice(0, 1), ["decode_i"]);
  });

  it("lists a tree depth first, the heaviest child first, each with its chain", () => {
    // f → {a (2), b (5)}, b → c (1)
    const t = {
      parent: [-1, 0, 0, 2],
      fn: [0, 1, 2, 3],
      functions: ["f", "a", "b", "c"],
      inclusiveNs: [7, 2, 5, 1],
      selfNs: [0, 2, 4, 1],
    };
    assert.deepEqual(
      sandwichRows(t).map((r) => [r.depth, r.path.join(">")]),
      [
        [0, "f"],
        [1, "f>b"],
        [2, "f>b>c"],
        [1, "f>a"],
      ],
    );
  });
});
