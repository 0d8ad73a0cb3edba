// `varbench flame` as users run it: collapsed stacks whose self times are
// uftrace's own (`uftrace report -f self`), the two columns of a differential
// graph, and a clear refusal where a thread cannot be picked.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { writeFileSync } from "node:fs";
import { FIXTURES, tempDir, uftraceReport } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";

// H → U → V → W, each function in one context only: a chain's self time is its function's.
const TRACE = join(FIXTURES, "uftrace", "0.13", "variance", "nested_chain_50");
const TWO_CALLERS = join(FIXTURES, "uftrace", "0.13", "variance", "two_callers");

/** "a;b;c 12 34" → chain and numbers. */
function parse(text: string): { chain: string[]; values: number[] }[] {
  return text
    .trim()
    .split("\n")
    .map((line) => {
      const parts = line.split(" ");
      return { chain: parts[0].split(";"), values: parts.slice(1).map(Number) };
    });
}

describe("varbench flame", () => {
  it("prints collapsed stacks whose self times are uftrace report's", () => {
    const r = varbench(["flame", TRACE]);
    assert.equal(r.status, 0, r.stderr);
    const lines = parse(r.stdout);
    const report = uftraceReport(TRACE);
    const leaves = lines.map((l) => l.chain.at(-1)!);
    assert.equal(new Set(leaves).size, leaves.length, "each function in one context");
    assert.ok(lines.some((l) => l.chain.join(";") === "main;H;U;V;W"));
    for (const { chain, values } of lines) {
      const row = report.get(chain.at(-1)!);
      assert.ok(row, `${chain.join(";")} is in uftrace's report`);
      assert.ok(
        Math.abs(values[0] - row.selfNs) <= row.toleranceNs + 1,
        `${chain.join(";")}: ${values[0]} ns, uftrace ${row.selfNs} ns`,
      );
    }
  });

  it("gives a differential graph's two columns, and names the threads there are when asked for one that is not", () => {
    const ws = join(tempDir("flame-cli"), "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
    for (const t of [TRACE, TWO_CALLERS]) assert.equal(varbench(["-w", ws, "import", t, "--project", "p"]).status, 0);
    const r = varbench(["-w", ws, "flame", "run:1", "--vs", "run:2"]);
    assert.equal(r.status, 0, r.stderr);
    const lines = parse(r.stdout);
    assert.ok(lines.every((l) => l.values.length === 2));
    // W is run 1's alone: a count for A, zero for B.
    const w = lines.find((l) => l.chain.join(";") === "main;H;U;V;W")!;
    assert.ok(w.values[0] > 0 && w.values[1] === 0, JSON.stringify(w));
    const bad = varbench(["-w", ws, "flame", "run:1", "--thread", "999999"]);
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /no thread 999999 in this trace; threads: \d+\/\d+/);
    assert.doesNotMatch(bad.stderr, /\n\s+at /, "no stack trace");
  });

  it("refuses collapsed stacks too large for the format, and a thread with --vs, in words", () => {
    // 20,000 nested calls: every line spells its chain, Σ depth × name ≈ 20,000²/2 × 3 chars ≈ 600 MB.
    const dir = tempDir("flame-deep");
    const n = 20_000;
    const events = [
      ...Array.from({ length: n }, (_, i) => ({ name: `f${i % 7}`, ph: "B", ts: i, pid: 1, tid: 1 })),
      ...Array.from({ length: n }, (_, i) => ({ name: `f${(n - 1 - i) % 7}`, ph: "E", ts: n + i, pid: 1, tid: 1 })),
    ];
    writeFileSync(join(dir, "deep.json"), JSON.stringify({ traceEvents: events }));
    const deep = varbench(["flame", join(dir, "deep.json")]);
    assert.equal(deep.status, 1);
    assert.match(
      deep.stderr,
      /collapsed stacks of this tree would take about \d+ MiB .*: export the flame graph as JSON instead/,
    );
    assert.equal(deep.stdout, "", "nothing half-written");
    const both = varbench(["flame", TRACE, "--vs", TRACE, "--thread", "1"]);
    assert.equal(both.status, 1);
    assert.match(
      both.stderr,
      /--thread picks a thread of one run or trace; with --vs both sides take all their threads/,
    );
  });
});
