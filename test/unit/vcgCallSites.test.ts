// Call sites [i] in call-context sets (paper 000 §5 item 8; issue 11 item 2: "a
// per-caller-function index over the whole trace, stable across threads and
// runs"). uftrace records functions, not call sites, so [i] numbers a caller
// function's callees by name: the same in every thread order.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { completeAnalysis, prepareAnalysis } from "../../engine/variance/analyze.js";
import { DEFAULT_PARAMETERS } from "../../engine/variance/parameters.js";
import { mergeThreads } from "../../engine/cct/merge.js";
import { cctOf, type Call } from "../helpers/memorySource.js";

/** One thread of 40 F under main; F calls its two callees in the order given, each taking 10 or
 * 1000 (i odd, i/2 odd), so F, K and G are all high-variant. */
function thread(order: readonly string[]): Call[] {
  const fs: Call[] = [];
  let t = 1;
  for (let i = 0; i < 40; i++) {
    const start = t++;
    const children = order.map((fn, j) => {
      const s = t;
      t += ((i >> j) % 2 ? 1000 : 10) + 1;
      return { fn, start: s, end: t - 1, children: [] };
    });
    fs.push({ fn: "F", start, end: t++, children });
  }
  return [{ fn: "main", start: 0, end: t, children: fs }];
}

function callContexts(threads: readonly (readonly Call[])[]): string[] {
  const cct = cctOf(threads);
  const r = completeAnalysis(prepareAnalysis(mergeThreads(cct), cct.functions, { ...DEFAULT_PARAMETERS, beta: 0 }));
  return r.nodes.map((n) => `${n.fname}: ${n.ccs.join(" | ")}`).sort();
}

describe("call sites [i] (000 §5 item 8)", () => {
  it("are the same whichever thread comes first", () => {
    // Thread 1 calls K before G, thread 2 G before K; the merged tree's context ids follow thread 1.
    const a = callContexts([thread(["K", "G"]), thread(["G", "K"])]);
    const b = callContexts([thread(["G", "K"]), thread(["K", "G"])]);
    assert.deepEqual(a, b);
    // By name, F's callees are G [0] and K [1]; main's only callee, F, is [0].
    assert.deepEqual(a, ["F: main [0]", "G: [0]", "K: [1]"]);
  });
});
