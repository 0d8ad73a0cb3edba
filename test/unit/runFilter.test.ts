// The runs table's filter expression (engine/campaign/runFilter.ts) on hand-worked cases: which of
// five runs each expression keeps, worked out by reading the runs below, and the errors it gives.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { compileFilter, parseFilter, type FilterField } from "../../engine/campaign/runFilter.js";

const FIELDS: FilterField[] = [
  { name: "id", kind: "number", unit: null },
  { name: "design", kind: "text" },
  { name: "status", kind: "text" },
  { name: "feat.n", kind: "number", unit: null },
  { name: "metric.wall", kind: "number", unit: "ns" },
  { name: "metric.rss", kind: "number", unit: "KiB" },
  { name: "metric.trace-cpu", kind: "number", unit: "ns" },
  { name: "metric.ir", kind: "number", unit: "count" },
];
type Run = Record<string, number | string | null>;
const RUNS: Run[] = [
  {
    id: 1,
    design: "merge",
    status: "succeeded",
    "feat.n": 1000,
    "metric.wall": 2e6,
    "metric.rss": 2048,
    "metric.trace-cpu": 1e6,
    "metric.ir": 5e6,
  },
  {
    id: 2,
    design: "merge",
    status: "succeeded",
    "feat.n": 4000,
    "metric.wall": 4.5e6,
    "metric.rss": 4096,
    "metric.trace-cpu": null,
    "metric.ir": 2e7,
  },
  {
    id: 3,
    design: "Merge",
    status: "failed",
    "feat.n": 8000,
    "metric.wall": 9e6,
    "metric.rss": null,
    "metric.trace-cpu": 3e6,
    "metric.ir": null,
  },
  {
    id: 4,
    design: "insertion",
    status: "succeeded",
    "feat.n": 2000,
    "metric.wall": 3e6,
    "metric.rss": 1024,
    "metric.trace-cpu": 2e6,
    "metric.ir": 8e6,
  },
  {
    id: 5,
    design: null,
    status: "imported",
    "feat.n": null,
    "metric.wall": 1e9,
    "metric.rss": 512,
    "metric.trace-cpu": null,
    "metric.ir": null,
  },
];

function kept(text: string): number[] {
  const parsed = parseFilter(text, FIELDS);
  assert.ok(parsed.ok, parsed.ok ? "" : `${parsed.message} at ${parsed.at}`);
  const keep = compileFilter<Run>(
    parsed.expr,
    (name) => (r) => r[name] ?? null,
    (r) => `${r.id} ${r.design ?? ""} ${r.status}`.toLowerCase(),
  );
  return RUNS.filter(keep).map((r) => r.id as number);
}

function error(text: string): { message: string; at: number } {
  const parsed = parseFilter(text, FIELDS);
  assert.ok(!parsed.ok, `"${text}" parsed`);
  return { message: parsed.message, at: parsed.at };
}

describe("runs filter expression", () => {
  it("the issue's example: design merge (any case), n ≥ 2000, wall under 5 ms", () => {
    // Runs 2 (4000, 4.5 ms) and 3 (8000, 9 ms) are merge with n ≥ 2000; only 2 is under 5 ms.
    assert.deepEqual(kept("design = merge and feat.n >= 2000 and metric.wall < 5ms"), [2]);
  });

  it("an empty text keeps every run", () => {
    assert.deepEqual(kept("   "), [1, 2, 3, 4, 5]);
  });

  it("units scale to the column's base unit, with or without a space", () => {
    assert.deepEqual(kept("metric.wall >= 3 ms"), [2, 3, 4, 5]); // 3e6 ns and above
    assert.deepEqual(kept("metric.wall > 0.5s"), [5]);
    assert.deepEqual(kept("metric.wall <= 2000us"), [1]);
    assert.deepEqual(kept("metric.rss >= 2 MiB"), [1, 2]); // 2048 KiB and above
    assert.deepEqual(kept("metric.rss < 1mib"), [5]); // 512 KiB; 1024 KiB is not below 1 MiB
    assert.deepEqual(kept("metric.ir >= 8M"), [2, 4]);
    assert.deepEqual(kept("feat.n = 2k"), [4]);
  });

  it("and binds tighter than or; not and parentheses", () => {
    // or(design = insertion, and(status = failed, feat.n > 5000)): 3, 4.
    assert.deepEqual(kept("design = insertion or status = failed and feat.n > 5000"), [3, 4]);
    // and(or(insertion, failed), feat.n > 5000): 3 only.
    assert.deepEqual(kept("(design = insertion or status = failed) and feat.n > 5000"), [3]);
    assert.deepEqual(kept("not design = merge"), [4, 5]); // 5 has no design: "= merge" is false, so not keeps it
    assert.deepEqual(kept("NOT (feat.n < 3000 OR feat.n > 5000)"), [2, 5]);
  });

  it("a run without the value matches no comparison of it, != included", () => {
    assert.deepEqual(kept("metric.trace-cpu > 0ns"), [1, 3, 4]);
    assert.deepEqual(kept("metric.trace-cpu != 1ms"), [3, 4]);
    assert.deepEqual(kept("design != merge"), [4]);
  });

  it("~ finds text inside, quoted values keep their spaces", () => {
    assert.deepEqual(kept("status ~ ceed"), [1, 2, 4]);
    assert.deepEqual(kept("design = 'insertion'"), [4]);
    assert.deepEqual(kept('design ~ "ert"'), [4]);
  });

  it("a word on its own searches the run's text; terms side by side must all hold", () => {
    assert.deepEqual(kept("merge"), [1, 2, 3]);
    assert.deepEqual(kept("merge fail"), [3]);
    assert.deepEqual(kept("3"), [3]);
    assert.deepEqual(kept("ins or 'imported'"), [4, 5]);
    assert.deepEqual(kept("design = merge feat.n > 3000"), [2, 3]); // and implied
    assert.deepEqual(kept("not succeeded"), [3, 5]);
  });

  it("says where and why it cannot read an expression", () => {
    assert.deepEqual(error("feat.m > 3"), {
      message:
        "no column is named feat.m; the columns are id, design, status, feat.n, metric.wall, metric.rss, metric.trace-cpu, metric.ir",
      at: 0,
    });
    assert.deepEqual(error("wall < 5ms"), { message: "no column is named wall: did you mean metric.wall?", at: 0 });
    assert.deepEqual(error("metric.wall < 5"), {
      message: "metric.wall is a time (ns, us, ms, s): give 5 its unit",
      at: 14,
    });
    assert.deepEqual(error("metric.wall < 5 MiB"), {
      message: "5 MiB is a memory size (KiB, MiB, GiB), and metric.wall is a time (ns, us, ms, s)",
      at: 14,
    });
    assert.deepEqual(error("feat.n > 5ms"), {
      message: "5 ms is a time (ns, us, ms, s), and feat.n is a plain number",
      at: 9,
    });
    assert.deepEqual(error("design < merge"), {
      message: "design is text: compare it with =, != or ~ (contains), not <",
      at: 7,
    });
    assert.deepEqual(error("feat.n >= many"), { message: 'feat.n is a number, and "many" is not', at: 10 });
    assert.deepEqual(error("feat.n ~ 3"), { message: "feat.n is a number: ~ (contains) applies to text", at: 7 });
    assert.deepEqual(error("= merge"), { message: 'expected a column name, found "="', at: 0 });
    assert.deepEqual(error("design ="), { message: "expected a value after design =, found the end", at: 8 });
    assert.deepEqual(error("design = merge and"), { message: "a comparison is missing at the end", at: 18 });
    assert.deepEqual(error("(design = merge"), { message: "the parenthesis at 1 is not closed", at: 0 });
    assert.deepEqual(error("design = merge)"), { message: "this parenthesis closes none opened before it", at: 14 });
    assert.deepEqual(error("design = 'merge"), { message: "the text opened by ' is not closed", at: 9 });
    assert.deepEqual(error("feat.n > 3 & design = x"), { message: '"&" is not part of a filter', at: 11 });
    // A unit is a unit of the table's, never a name JavaScript objects carry.
    assert.deepEqual(kept("feat.n > 5 constructor"), []);
  });
});
