// Flame graph data (issue 15) on random trees of any shape, built through the
// real CctBuilder: well formed, every context's calls and width those
// generated on its chain, and pooled and joined with themselves and each other
// (60 pairs of trees, seed 15: chains up to 3,000 deep, fans of 300 calls past
// the covariance's child limit, loops whose times vary). The cases worked by
// hand stay in test/unit/flameTree.test.ts.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { CctBuilder } from "../../engine/cct/cctBuilder.js";
import { EventBatch } from "../../engine/trace/eventBatch.js";
import type { Cct, CctOptions } from "../../engine/cct/cct.js";
import type { FlameGraph } from "../../engine/flame/flameGraph.js";
import { flameDiff, IN_A, IN_B } from "../../engine/flame/flameDiff.js";
import { checkShape, graphOf, side, type Tree } from "../helpers/flameCheck.js";

/** Call chains interned as (parent chain, name) → id, chain 0 the root: the generated calls' keys, and how two trees are joined here. */
class Paths {
  private readonly ids = new Map<string, number>([["", 0]]);
  id(parent: number, name: string): number {
    const key = `${parent}:${name}`;
    let id = this.ids.get(key);
    if (id === undefined) this.ids.set(key, (id = this.ids.size));
    return id;
  }
  /** The chain of each of a tree's nodes. */
  of(g: Tree): number[] {
    const out = [0];
    for (let c = 1; c < g.parent.length; c++) out.push(this.id(out[g.parent[c]], g.functions[g.fn[c]]));
    return out;
  }
}

// A thread is a list of steps: enter or leave a call, a recursive chain up to 3000 deep, a fan of up
// to 300 leaf calls over up to 150 names (past the covariance's child limit), or a loop of calls whose
// own and child times vary.
const NAMES = ["main", "f", "g", "h", "k", "work", "step", "io"];
const opArb = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("enter" as const), fn: fc.nat(7), gap: fc.nat(50) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("exit" as const), gap: fc.nat(50) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("chain" as const),
      depth: fc.integer({ min: 1, max: 3000 }),
      cycle: fc.integer({ min: 1, max: 3 }),
      gap: fc.nat(3),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("fan" as const),
      width: fc.integer({ min: 1, max: 300 }),
      names: fc.integer({ min: 1, max: 150 }),
      gap: fc.nat(3),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("loop" as const),
      times: fc.integer({ min: 1, max: 30 }),
      fn: fc.nat(7),
      child: fc.nat(7),
      gap: fc.nat(20),
    }),
  },
);
const threadsArb = fc.array(fc.array(opArb, { maxLength: 40 }), { minLength: 1, maxLength: 3 });
type Op = typeof opArb extends fc.Arbitrary<infer O> ? O : never;

type Calls = { readonly n: number; readonly inclusiveNs: number };

/** The threads' events through the real builder, and per call chain the calls generated and their total time. */
function randomCct(
  threads: readonly (readonly Op[])[],
  options: CctOptions,
  paths: Paths,
): { cct: Cct; calls: Map<number, Calls> } {
  const b = new CctBuilder(options);
  const calls = new Map<number, Calls>();
  threads.forEach((ops, t) => {
    const batch = new EventBatch(b.thread({ pid: 1, tid: t + 1 }));
    const stack: { fn: number; start: number; path: number }[] = [];
    let time = 0;
    const enter = (name: string, gap: number) => {
      const fn = b.functionId(name);
      time += gap;
      stack.push({ fn, start: time, path: paths.id(stack.at(-1)?.path ?? 0, name) });
      batch.enter(fn, time);
    };
    const exit = (gap: number) => {
      const top = stack.pop();
      if (!top) return;
      time += gap;
      batch.exit(top.fn, time);
      const c = calls.get(top.path) ?? { n: 0, inclusiveNs: 0 };
      calls.set(top.path, { n: c.n + 1, inclusiveNs: c.inclusiveNs + time - top.start });
    };
    for (const op of ops) {
      if (op.kind === "enter") enter(NAMES[op.fn], op.gap);
      else if (op.kind === "exit") exit(op.gap);
      else if (op.kind === "chain") {
        const base = stack.length;
        for (let i = 0; i < op.depth; i++) enter(NAMES[1 + (i % op.cycle)], op.gap);
        while (stack.length > base) exit(op.gap);
      } else if (op.kind === "fan")
        for (let i = 0; i < op.width; i++) (enter(`leaf${i % op.names}`, op.gap), exit(op.gap + (i % 3)));
      else
        for (let i = 0; i < op.times; i++)
          (enter(NAMES[op.fn], op.gap), enter(NAMES[op.child], (i * 7) % 5), exit((i * 13) % 11), exit(i % 4));
    }
    while (stack.length > 0) exit(1);
    batch.flush();
  });
  return { cct: b.finish(), calls };
}

/** The tree's shape, and every context's calls and width those generated on its chain. */
function checkTree(g: FlameGraph, paths: Paths, contexts: number, expected: (path: number) => Calls): void {
  checkShape(g);
  assert.equal(g.parent.length - 1, contexts, "one context per generated call chain");
  paths
    .of(g)
    .forEach(
      (p, c) =>
        c > 0 &&
        assert.deepEqual(
          [g.n[c], g.inclusiveNs[c]],
          [expected(p).n, expected(p).inclusiveNs],
          "calls and width of the chain",
        ),
    );
}

describe("flame graphs of random trees", () => {
  const options = fc.record({ covariance: fc.boolean(), maxCovarianceChildren: fc.constantFrom(1, 2, 64) });

  it("are well formed, agree with the generated calls, and join with themselves and each other", () => {
    fc.assert(
      fc.property(threadsArb, threadsArb, options, (ta, tb, o: CctOptions) => {
        const paths = new Paths();
        const A = randomCct(ta, o, paths);
        const B = randomCct(tb, o, paths);
        const ga = graphOf([A.cct]);
        checkTree(ga, paths, A.calls.size, (p) => A.calls.get(p) ?? { n: 0, inclusiveNs: 0 });
        const both = (p: number) => {
          const [u, v] = [A.calls.get(p), B.calls.get(p)];
          return { n: (u?.n ?? 0) + (v?.n ?? 0), inclusiveNs: ((u?.inclusiveNs ?? 0) + (v?.inclusiveNs ?? 0)) / 2 };
        };
        checkTree(graphOf([A.cct, B.cct]), paths, new Set([...A.calls.keys(), ...B.calls.keys()]).size, both);
        const self = flameDiff(side("A", [A.cct]), side("A", [A.cct]));
        assert.equal(self.parent.length, ga.parent.length);
        assert.ok(
          self.present.every((p) => p === 3) &&
            self.deltaNs.every((x) => x === 0) &&
            self.welchT.every((t) => t === null || t === 0),
        );
        const ab = flameDiff(side("A", [A.cct]), side("B", [B.cct]));
        const ba = flameDiff(side("B", [B.cct]), side("A", [A.cct]));
        assert.equal(ab.parent.length, ba.parent.length);
        const presentBA = new Map(paths.of(ba).map((p, u) => [p, ba.present[u]]));
        const swap = (bits: number) => ((bits & IN_A) << 1) | ((bits & IN_B) >> 1);
        paths.of(ab).forEach((p, u) => {
          assert.equal(presentBA.get(p), swap(ab.present[u]), "swapped presence bits");
          if (u === 0) return;
          const [ca, cb] = [A.calls.get(p), B.calls.get(p)];
          assert.equal(ab.present[u], (ca ? IN_A : 0) | (cb ? IN_B : 0));
          assert.deepEqual(
            [ab.a.n[u], ab.a.inclusiveNs[u], ab.b.n[u], ab.b.inclusiveNs[u]],
            [ca?.n ?? 0, ca?.inclusiveNs ?? 0, cb?.n ?? 0, cb?.inclusiveNs ?? 0],
          );
          assert.ok(
            Number.isFinite(ab.deltaNs[u]) &&
              [ab.relative[u], ab.welchT[u]].every((x) => x === null || Number.isFinite(x)),
          );
        });
      }),
      { seed: 15, numRuns: 60 },
    );
  });
});
