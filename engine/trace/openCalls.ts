// The open calls a text-based reader tracks for itself, so that an end event
// without a name can close the innermost call (Chrome `E`, varbench-events `E`).

/** Forgets the innermost open call of `fn` and any opened inside it (pops,
 * not `length =`, which is slow in V8 and this runs per event). */
export function closeOpen(open: number[], fn: number): void {
  const i = open.lastIndexOf(fn);
  if (i < 0) return;
  while (open.length > i) open.pop();
}
