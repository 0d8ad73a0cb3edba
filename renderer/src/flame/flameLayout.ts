// The geometry of a flame graph, kept apart from drawing so it can be tested
// without a browser: the tree indexed once (children in name order, or
// heaviest first for the left-heavy view of issue 31; depths), then laid out
// per zoom as an icicle. A frame's width is its share of the zoomed frame's
// width; children sit left-aligned inside their parent in name order (the
// flame graph's convention, so two graphs of the same program line up), and
// the gap to their right is the parent's own time. Frames narrower than a
// pixel are not laid out, nor anything under them, so an interaction costs
// what is visible, not what the tree holds.

/** The tree as the analyses give it: node 0 the root, a parent before its children. */
export interface FlameTreeInput {
  readonly parent: readonly number[];
  readonly fn: readonly number[];
  readonly functions: readonly string[];
}

export interface FlameIndex {
  readonly size: number;
  readonly parent: Int32Array;
  readonly depth: Int32Array;
  /** Children of node i are children[childStart[i] .. childStart[i + 1]), in name order. */
  readonly childStart: Int32Array;
  readonly children: Int32Array;
  /** A frame's name (the root's is given). */
  name(node: number): string;
}

/** Children by weight, heaviest first (speedscope's left-heavy view): equal ones by name. */
export function indexTree(tree: FlameTreeInput, rootName: string, heavy?: ArrayLike<number>): FlameIndex {
  const size = tree.parent.length;
  const parent = Int32Array.from(tree.parent);
  const depth = new Int32Array(size);
  const count = new Int32Array(size + 1);
  for (let i = 1; i < size; i++) {
    depth[i] = depth[parent[i]] + 1;
    count[parent[i] + 1]++;
  }
  const childStart = new Int32Array(size + 1);
  for (let i = 0; i < size; i++) childStart[i + 1] = childStart[i] + count[i + 1];
  const fill = childStart.slice(0, size);
  const children = new Int32Array(Math.max(0, size - 1));
  for (let i = 1; i < size; i++) children[fill[parent[i]]++] = i;
  const name = (i: number) => (i === 0 ? rootName : (tree.functions[tree.fn[i]] ?? `function ${tree.fn[i]}`));
  const collator = new Intl.Collator("en");
  for (let i = 0; i < size; i++) {
    const from = childStart[i];
    const to = childStart[i + 1];
    if (to - from > 1)
      children.set(
        Array.from(children.subarray(from, to)).sort(
          (a, b) => (heavy ? heavy[b] - heavy[a] : 0) || collator.compare(name(a), name(b)) || a - b,
        ),
        from,
      );
  }
  return { size, parent, depth, childStart, children, name };
}

/** Frames laid out for one zoom: x and w as fractions of the chart's width, rows counted from `top`. */
export interface FlameLayout {
  readonly zoom: number;
  /** The depth drawn in row 0: a few ancestors of the zoomed frame stay visible above it. */
  readonly top: number;
  readonly rows: number;
  readonly count: number;
  readonly node: Int32Array;
  readonly x: Float64Array;
  readonly w: Float64Array;
  readonly row: Int32Array;
  /** Frames of each row, left to right: rowStart[r] .. rowStart[r + 1] index into `order`. */
  readonly rowStart: Int32Array;
  readonly order: Int32Array;
  /** Levels below the last row drawn that hold frames: zoom in to see them. */
  readonly deeper: boolean;
}

export interface LayoutOptions {
  /** Frames narrower than this fraction of the chart are left out with everything under them. */
  readonly minWidth: number;
  /** Rows drawn at most. */
  readonly maxRows: number;
  /** Ancestors of the zoomed frame kept above it. */
  readonly ancestors: number;
}

export function layoutFlame(index: FlameIndex, width: ArrayLike<number>, zoom: number, o: LayoutOptions): FlameLayout {
  const top = Math.max(0, index.depth[zoom] - o.ancestors);
  const lastRow = top + o.maxRows - 1;
  const node: number[] = [];
  const x: number[] = [];
  const w: number[] = [];
  let deeper = false;
  // The zoomed frame's ancestors from `top` down, full width.
  const above: number[] = [];
  for (let a = index.parent[zoom]; a >= 0 && index.depth[a] >= top; a = index.parent[a]) above.push(a);
  for (let i = above.length - 1; i >= 0; i--) (node.push(above[i]), x.push(0), w.push(1));
  const scale = width[zoom] > 0 ? 1 / width[zoom] : 0;
  // Depth-first with an explicit stack (a recursion can be as deep as the trace), so each row comes out left to right.
  const stack: number[] = [zoom];
  const stackX: number[] = [0];
  while (stack.length > 0) {
    const n = stack.pop()!;
    const nx = stackX.pop()!;
    const nw = n === zoom ? 1 : width[n] * scale;
    (node.push(n), x.push(nx), w.push(nw));
    const from = index.childStart[n];
    const to = index.childStart[n + 1];
    if (from === to) continue;
    if (index.depth[n] >= lastRow) {
      deeper = true;
      continue;
    }
    // Children pushed right to left so the leftmost is laid out first.
    let cx = nx;
    const xs: number[] = [];
    for (let i = from; i < to; i++) (xs.push(cx), (cx += width[index.children[i]] * scale));
    for (let i = to - 1; i >= from; i--) {
      const c = index.children[i];
      if (width[c] * scale < o.minWidth) continue;
      (stack.push(c), stackX.push(xs[i - from]));
    }
  }
  const count = node.length;
  const row = Int32Array.from(node, (n) => index.depth[n] - top);
  let rows = 0;
  for (let i = 0; i < count; i++) rows = Math.max(rows, row[i] + 1);
  // Rows in order, each left to right: a counting sort keeps the depth-first order within a row.
  const rowStart = new Int32Array(rows + 1);
  for (let i = 0; i < count; i++) rowStart[row[i] + 1]++;
  for (let r = 0; r < rows; r++) rowStart[r + 1] += rowStart[r];
  const next = rowStart.slice(0, rows);
  const order = new Int32Array(count);
  for (let i = 0; i < count; i++) order[next[row[i]]++] = i;
  return {
    zoom,
    top,
    rows,
    count,
    node: Int32Array.from(node),
    x: Float64Array.from(x),
    w: Float64Array.from(w),
    row,
    rowStart,
    order,
    deeper,
  };
}

/** The laid-out frame under (fx, row), fx a fraction of the width; −1 where there is none. */
export function frameAt(l: FlameLayout, fx: number, row: number): number {
  if (row < 0 || row >= l.rows) return -1;
  let lo = l.rowStart[row];
  let hi = l.rowStart[row + 1] - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const i = l.order[mid];
    if (fx < l.x[i]) hi = mid - 1;
    else if (fx >= l.x[i] + l.w[i]) lo = mid + 1;
    else return i;
  }
  return -1;
}

/** The laid-out index of `node`, or −1 where it is not drawn. */
export function frameOf(l: FlameLayout, node: number): number {
  for (let i = 0; i < l.count; i++) if (l.node[i] === node) return i;
  return -1;
}

/** The frames from the root down to `node`. */
export function pathTo(index: FlameIndex, node: number): number[] {
  const out: number[] = [];
  for (let n = node; n >= 0; n = index.parent[n]) out.push(n);
  return out.reverse();
}
