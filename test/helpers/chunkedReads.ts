// A fuzz case's read done twice, whole and in small chunks: where chunks end
// must change nothing, so both give the same tree and warnings, or the same
// refusal with the same byte offset.
import assert from "node:assert/strict";
import type { Cct } from "../../engine/cct/cct.js";
import { assertSameCct } from "./cctCompare.js";

/** The tree read whole, after checking the chunked read agrees; a refusal is rethrown. */
export async function readWholeAndChunked(
  read: (chunkBytes: number) => Promise<Cct>,
  chunkBytes: number,
): Promise<Cct> {
  const whole = await outcome(() => read(1 << 20));
  const chunked = await outcome(() => read(chunkBytes));
  assert.equal(shown(chunked), shown(whole), `in ${chunkBytes}-byte chunks`);
  if ("error" in whole) throw whole.error;
  if ("error" in chunked) throw chunked.error;
  assertSameCct(chunked.cct, whole.cct, 0);
  assert.deepEqual(chunked.cct.warnings, whole.cct.warnings, `warnings in ${chunkBytes}-byte chunks`);
  return whole.cct;
}

const shown = (o: { cct: Cct } | { error: unknown }) =>
  "error" in o ? `refused: ${o.error instanceof Error ? o.error.message : String(o.error)}` : "read";

async function outcome(read: () => Promise<Cct>): Promise<{ cct: Cct } | { error: unknown }> {
  try {
    return { cct: await read() };
  } catch (error) {
    return { error };
  }
}
