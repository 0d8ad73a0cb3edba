// Parts of the campaign report worked by hand: cells for people and for CSV,
// Markdown escaping, and the version reports name (the answer itself is
// test/unit/designVerdict.test.ts's).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { csvRows, csvText, formatCell } from "../../engine/report/campaignReport/cells.js";
import { markdownTable } from "../../engine/report/campaignReport/markdown.js";
import { VARBENCH_VERSION } from "../../engine/report/version.js";
import { ROOT } from "../helpers/uftrace.js";

describe("report cells", () => {
  it("formats for people and keeps raw values for CSV, an interval over two columns", () => {
    assert.equal(formatCell(1_500_000, "ns"), "1.500 ms");
    assert.equal(formatCell(0.1234, "percent"), "12.3%");
    assert.equal(formatCell([1000, 2000], "nsInterval"), "1.000 us – 2.000 us");
    assert.equal(formatCell(null, "ns"), "—");
    assert.equal(formatCell(4.213, "ratio"), "4.21×");
    assert.equal(formatCell([1.37, 2.92], "interval"), "1.370 – 2.920");
    assert.equal(formatCell(12345678, "count"), "12,345,678");
    const t = {
      id: "t",
      title: "t",
      columns: [
        { key: "d", label: "design", unit: "text" as const },
        { key: "ci", label: "CI", unit: "nsInterval" as const },
      ],
      rows: [["a,b", [1, 2] as const]],
    };
    assert.deepEqual(csvRows(t), [
      ["design", "CI low (ns)", "CI high (ns)"],
      ["a,b", "1", "2"],
    ]);
    assert.equal(csvText(csvRows(t)), 'design,CI low (ns),CI high (ns)\r\n"a,b",1,2\r\n');
    assert.equal(markdownTable({ ...t, rows: [["x|y", null]] }).split("\n")[2], "| x\\|y | — |");
  });

  it("names the package's version", () => {
    assert.equal(
      VARBENCH_VERSION,
      (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version,
    );
  });
});
