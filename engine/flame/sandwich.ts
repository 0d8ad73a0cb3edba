// The sandwich view of a flame graph (issue 31, as speedscope draws it): per
// function, all its contexts merged, its self time, its total time and its
// calls; and for one function the tree of its callers (inverted: the function
// at the root, who called it below, each path weighted by the time spent in
// the function through it) and the tree of its callees (everything it called,
// merged over all its contexts). Recursion is counted once per stack: a
// function's total is the inclusive time of its outermost occurrences only
// (a frame with no ancestor of the same function), as speedscope's
// getProfileForCalleesOf and getInvertedProfileForCallersOf do, so a
// recursive function never holds more than the time it was on the stack.

/** The tree a flame analysis gives: node 0 the root (fn −1), a parent before its children. */
export interface SandwichInput {
  readonly parent: readonly number[];
  readonly fn: readonly number[];
  readonly functions: readonly string[];
  readonly inclusiveNs: readonly number[];
  readonly selfNs: readonly number[];
  readonly n: readonly number[];
}

export interface FunctionRow {
  readonly fn: number;
  readonly name: string;
  /** Σ self time over all its contexts. */
  readonly selfNs: number;
  /** Σ inclusive time over its outermost contexts: the time it was on the stack. */
  readonly totalNs: number;
  /** Invocations over all its contexts (recursive ones included). */
  readonly calls: number;
}

/** A merged tree in the flame graph's shape: node 0 is the chosen function. */
export interface SandwichTree {
  readonly parent: number[];
  readonly fn: number[];
  readonly functions: readonly string[];
  readonly inclusiveNs: number[];
  readonly selfNs: number[];
}

export interface Sandwich {
  readonly fn: number;
  readonly name: string;
  readonly totalNs: number;
  /** Inverted: node 0 the function, its children its callers, theirs their callers, up to the top of the stack. */
  readonly callers: SandwichTree;
  /** Node 0 the function, below it what it called, all its outermost contexts merged. */
  readonly callees: SandwichTree;
}

/** Per node: true where no ancestor calls the same function (the frames whose time a function's total counts). */
export function outermost(t: Pick<SandwichInput, "parent" | "fn" | "functions">): Uint8Array {
  const k = t.parent.length;
  const out = new Uint8Array(k);
  // Children lists, then a depth-first walk keeping how often each function is on the stack.
  const start = new Int32Array(k + 1);
  for (let i = 1; i < k; i++) start[t.parent[i] + 1]++;
  for (let i = 0; i < k; i++) start[i + 1] += start[i];
  const fill = start.slice(0, k);
  const kids = new Int32Array(Math.max(0, k - 1));
  for (let i = 1; i < k; i++) kids[fill[t.parent[i]]++] = i;
  const onStack = new Int32Array(t.functions.length);
  // Entries ≥ 0 enter a node; −(node + 1) leaves it.
  const stack: number[] = k > 0 ? [0] : [];
  while (stack.length > 0) {
    const e = stack.pop()!;
    if (e < 0) {
      const f = t.fn[-e - 1];
      if (f >= 0) onStack[f]--;
      continue;
    }
    const f = t.fn[e];
    if (f >= 0) {
      if (onStack[f] === 0) out[e] = 1;
      onStack[f]++;
    }
    stack.push(-e - 1);
    for (let i = start[e + 1] - 1; i >= start[e]; i--) stack.push(kids[i]);
  }
  return out;
}

/** Every function that appears in the tree, with its self and total time and its calls. */
export function functionTable(t: SandwichInput): FunctionRow[] {
  const m = t.functions.length;
  const self = new Float64Array(m);
  const total = new Float64Array(m);
  const calls = new Float64Array(m);
  const seen = new Uint8Array(m);
  const outer = outermost(t);
  for (let i = 1; i < t.parent.length; i++) {
    const f = t.fn[i];
    seen[f] = 1;
    self[f] += t.selfNs[i];
    calls[f] += t.n[i];
    if (outer[i]) total[f] += t.inclusiveNs[i];
  }
  const rows: FunctionRow[] = [];
  for (let f = 0; f < m; f++)
    if (seen[f]) rows.push({ fn: f, name: t.functions[f], selfNs: self[f], totalNs: total[f], calls: calls[f] });
  return rows;
}

/** A tree being merged by path: a child is found by (parent, function). */
class Merged {
  readonly parent: number[] = [-1];
  readonly fn: number[];
  readonly inclusiveNs: number[] = [0];
  readonly selfNs: number[] = [0];
  private readonly index = new Map<string, number>();
  constructor(
    rootFn: number,
    private readonly functions: readonly string[],
  ) {
    this.fn = [rootFn];
  }
  child(p: number, f: number): number {
    const key = `${p}:${f}`;
    let c = this.index.get(key);
    if (c === undefined) {
      c = this.parent.length;
      this.index.set(key, c);
      (this.parent.push(p), this.fn.push(f), this.inclusiveNs.push(0), this.selfNs.push(0));
    }
    return c;
  }
  tree(): SandwichTree {
    const { parent, fn, inclusiveNs, selfNs, functions } = this;
    return { parent, fn, functions, inclusiveNs, selfNs };
  }
}

/** The callers and callees of function `f` (an index into `t.functions`). */
export function sandwich(t: SandwichInput, f: number): Sandwich {
  const k = t.parent.length;
  const outer = outermost(t);
  const callees = new Merged(f, t.functions);
  const callers = new Merged(f, t.functions);
  // Per node of t: its node in the callees tree, −1 outside every outermost occurrence of f.
  const at = new Int32Array(k).fill(-1);
  let totalNs = 0;
  for (let i = 1; i < k; i++) {
    const p = at[t.parent[i]];
    if (p < 0 && !(t.fn[i] === f && outer[i])) continue;
    const u = p < 0 ? 0 : callees.child(p, t.fn[i]);
    at[i] = u;
    callees.inclusiveNs[u] += t.inclusiveNs[i];
    callees.selfNs[u] += t.selfNs[i];
    if (p >= 0) continue;
    // An outermost occurrence: its time goes up its chain of callers; the top of the stack keeps it as self.
    totalNs += t.inclusiveNs[i];
    let v = 0;
    callers.inclusiveNs[0] += t.inclusiveNs[i];
    for (let a = t.parent[i]; a > 0; a = t.parent[a]) {
      v = callers.child(v, t.fn[a]);
      callers.inclusiveNs[v] += t.inclusiveNs[i];
    }
    callers.selfNs[v] += t.inclusiveNs[i];
  }
  return { fn: f, name: t.functions[f], totalNs, callers: callers.tree(), callees: callees.tree() };
}
