// The tracer's own cost per call taken out of every context's time (issue 28
// item 6; CctOptions.toolCostNs and toolCostInsideNs): a call's hooks cost c,
// b of it between its own entry and exit records and c − b in its caller's
// time, so an invocation with D calls recorded inside it, k of them direct
// children, loses b + D·c of its inclusive time and b + k·(c − b) of its self
// time. Checked on a trace computed by hand, against a plain reference (the
// same events on a clock that loses b after every entry and c − b after every
// exit, read with no cost: on random programs in
// test/stress/varianceToolCost.test.ts), and on real uftrace recordings through
// both of the kernel's paths (its own record decoder and the reader's batches).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { CctBuilder } from "../../engine/cct/cctBuilder.js";
import { mergeThreads } from "../../engine/cct/merge.js";
import { contextRows } from "../../engine/cct/query.js";
import type { Cct, CctOptions } from "../../engine/cct/cct.js";
import type { ContextColumns } from "../../engine/cct/contextTable.js";
import { readTextTrace, TEXT_TRACE_HEADER } from "../../engine/trace/text/readTextTrace.js";
import { readUftrace } from "../../engine/trace/uftrace/readUftrace.js";
import { memoryDirectory, memorySource } from "../helpers/memorySource.js";
import { decodedSink } from "../helpers/decodedSink.js";
import { assertSameCct, assertSameCovariance } from "../helpers/cctCompare.js";
import { FIXTURES } from "../helpers/uftrace.js";
import { timeLines } from "../../engine/report/vcgText.js";

/** main (0–2000) calls F twice; the first F calls G twice, the first G calls H. */
const HAND = [
  TEXT_TRACE_HEADER,
  "B 1 1 0 main",
  "B 1 1 100 F",
  "B 1 1 200 G",
  "B 1 1 250 H",
  "E 1 1 300 H",
  "E 1 1 500 G",
  "B 1 1 600 G",
  "E 1 1 700 G",
  "E 1 1 1000 F",
  "B 1 1 1100 F",
  "E 1 1 1200 F",
  "E 1 1 2000 main",
].join("\n");

async function readText(text: string, options: CctOptions): Promise<Cct> {
  const b = new CctBuilder(options);
  await readTextTrace(memorySource("hand.txt", text), b);
  return b.finish();
}

function contextOf(cct: Cct, path: string): number {
  const cols = cct.threads[0].contexts;
  return contextRows(cols, cct.functions).find((r) => r.path.join(">") === path)!.id;
}

describe("the tracer's cost per call taken out of the CCT", () => {
  it("on a trace worked by hand (c = 10 ns)", async () => {
    const cct = await readText(HAND, { toolCostNs: 10 });
    const cols = cct.threads[0].contexts;
    // By hand: H 50 (nothing inside). G: 300 − 10·1 (H) = 290, and 100. F: 900 − 10·3 (G, H, G)
    // = 870, and 100. main: 2000 − 10·5 = 1950. Self: G 290 − 50 = 240, 100; F 870 − 390 = 480
    // (its recorded self 500 less 10 per direct child), 100; main 1950 − 970 = 980.
    const expect: Record<string, { n: number; durations: number[]; self: number }> = {
      main: { n: 1, durations: [1950], self: 980 },
      "main>F": { n: 2, durations: [870, 100], self: 580 },
      "main>F>G": { n: 2, durations: [290, 100], self: 340 },
      "main>F>G>H": { n: 1, durations: [50], self: 50 },
    };
    for (const [path, e] of Object.entries(expect)) {
      const c = contextOf(cct, path);
      const mean = e.durations.reduce((a, b) => a + b, 0) / e.n;
      assert.equal(cols.n[c], e.n, `${path} N`);
      assert.equal(cols.meanNs[c], mean, `${path} mean`);
      assert.equal(cols.m2[c] / e.n, e.durations.reduce((s, d) => s + (d - mean) ** 2, 0) / e.n, `${path} variance`);
      assert.equal(cols.inclusiveNs[c], mean * e.n, `${path} inclusive`);
      assert.equal(cols.selfNs[c], e.self, `${path} self`);
      assert.equal(cols.minNs[c], Math.min(...e.durations), `${path} min`);
    }
    // F's per-invocation vectors (self, G): [480, 390] and [100, 0]; population covariance by hand:
    // self 190², G 195², cross 190·195, and they sum to F's variance 385² (000 §2, Eq. 2).
    const f = cols.covariance[contextOf(cct, "main>F")]!;
    assert.deepEqual(f.mean, [290, 195]);
    assert.deepEqual(f.matrix, [190 ** 2, 190 * 195, 190 * 195, 195 ** 2]);
    assert.equal(
      f.matrix.reduce((a, b) => a + b, 0),
      385 ** 2,
    );
  });

  it("on a trace worked by hand, 4 ns of the 10 inside each call's own records", async () => {
    const cct = await readText(HAND, { toolCostNs: 10, toolCostInsideNs: 4 });
    const cols = cct.threads[0].contexts;
    // By hand, inclusive loses 4 + 10·D: H 50 − 4 = 46; G 300 − 4 − 10 = 286 and 100 − 4 = 96; F 900 − 4
    // − 30 = 866 and 96; main 2000 − 4 − 50 = 1946. Self loses 4 + 6·k: G 250 − 4 − 6 = 240 and 96;
    // F 500 − 4 − 12 = 484 and 96; main 1000 − 4 − 12 = 984. Each self is also its inclusive less its
    // children's: G 286 − 46, F 866 − 382, main 1946 − 962.
    const expect: Record<string, { durations: number[]; self: number }> = {
      main: { durations: [1946], self: 984 },
      "main>F": { durations: [866, 96], self: 580 },
      "main>F>G": { durations: [286, 96], self: 336 },
      "main>F>G>H": { durations: [46], self: 46 },
    };
    for (const [path, e] of Object.entries(expect)) {
      const c = contextOf(cct, path);
      const total = e.durations.reduce((a, b) => a + b, 0);
      assert.equal(cols.inclusiveNs[c], total, `${path} inclusive`);
      assert.equal(cols.selfNs[c], e.self, `${path} self`);
      assert.equal(cols.maxNs[c], Math.max(...e.durations), `${path} max`);
    }
  });

  it("changes nothing with c = 0, and reports watched invocations with the cost taken out", async () => {
    const durations: number[] = [];
    const watch = {
      paths: [["main", "F"]],
      onClose: (_t: string, _p: Int32Array, d: Float64Array, n: number) => durations.push(...d.subarray(0, n)),
    };
    await readText(HAND, { toolCostNs: 10, watch, covariance: false });
    assert.deepEqual(durations, [870, 100]);
    const plain = await readText(HAND, {});
    assertSameCct(await readText(HAND, { toolCostNs: 0 }), plain, 0);
    assert.equal(plain.threads[0].contexts.meanNs[contextOf(plain, "main>F")], 500);
  });

  it("refuses a cost that is negative or not a number, and a part inside the call above the whole", () => {
    for (const c of [-1, Number.NaN, Infinity]) assert.throws(() => new CctBuilder({ toolCostNs: c }), RangeError);
    for (const b of [-1, Number.NaN, 11])
      assert.throws(() => new CctBuilder({ toolCostNs: 10, toolCostInsideNs: b }), RangeError);
  });

  it("says which time a VCG shows", () => {
    const none = { count: 0, chains: [] };
    assert.deepEqual(timeLines(null), []);
    assert.match(
      timeLines({ onCpu: true, toolCostNs: 0, toolCostInsideNs: 0, noTimeLeft: none }).join("\n"),
      /^Time: on-CPU time .*, as recorded: the tracer's own cost per call is left in/,
    );
    const out = timeLines({
      onCpu: false,
      toolCostNs: 213,
      toolCostInsideNs: 30,
      noTimeLeft: { count: 4, chains: [["main", "putpict"]] },
    });
    assert.match(
      out[0],
      /^Time: wall time .*, with the tracer's cost of 213 ns per recorded call, 30 ns of it inside the call's own records, taken out of every context$/,
    );
    assert.match(out[1], /^note: 4 context\(s\) have no time left .*: main > putpict; …$/);
  });

  for (const name of ["variance/nested_chain_50", "frame_loop"]) {
    it(`on a real uftrace recording (${name}): the kernel's record decoder and the reader's batches agree, and totals lose c per call below`, async () => {
      const dir = join(FIXTURES, "uftrace", "0.13", name);
      const files = new Map(
        readdirSync(dir)
          .filter((f) => statSync(join(dir, f)).isFile())
          .map((f) => [f, new Uint8Array(readFileSync(join(dir, f)))]),
      );
      const read = async (toolCostNs: number, decoded: boolean, toolCostInsideNs = 0) => {
        const b = new CctBuilder({ toolCostNs, toolCostInsideNs });
        await readUftrace(memoryDirectory(name, files, 1 << 20), decoded ? decodedSink(b) : b, { excludeOffCpu: true });
        return b.finish();
      };
      // 213 ns: the cost per call measured on this machine (an empty function called 10⁶ times, see the report).
      // 30 ns of it inside the call's own records: an empty function's recorded time here.
      const C = 213;
      const B = 30;
      const [plain, withCost, decoded] = [await read(0, false), await read(C, false), await read(C, true)];
      assertSameCct(decoded, withCost, 0);
      assertSameCovariance(decoded, withCost);
      const [inside, insideDecoded] = [await read(C, false, B), await read(C, true, B)];
      assertSameCct(insideDecoded, inside, 0);
      const rowsI = new Map(contextRows(mergeThreads(inside), inside.functions).map((r) => [r.path.join(">"), r]));
      // Totals over a context's invocations: inclusive loses c for every call in its subtree below it
      // (Σ N of its descendant contexts), self c for every call of a direct child (Σ N of its children).
      const p = mergeThreads(plain);
      const w = mergeThreads(withCost);
      const below = descendantCalls(p);
      const direct = childCalls(p);
      const rowsP = contextRows(p, plain.functions);
      const rowsW = new Map(contextRows(w, withCost.functions).map((r) => [r.path.join(">"), r]));
      assert.ok(
        rowsP.some((r) => direct[r.id] > 0),
        "some context calls others",
      );
      for (const r of rowsP) {
        const x = rowsW.get(r.path.join(">"))!;
        const close = (a: number, b: number, what: string) =>
          assert.ok(Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b)), `${r.path.join(">")} ${what}: ${a} vs ${b}`);
        assert.equal(x.n, r.n);
        close(x.inclusiveNs, r.inclusiveNs - C * below[r.id], "inclusive");
        close(x.selfNs, r.selfNs - C * direct[r.id], "self");
        const y = rowsI.get(r.path.join(">"))!;
        close(y.inclusiveNs, r.inclusiveNs - B * r.n - C * below[r.id], "inclusive, b inside");
        close(y.selfNs, r.selfNs - B * r.n - (C - B) * direct[r.id], "self, b inside");
      }
    });
  }
});

/** Per context, the calls of every context in its subtree below it (Σ N of its strict descendants). */
function descendantCalls(cols: ContextColumns): Float64Array {
  const below = new Float64Array(cols.size);
  // Children have higher ids than their parents: one pass from the end adds each subtree up.
  for (let c = cols.size - 1; c > 0; c--) below[cols.parent[c]] += below[c] + cols.n[c];
  return below;
}

function childCalls(cols: ContextColumns): Float64Array {
  const direct = new Float64Array(cols.size);
  for (let c = 1; c < cols.size; c++) direct[cols.parent[c]] += cols.n[c];
  return direct;
}
