// The ingestion kernel's growth paths against a plain two-pass covariance of
// the invocations themselves: a context whose children keep appearing in
// later invocations (its covariance block grows from 4 dimensions by
// doubling, each time with co-moments already in it), and the same context
// over the covariance limit.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { cctOf, type Call } from "../helpers/memorySource.js";

/** Per invocation of hub: its self time and how many children it calls. */
const INVOCATIONS = [
  { selfNs: 5, children: 3 },
  { selfNs: 9, children: 10 },
  { selfNs: 4, children: 300 },
];
const DIMS = 301;

/** main > hub per INVOCATIONS; in invocation k, child i runs (i+1)·(k+1) ns.
 * Returns the calls and each invocation's vector (self, child 0, child 1, …). */
function hubTrace(): { calls: Call[]; ys: number[][] } {
  let t = 0;
  const ys: number[][] = [];
  const hubs: Call[] = INVOCATIONS.map((inv, k) => {
    const start = ++t;
    t += inv.selfNs;
    const y = new Array<number>(DIMS).fill(0);
    y[0] = inv.selfNs;
    const children: Call[] = Array.from({ length: inv.children }, (_, i) => {
      const c = { fn: `child${i}`, start: t, end: t + (i + 1) * (k + 1), children: [] };
      y[i + 1] = c.end - c.start;
      t = c.end;
      return c;
    });
    ys.push(y);
    return { fn: "hub", start, end: t, children };
  });
  return { calls: [{ fn: "main", start: 0, end: t + 1, children: hubs }], ys };
}

function hubOf(cct: ReturnType<typeof cctOf>): number {
  const cols = cct.threads[0].contexts;
  for (let c = 1; c < cols.size; c++) if (cct.functions[cols.fn[c]] === "hub") return c;
  throw new Error("no hub context");
}

describe("ingestion kernel", () => {
  it("keeps an exact covariance while a context's children keep appearing (301 dimensions)", () => {
    const { calls, ys } = hubTrace();
    const cct = cctOf([calls], 400);
    const cols = cct.threads[0].contexts;
    const cov = cols.covariance[hubOf(cct)];
    assert.ok(cov, "hub keeps its covariance");
    assert.equal(cov.mean.length, DIMS);
    assert.deepEqual(cov.childContexts.map((c) => cct.functions[cols.fn[c]]), Array.from({ length: DIMS - 1 }, (_, i) => `child${i}`));
    const n = ys.length;
    const mean = Array.from({ length: DIMS }, (_, i) => ys.reduce((s, y) => s + y[i], 0) / n);
    for (let i = 0; i < DIMS; i++) {
      assert.ok(Math.abs(cov.mean[i] - mean[i]) <= 1e-9 * Math.max(1, mean[i]), `mean ${i}`);
      for (let j = 0; j < DIMS; j++) {
        const expected = ys.reduce((s, y) => s + (y[i] - mean[i]) * (y[j] - mean[j]), 0) / n;
        const got = cov.matrix[i * DIMS + j];
        assert.ok(Math.abs(got - expected) <= 1e-9 * Math.max(1, Math.abs(expected)), `C[${i}][${j}] = ${got}, expected ${expected}`);
      }
    }
    assert.deepEqual(cols.covarianceOmitted, []);
  });

  it("lists a context with more children than the limit as omitted, with no covariance", () => {
    const cct = cctOf([hubTrace().calls], 64);
    const cols = cct.threads[0].contexts;
    const hub = hubOf(cct);
    assert.equal(cols.covariance[hub], null);
    assert.deepEqual(cols.covarianceOmitted, [hub]);
    assert.equal(cols.n[hub], 3, "its own statistics are kept");
  });
});
