// The left-heavy ordering of a flame graph's children and the flame page's
// address that keeps it with the sandwich view (issue 31 item 4).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { indexTree } from "../../renderer/src/flame/flameLayout.js";
import { href, parseRoute } from "../../renderer/src/paths.js";

// root → main → {b 5, a 2, c 9}; c → {y 1, x 1} (equal weights keep name order).
const tree = {
  parent: [-1, 0, 1, 1, 1, 4, 4],
  fn: [-1, 0, 1, 2, 3, 4, 5],
  functions: ["main", "b", "a", "c", "y", "x"],
};
const width = [17, 17, 5, 2, 9, 1, 1];
const kids = (ix: ReturnType<typeof indexTree>, n: number) =>
  Array.from(ix.children.subarray(ix.childStart[n], ix.childStart[n + 1]), (c) => ix.name(c));

describe("flame graph ordering", () => {
  it("puts children in name order, or heaviest first with ties in name order", () => {
    assert.deepEqual(kids(indexTree(tree, "all"), 1), ["a", "b", "c"]);
    const heavy = indexTree(tree, "all", width);
    assert.deepEqual(kids(heavy, 1), ["c", "b", "a"]);
    assert.deepEqual(kids(heavy, 4), ["x", "y"]);
  });

  it("keeps the order, the sandwich tab and its function in the flame page's address", () => {
    const p = { t: "run:3", order: "heavy", view: "sandwich", fn: "std::vector<int>::push_back&x" } as const;
    assert.deepEqual(parseRoute(href.flame(p)), { name: "flame", ...p });
    assert.deepEqual(parseRoute(href.flame({ t: "run:3", order: "name", view: "flame", fn: null })), {
      name: "flame",
      t: "run:3",
    });
  });
});
