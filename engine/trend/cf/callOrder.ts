// The order of §3.4.4: "one function at a time in reverse topological order of
// the call graph (that is, leaf functions first and other functions only after
// all of their callees)". Tarjan's algorithm emits strongly connected
// components callees first; the functions of one component (a recursion) come
// out together, in no order that could satisfy both. Iterative, so a call
// graph of any depth is walked without the JavaScript stack.

/** Node indices, callees before callers; `edges[v]` lists v's callees. */
export function calleesFirst(edges: readonly (readonly number[])[]): number[] {
  const n = edges.length;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  const order: number[] = [];
  let next = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] >= 0) continue;
    // Frames of the walk: a node and how many of its edges it has followed.
    const walk: [number, number][] = [[root, 0]];
    index[root] = low[root] = next++;
    stack.push(root);
    onStack[root] = 1;
    while (walk.length > 0) {
      const top = walk[walk.length - 1];
      const [v, i] = top;
      if (i < edges[v].length) {
        top[1]++;
        const w = edges[v][i];
        if (index[w] < 0) {
          index[w] = low[w] = next++;
          stack.push(w);
          onStack[w] = 1;
          walk.push([w, 0]);
        } else if (onStack[w]) low[v] = Math.min(low[v], index[w]);
        continue;
      }
      walk.pop();
      if (walk.length > 0) {
        const u = walk[walk.length - 1][0];
        low[u] = Math.min(low[u], low[v]);
      }
      if (low[v] === index[v]) {
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = 0;
          order.push(w);
        } while (w !== v);
      }
    }
  }
  return order;
}
