// A selected slice's context: its call chain, walked up the track's context
// tree, and the same chain's statistics in the thread's calling-context tree,
// found by walking down it name by name (the CCT numbers its contexts its own
// way, so the chain, not the number, is what the two share).
import type { ThreadCct } from "../cct/cct.js";
import type { TrackCalls } from "./recorder.js";
import type { ContextStats, TimelineContext } from "./result.js";

export function contextPath(track: TrackCalls, functions: readonly string[], context: number): string[] {
  const path: string[] = [];
  for (let c = context; c >= 0; c = track.contextParent[c]) path.push(functions[track.contextFn[c]]);
  return path.reverse();
}

export function describeContext(
  track: TrackCalls,
  functions: readonly string[],
  context: number,
  cct: { readonly functions: readonly string[]; readonly thread: ThreadCct | null },
): TimelineContext {
  const path = contextPath(track, functions, context);
  const c = cct.thread ? findChain(cct.thread, cct.functions, path) : -1;
  return { thread: track.key, context, path, stats: c > 0 ? statsOf(cct.thread!, c) : null };
}

/** The CCT context whose chain from the root is `path`, or −1. Parents come before their children. */
function findChain(thread: ThreadCct, functions: readonly string[], path: readonly string[]): number {
  const cols = thread.contexts;
  let at = 0;
  for (const name of path) {
    let next = -1;
    for (let c = at + 1; c < cols.size; c++)
      if (cols.parent[c] === at && functions[cols.fn[c]] === name) {
        next = c;
        break;
      }
    if (next < 0) return -1;
    at = next;
  }
  return at;
}

/** One context's row as query.ts's contextRows gives it: σ is the population σ (paper 000 §2). */
function statsOf(thread: ThreadCct, c: number): ContextStats {
  const cols = thread.contexts;
  const n = cols.n[c];
  const meanNs = cols.meanNs[c];
  const stdNs = n > 0 ? Math.sqrt(cols.m2[c] / n) : 0;
  return {
    n,
    meanNs,
    stdNs,
    cov: meanNs > 0 ? stdNs / meanNs : 0,
    minNs: cols.minNs[c],
    maxNs: cols.maxNs[c],
    inclusiveNs: cols.inclusiveNs[c],
    selfNs: cols.selfNs[c],
  };
}
