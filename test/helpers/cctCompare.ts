// Comparing CCTs built by different readers: the same contexts (by call chain)
// with the same counts and times.
import assert from "node:assert/strict";
import type { Cct } from "../../engine/cct/cct.js";
import { mergeThreads } from "../../engine/cct/merge.js";
import { contextRows, type ContextRow } from "../../engine/cct/query.js";

export function rowsByPath(cct: Cct): Map<string, ContextRow> {
  return new Map(contextRows(mergeThreads(cct), cct.functions).map((r) => [r.path.join(">"), r]));
}

/** Rows with the contexts of function `name` removed and their time given to
 * their caller's self time, as if those calls had not been recorded. */
export function foldInto(rows: Map<string, ContextRow>, name: string): Map<string, ContextRow> {
  const out = new Map(rows);
  for (const [path, r] of rows) {
    if (r.path[r.path.length - 1] !== name) continue;
    out.delete(path);
    const parent = r.path.slice(0, -1).join(">");
    const p = out.get(parent);
    if (p) out.set(parent, { ...p, selfNs: p.selfNs + r.inclusiveNs });
  }
  return out;
}

export function assertSameRows(ra: Map<string, ContextRow>, rb: Map<string, ContextRow>, relTol = 1e-9): void {
  assert.deepEqual([...ra.keys()].sort(), [...rb.keys()].sort(), "same contexts");
  for (const [path, x] of ra) {
    const y = rb.get(path)!;
    assert.equal(x.n, y.n, `${path}: N`);
    for (const k of ["meanNs", "stdNs", "minNs", "maxNs", "inclusiveNs", "selfNs"] as const) {
      assert.ok(Math.abs(x[k] - y[k]) <= relTol * Math.max(1, Math.abs(x[k])), `${path}: ${k} ${x[k]} vs ${y[k]}`);
    }
  }
}

export function assertSameCct(a: Cct, b: Cct, relTol = 1e-9): void {
  assertSameRows(rowsByPath(a), rowsByPath(b), relTol);
}

/** The same child covariance matrices, context by context (by call chain), or none kept on either side.
 * Entries agree to 1e-7 of the matrix's largest: a covariance near 0 beside variances of millions
 * of ns² (a child that runs the same time every call) is rounding on both sides, and two ways of
 * computing it (a tool cost taken out, or the clock shifted) leave different rounding there. */
export function assertSameCovariance(a: Cct, b: Cct): void {
  const byPath = (cct: Cct) => {
    const cols = mergeThreads(cct);
    return new Map(contextRows(cols, cct.functions).map((r) => [r.path.join(">"), cols.covariance[r.id]]));
  };
  const [x, y] = [byPath(a), byPath(b)];
  for (const [path, cx] of x) {
    const cy = y.get(path)!;
    assert.equal(cx === null, cy === null, `${path}: covariance kept on one side only`);
    if (!cx || !cy) continue;
    let scale = 1;
    for (const v of cx.matrix) scale = Math.max(scale, Math.abs(v));
    cx.matrix.forEach((v, i) =>
      assert.ok(Math.abs(v - cy.matrix[i]) <= 1e-7 * scale, `${path}: C[${i}] ${v} vs ${cy.matrix[i]}`),
    );
  }
}
