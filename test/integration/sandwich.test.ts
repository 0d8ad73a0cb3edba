// `varbench sandwich` and the sandwich analysis' exports (issue 31 item 4 outside
// the workbench): a function's total, self time and calls are uftrace report's,
// its direct callers share out its total, the exports of the API are what the
// command prints, and a misspelt name is answered with the nearest names.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { FIXTURES, tempDir, uftraceReport } from "../helpers/uftrace.js";
import { varbench } from "../helpers/cli.js";
import { VarbenchService } from "../../engine/api/service.js";
import { inProcessClient } from "../../engine/api/inProcess.js";
import type { SandwichResult } from "../../engine/flame/sandwichResult.js";

// main calls warm_up once, steady and bursty 100 times each; all three call work.
const TWO_CALLERS = join(FIXTURES, "uftrace", "0.13", "variance", "two_callers");

describe("varbench sandwich", () => {
  it("gives a function's total, self time and calls as uftrace report does, and its callers sharing its total", () => {
    const r = varbench(["sandwich", TWO_CALLERS, "work", "--json"]);
    assert.equal(r.status, 0, r.stderr);
    const s = JSON.parse(r.stdout) as SandwichResult;
    const work = uftraceReport(TWO_CALLERS).get("work")!;
    assert.equal(s.function.name, "work");
    assert.equal(s.function.calls, work.calls);
    assert.ok(Math.abs(s.function.totalNs - work.totalNs) <= work.toleranceNs + 1, `${s.function.totalNs}`);
    assert.ok(Math.abs(s.function.selfNs - work.selfNs) <= work.toleranceNs + 1, `${s.function.selfNs}`);
    // Every call of work has exactly one direct caller: their times add up to work's total.
    const direct = s.callers.parent.flatMap((p, i) => (p === 0 ? [i] : []));
    assert.deepEqual(direct.map((i) => s.callers.functions[s.callers.fn[i]]).sort(), ["bursty", "steady", "warm_up"]);
    const sum = direct.reduce((a, i) => a + s.callers.inclusiveNs[i], 0);
    assert.ok(Math.abs(sum - s.function.totalNs) <= 1, `${sum} vs ${s.function.totalNs}`);
  });

  it("prints text and CSV, and the API's exports are what the command prints", async () => {
    const ws = join(tempDir("sandwich-cli"), "ws");
    assert.equal(varbench(["workspace", "init", ws]).status, 0);
    assert.equal(varbench(["-w", ws, "import", TWO_CALLERS, "--project", "p"]).status, 0);
    const text = varbench(["-w", ws, "sandwich", "run:1", "work"]);
    assert.equal(text.status, 0, text.stderr);
    assert.match(text.stdout, /^work in .*:\n {2}total [\d.]+ ms .* 201 calls/);
    assert.match(text.stdout, /Callers \(who called work/);
    const csv = varbench(["-w", ws, "sandwich", "run:1", "work", "--csv"]);
    assert.equal(csv.status, 0, csv.stderr);
    const lines = csv.stdout.trim().split("\n");
    assert.equal(lines[0], "side,depth,chain,function,time_ns,self_ns");
    assert.ok(lines.includes(lines.find((l) => l.startsWith("callers,2,work < steady < main,main,"))!));
    const service = new VarbenchService(ws, { remember: false });
    try {
      const api = inProcessClient(service);
      const args = { target: { kind: "run", runId: 1 }, function: "work" } as const;
      const t = await api.reports.analysis({ kind: "sandwich", args, format: "text" });
      assert.equal(t.text, text.stdout);
      const c = await api.reports.analysis({ kind: "sandwich", args, format: "csv" });
      assert.equal(c.text, csv.stdout);
    } finally {
      await service.close();
    }
  });

  it("answers a name not in the tree with the nearest names, in words", () => {
    const r = varbench(["sandwich", TWO_CALLERS, "wrok"]);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /no function "wrok" is called in .*two_callers; the nearest names: work/);
    assert.doesNotMatch(r.stderr, /\n\s+at /, "no stack trace");
    const far = varbench(["sandwich", TWO_CALLERS, "zzzzzzzz"]);
    assert.equal(far.status, 1);
    assert.match(far.stderr, /no function "zzzzzzzz" .*`varbench cct` lists its contexts/);
  });
});
