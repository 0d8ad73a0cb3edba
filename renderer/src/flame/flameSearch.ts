// Search in a flame graph: the frames whose function matches, and the share
// of the zoomed frame's time they account for. A match under another match is
// counted once, through its outermost matching ancestor, so a recursive
// function's share never exceeds 100%.
import type { FlameIndex, FlameTreeInput } from "./flameLayout.js";

export interface FlameSearch {
  /** 1 where the frame's function matches. */
  readonly matches: Uint8Array;
  /** Matching frames in the zoomed frame's subtree. */
  readonly count: number;
  /** Their time (outermost matches only) over the zoomed frame's. */
  readonly share: number;
}

/** A query as a matcher: "/re/" is a regular expression, anything else a case-insensitive substring. */
export function matcher(query: string): ((name: string) => boolean) | string {
  const re = /^\/(.+)\/([a-z]*)$/.exec(query.trim());
  if (!re) {
    const q = query.trim().toLowerCase();
    return (name) => name.toLowerCase().includes(q);
  }
  try {
    const r = new RegExp(re[1], re[2].replace(/[gy]/g, ""));
    return (name) => r.test(name);
  } catch (e) {
    return `not a regular expression: ${(e as Error).message}`;
  }
}

export function searchFlame(
  tree: FlameTreeInput,
  index: FlameIndex,
  width: ArrayLike<number>,
  zoom: number,
  match: (name: string) => boolean,
): FlameSearch {
  const byFn = Uint8Array.from(tree.functions, (f) => (match(f) ? 1 : 0));
  const matches = new Uint8Array(index.size);
  for (let i = 1; i < index.size; i++) matches[i] = byFn[tree.fn[i]];
  let count = 0;
  let time = 0;
  const stack = [zoom];
  const under = [0];
  while (stack.length > 0) {
    const n = stack.pop()!;
    const inMatch = under.pop()!;
    if (matches[n]) {
      count++;
      if (!inMatch) time += width[n];
    }
    for (let i = index.childStart[n]; i < index.childStart[n + 1]; i++)
      (stack.push(index.children[i]), under.push(inMatch | matches[n]));
  }
  return { matches, count, share: width[zoom] > 0 ? time / width[zoom] : 0 };
}
