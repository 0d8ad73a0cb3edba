// The virtualised table's sort (renderer/src/shared/columns.ts): keys computed
// once and text ranked once per distinct value must give the order of the
// plain comparator sort it replaced, ties kept in their order.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { sortRows, type Column } from "../../renderer/src/shared/columns.js";

interface Row {
  readonly id: number;
  readonly key: number | string;
}

/** The sort as it was: the key of both rows at every comparison, text by localeCompare. */
function comparatorSort(rows: readonly Row[], column: Column<Row>, descending: boolean): Row[] {
  const key = column.sort ?? column.text;
  const dir = descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return (
      (typeof x === "number" && typeof y === "number"
        ? x - y
        : String(x).localeCompare(String(y), undefined, { numeric: true })) * dir
    );
  });
}

const byKey: Column<Row> = { key: "k", label: "k", text: (r) => String(r.key), sort: (r) => r.key };
const byText: Column<Row> = { key: "t", label: "t", text: (r) => String(r.key) };
const rowsOf = (keys: readonly (number | string)[]): Row[] => keys.map((key, id) => ({ id, key }));
const ids = (rows: readonly Row[]) => rows.map((r) => r.id);

describe("sortRows", () => {
  it("orders text as people read it, numbers inside included", () => {
    const rows = rowsOf(["run 10", "run 9", "Run 9", "blocks-120", "blocks-30", ""]);
    assert.deepEqual(ids(sortRows(rows, byText, false)), ids(comparatorSort(rows, byText, false)));
    assert.deepEqual(
      sortRows(rows, byText, false).map((r) => r.key),
      ["", "blocks-30", "blocks-120", "run 9", "Run 9", "run 10"],
    );
  });

  it("keeps ties in their order both ways, -Infinity and NaN among them", () => {
    const rows = rowsOf([2, -Infinity, 1, -Infinity, 2, NaN, 1]);
    assert.deepEqual(ids(sortRows(rows, byKey, false)), [1, 3, 5, 2, 6, 0, 4]);
    assert.deepEqual(ids(sortRows(rows, byKey, true)), [0, 4, 2, 6, 1, 3, 5]);
  });

  it("without a column, keeps the rows as they came (a copy)", () => {
    const rows = rowsOf([3, 1, 2]);
    const out = sortRows(rows, undefined, true);
    assert.deepEqual(out, rows);
    assert.notEqual(out, rows);
  });

  it("gives the comparator sort's order for numbers and for text, ascending and descending", () => {
    const numbers = fc.array(fc.integer({ min: -5, max: 5 }), { maxLength: 60 });
    // Few distinct words with digits and case, so ties and numeric collation both occur.
    const words = fc.array(fc.constantFrom("a", "A", "a2", "a10", "b", "b 9", "b 10", "ä", "", "run-7"), {
      maxLength: 60,
    });
    fc.assert(
      fc.property(fc.oneof(numbers, words), fc.boolean(), (keys, descending) => {
        const rows = rowsOf(keys);
        for (const column of [byKey, byText])
          assert.deepEqual(ids(sortRows(rows, column, descending)), ids(comparatorSort(rows, column, descending)));
      }),
    );
  });
});
