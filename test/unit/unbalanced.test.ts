// Unbalanced event streams are closed or dropped deliberately and reported,
// never silently (issue 2): hand-computed cases through the one builder.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { CctBuilder } from "../../engine/cct/cctBuilder.js";
import { EventBatch } from "../../engine/trace/eventBatch.js";
import { rowsByPath } from "../helpers/cctCompare.js";
import type { Cct } from "../../engine/cct/cct.js";

type Step = ["B" | "E", string, number, number?];

function build(steps: Step[]): Cct {
  const b = new CctBuilder();
  const batch = new EventBatch(b.thread({ pid: 1, tid: 2 }));
  for (const [k, name, t, depth] of steps) {
    if (k === "B") batch.enter(b.functionId(name), t, depth ?? -1);
    else batch.exit(b.functionId(name), t);
  }
  batch.flush();
  return b.finish();
}

const summary = (cct: Cct) =>
  [...rowsByPath(cct)].map(([p, r]) => `${p} n=${r.n} incl=${r.inclusiveNs} self=${r.selfNs}`).sort();

describe("unbalanced streams", () => {
  it("an exit of an outer call closes the calls it skips over at its time", () => {
    const cct = build([
      ["B", "main", 0],
      ["B", "a", 10],
      ["B", "b", 20],
      ["E", "a", 50],
      ["E", "main", 100],
    ]);
    assert.deepEqual(summary(cct), [
      "main n=1 incl=100 self=60",
      "main>a n=1 incl=40 self=10",
      "main>a>b n=1 incl=30 self=30",
    ]);
    assert.deepEqual(cct.warnings, [{ kind: "closed-on-mismatch", thread: "1/2", frames: 1 }]);
  });

  it("an exit with no open call of its function is dropped and counted", () => {
    const cct = build([
      ["E", "ghost", 5],
      ["B", "main", 10],
      ["E", "ghost", 12],
      ["E", "main", 20],
    ]);
    assert.deepEqual(summary(cct), ["main n=1 incl=10 self=10"]);
    assert.deepEqual(cct.warnings, [{ kind: "unmatched-exit", thread: "1/2", function: "ghost", count: 2 }]);
  });

  it("calls still open at the end are closed at the thread's last time", () => {
    const cct = build([
      ["B", "main", 0],
      ["B", "loop", 10],
      ["B", "work", 20],
      ["E", "work", 35],
    ]);
    assert.deepEqual(summary(cct), [
      "main n=1 incl=35 self=10",
      "main>loop n=1 incl=25 self=10",
      "main>loop>work n=1 incl=15 self=15",
    ]);
    assert.deepEqual(cct.warnings, [{ kind: "closed-at-end", thread: "1/2", frames: 2 }]);
  });

  it("an entry at a recorded depth closes deeper open calls first (resynchronising after lost records)", () => {
    // The exits of b and a were lost; c enters at depth 1, so b (depth 2) and a (depth 1) are closed at its time.
    const cct = build([
      ["B", "main", 0, 0],
      ["B", "a", 10, 1],
      ["B", "b", 20, 2],
      ["B", "c", 60, 1],
      ["E", "c", 70],
      ["E", "main", 100],
    ]);
    assert.deepEqual(summary(cct), [
      "main n=1 incl=100 self=40",
      "main>a n=1 incl=50 self=10",
      "main>a>b n=1 incl=40 self=40",
      "main>c n=1 incl=10 self=10",
    ]);
    assert.deepEqual(cct.warnings, [{ kind: "closed-on-mismatch", thread: "1/2", frames: 2 }]);
  });
});
