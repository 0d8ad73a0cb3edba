// The ingestion kernel's growth paths against a plain two-pass covariance of
// the invocations themselves: a context whose children keep appearing in
// later invocations (its covariance block grows from 4 dimensions by
// doubling, each time with co-moments already in it), and the same context
// over the covariance limit; and a tree too large for the memory it may use.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { cctOf, type Call } from "../helpers/memorySource.js";
import { CctBuilder } from "../../engine/cct/cctBuilder.js";
import { EventBatch } from "../../engine/trace/eventBatch.js";
import { TraceError } from "../../engine/trace/diagnostics.js";

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
    assert.deepEqual(
      cov.childContexts.map((c) => cct.functions[cols.fn[c]]),
      Array.from({ length: DIMS - 1 }, (_, i) => `child${i}`),
    );
    const n = ys.length;
    const mean = Array.from({ length: DIMS }, (_, i) => ys.reduce((s, y) => s + y[i], 0) / n);
    for (let i = 0; i < DIMS; i++) {
      assert.ok(Math.abs(cov.mean[i] - mean[i]) <= 1e-9 * Math.max(1, mean[i]), `mean ${i}`);
      for (let j = 0; j < DIMS; j++) {
        const expected = ys.reduce((s, y) => s + (y[i] - mean[i]) * (y[j] - mean[j]), 0) / n;
        const got = cov.matrix[i * DIMS + j];
        assert.ok(
          Math.abs(got - expected) <= 1e-9 * Math.max(1, Math.abs(expected)),
          `C[${i}][${j}] = ${got}, expected ${expected}`,
        );
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

describe("ingestion kernel memory", () => {
  it("says which thread outgrew the memory limit instead of trapping", () => {
    // A chain 50,000 calls deep is 50,000 contexts: more than 2 MiB holds.
    const depth = 50_000;
    const builder = new CctBuilder({ memoryLimitBytes: 2 << 20 });
    const batch = new EventBatch(builder.thread({ pid: 4, tid: 5 }));
    const fns = Array.from({ length: 7 }, (_, k) => builder.functionId(`f${k}`));
    assert.throws(
      () => {
        for (let d = 0; d < depth; d++) batch.enter(fns[d % 7], d);
        for (let d = depth - 1; d >= 0; d--) batch.exit(fns[d % 7], 2 * depth - d);
        batch.flush();
      },
      (e: Error) =>
        e instanceof TraceError &&
        /^thread 4\/5: its calling-context tree \(\d+ contexts so far\) outgrew the 2 MiB/.test(e.message),
    );
  });

  it("builds the same deep chain when the memory suffices", () => {
    const depth = 50_000;
    const builder = new CctBuilder();
    const batch = new EventBatch(builder.thread({ pid: 4, tid: 5 }));
    const fns = Array.from({ length: 7 }, (_, k) => builder.functionId(`f${k}`));
    for (let d = 0; d < depth; d++) batch.enter(fns[d % 7], d);
    for (let d = depth - 1; d >= 0; d--) batch.exit(fns[d % 7], 2 * depth - d);
    batch.flush();
    const cols = builder.finish().threads[0].contexts;
    assert.equal(cols.size, depth + 1);
    // Context d+1 is the call entered at d and left at 2·depth − d: it lasts
    // 2·(depth − d), of which its child takes all but 2 ns.
    assert.equal(cols.inclusiveNs[depth], 2);
    assert.equal(cols.inclusiveNs[1], 2 * depth);
    assert.ok(
      Array.from(cols.selfNs.subarray(1)).every((s) => s === 2),
      "every level's self time is 2 ns",
    );
  });

  it("finds each of thousands of children again, in any order, under the parent they belong to", () => {
    // hub and other both call c0…c4999: hub twice (in order, then reversed), other once. Past a few
    // siblings a child is found through the kernel's hash table, which grows past 512 slots here.
    const kids = 5000;
    const builder = new CctBuilder({ covariance: false });
    const batch = new EventBatch(builder.thread({ pid: 1, tid: 1 }));
    const [main, hub, other] = ["main", "hub", "other"].map((f) => builder.functionId(f));
    const c = Array.from({ length: kids }, (_, k) => builder.functionId(`c${k}`));
    let t = 0;
    const callAll = (order: number[]) => {
      for (const k of order) {
        batch.enter(c[k], t++);
        batch.exit(c[k], t++);
      }
    };
    const ascending = Array.from({ length: kids }, (_, k) => k);
    batch.enter(main, t++);
    for (const [fn, order] of [
      [hub, ascending],
      [hub, [...ascending].reverse()],
      [other, ascending],
    ] as const) {
      batch.enter(fn, t++);
      callAll(order);
      batch.exit(fn, t++);
    }
    batch.exit(main, t++);
    batch.flush();
    const cct = builder.finish();
    const cols = cct.threads[0].contexts;
    assert.equal(cols.size, 1 + 3 + 2 * kids, "root, main, hub, other and each child once per parent");
    const name = (x: number) => cct.functions[cols.fn[x]];
    const callsOf = new Map<string, number>();
    for (let x = 1; x < cols.size; x++) {
      if (!name(x).startsWith("c")) continue;
      const key = `${name(cols.parent[x])}>${name(x)}`;
      assert.ok(!callsOf.has(key), `${key} is one context`);
      callsOf.set(key, cols.n[x]);
    }
    for (let k = 0; k < kids; k++) {
      assert.equal(callsOf.get(`hub>c${k}`), 2);
      assert.equal(callsOf.get(`other>c${k}`), 1);
    }
    // Siblings stay in the order they first ran (the covariance dimensions' order).
    const hubContext = Array.from({ length: cols.size }, (_, x) => x).find((x) => x > 0 && name(x) === "hub")!;
    const children = Array.from({ length: cols.size }, (_, x) => x).filter(
      (x) => x > 0 && cols.parent[x] === hubContext,
    );
    assert.deepEqual(
      children.map(name),
      ascending.map((k) => `c${k}`),
    );
  });

  it("takes an event earlier than the one before it at that one's time, and says how many: no negative self time", () => {
    // g's exit is damaged (far later than it was): f's exit, written after it, is earlier.
    const builder = new CctBuilder({ covariance: false });
    const batch = new EventBatch(builder.thread({ pid: 3, tid: 3 }));
    const [f, g] = [builder.functionId("f"), builder.functionId("g")];
    batch.enter(f, 100);
    batch.enter(g, 200);
    batch.exit(g, 1e12);
    batch.exit(f, 300);
    batch.flush();
    const cct = builder.finish();
    const cols = cct.threads[0].contexts;
    const of = (name: string) =>
      Array.from({ length: cols.size }, (_, x) => x).find((x) => x > 0 && cct.functions[cols.fn[x]] === name)!;
    // f ends at g's end: inclusive 1e12 − 100, of which g took 1e12 − 200 (before: 200 and a self time of −1e12).
    assert.equal(cols.inclusiveNs[of("f")], 1e12 - 100);
    assert.equal(cols.selfNs[of("f")], 100);
    assert.deepEqual(cct.warnings, [{ kind: "time-backwards", thread: "3/3", events: 1 }]);
  });
});
