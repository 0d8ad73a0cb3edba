// Two calling-context trees (two runs, or two designs' runs pooled) joined
// context by context into one tree for a differential flame graph (issue 15):
// each node holds both sides' statistics, which side it was seen on, and the
// change of its mean invocation time with Welch's t, so the view can draw
// either side's shape and colour every frame by the change.
import type { ContextColumns } from "../cct/contextTable.js";
import { MIN_RELATIVE_CHANGE, welchT } from "../cct/compare.js";
import { flameStats, type FlameStats } from "./flameGraph.js";

/** Bits of `present`: the context was seen on side A, on side B. */
export const IN_A = 1;
export const IN_B = 2;

export interface DiffSide {
  readonly label: string;
  /** Runs pooled; its widths are per run. */
  readonly runs: number;
}

export interface FlameDiff {
  readonly a: DiffSide & FlameStats;
  readonly b: DiffSide & FlameStats;
  readonly functions: readonly string[];
  /** Node 0 is the root; a parent precedes its children. */
  readonly parent: readonly number[];
  readonly fn: readonly number[];
  /** IN_A | IN_B. */
  readonly present: readonly number[];
  /** Mean invocation time of B minus A's; 0 where a side is missing. */
  readonly deltaNs: readonly number[];
  /** B's mean over A's, minus 1; null where a side is missing or A's mean is 0. */
  readonly relative: readonly (number | null)[];
  /** Welch's t of the two means; null with fewer than two invocations on a side. */
  readonly welchT: readonly (number | null)[];
  /** A relative change under this counts as unchanged (as in the comparison's tables). */
  readonly minRelativeChange: number;
}

export interface DiffInput {
  readonly label: string;
  readonly runs: number;
  readonly columns: ContextColumns;
  readonly functions: readonly string[];
}

export function flameDiff(a: DiffInput, b: DiffInput): FlameDiff {
  const join = new JoinedTree();
  const mapA = join.add(a.columns, a.functions, IN_A);
  const mapB = join.add(b.columns, b.functions, IN_B);
  const size = join.parent.length;
  const parent = Int32Array.from(join.parent);
  const sa = spread(a.columns, mapA, parent);
  const sb = spread(b.columns, mapB, parent);
  const deltaNs = new Array<number>(size).fill(0);
  const relative = new Array<number | null>(size).fill(null);
  const t = new Array<number | null>(size).fill(null);
  for (let u = 1; u < size; u++) {
    const ia = mapA.inverse[u];
    const ib = mapB.inverse[u];
    if (ia < 0 || ib < 0) continue;
    const ma = { n: a.columns.n[ia], mean: a.columns.meanNs[ia], m2: a.columns.m2[ia] };
    const mb = { n: b.columns.n[ib], mean: b.columns.meanNs[ib], m2: b.columns.m2[ib] };
    if (ma.n === 0 || mb.n === 0) continue;
    deltaNs[u] = mb.mean - ma.mean;
    relative[u] = ma.mean > 0 ? mb.mean / ma.mean - 1 : null;
    t[u] = welchT(ma, mb);
  }
  return {
    a: { label: a.label, runs: a.runs, ...flameStats(sa, a.runs) },
    b: { label: b.label, runs: b.runs, ...flameStats(sb, b.runs) },
    functions: join.functions,
    parent: join.parent,
    fn: join.fn,
    present: join.present,
    deltaNs,
    relative,
    welchT: t,
    minRelativeChange: MIN_RELATIVE_CHANGE,
  };
}

interface SideMap {
  /** Joined node of each of the side's contexts. */
  readonly forward: Int32Array;
  /** The side's context of each joined node, −1 where the side has none (filled once the join is complete). */
  inverse: Int32Array;
}

/** Contexts of both trees keyed by (joined parent, function name), so equal call chains meet. */
class JoinedTree {
  readonly parent: number[] = [-1];
  readonly fn: number[] = [-1];
  readonly present: number[] = [IN_A | IN_B];
  readonly functions: string[] = [];
  private readonly fnIds = new Map<string, number>();
  private readonly index = new Map<string, number>();
  private readonly maps: SideMap[] = [];

  add(cols: ContextColumns, functions: readonly string[], side: number): SideMap {
    const rename = Int32Array.from(functions, (name) => {
      let id = this.fnIds.get(name);
      if (id === undefined) this.fnIds.set(name, (id = this.functions.push(name) - 1));
      return id;
    });
    const forward = new Int32Array(cols.size);
    for (let c = 1; c < cols.size; c++) {
      const p = forward[cols.parent[c]];
      const f = rename[cols.fn[c]];
      const key = `${p}:${f}`;
      let u = this.index.get(key);
      if (u === undefined) {
        u = this.parent.push(p) - 1;
        this.fn.push(f);
        this.present.push(0);
        this.index.set(key, u);
      }
      this.present[u] |= side;
      forward[c] = u;
    }
    const map: SideMap = { forward, inverse: new Int32Array(0) };
    this.maps.push(map);
    // Every side's inverse spans the joined tree as it stands after the last side was added.
    for (const m of this.maps) {
      m.inverse = new Int32Array(this.parent.length).fill(-1);
      for (let c = 0; c < m.forward.length; c++) m.inverse[m.forward[c]] = c;
    }
    return map;
  }
}

/** A side's columns laid over the joined tree: zeros where it has no context. */
function spread(cols: ContextColumns, map: SideMap, parent: Int32Array): ContextColumns {
  const size = parent.length;
  const column = (src: Float64Array, absent: number) => {
    const out = new Float64Array(size).fill(absent);
    for (let u = 0; u < size; u++) if (map.inverse[u] >= 0) out[u] = src[map.inverse[u]];
    return out;
  };
  return {
    ...cols,
    size,
    parent,
    n: column(cols.n, 0),
    meanNs: column(cols.meanNs, 0),
    m2: column(cols.m2, 0),
    minNs: column(cols.minNs, 0),
    maxNs: column(cols.maxNs, 0),
    inclusiveNs: column(cols.inclusiveNs, 0),
    selfNs: column(cols.selfNs, 0),
  };
}
