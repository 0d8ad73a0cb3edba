// Dimension reduction of the per-thread feature vectors (paper 004 §4.1.2:
// "each BBV is randomly projected onto a 15-dimension vector", after SimPoint
// [8]). Our features are named (a function's name, or a sampler quantity), so
// each name gets its own fixed random direction, drawn from a hash of the name
// and the analysis seed: the same function has the same direction in every run,
// thread and design without a shared dictionary, and since the projection is
// linear it is applied as time is attributed, before any interval is summed.
import { seededRandom } from "../stats/random.js";

/** Dimensions of a projected vector (004 §4.1.2). */
export const PROJECTED_DIMENSIONS = 15;

/** A name's direction: entries drawn from N(0, 1/dims), so its expected squared length is 1 and
 * a thread busy all the time in one function has a vector of length about 1. */
export function projectionOf(name: string, dims: number, seed: number): Float64Array {
  const random = seededRandom(fnv1a(name) ^ Math.imul(seed, 0x9e3779b1));
  const out = new Float64Array(dims);
  const scale = 1 / Math.sqrt(dims);
  for (let j = 0; j < dims; j += 2) {
    // Box–Muller: two independent standard normals per pair of uniforms.
    const u = 1 - random();
    const v = random();
    const r = Math.sqrt(-2 * Math.log(u));
    out[j] = r * Math.cos(2 * Math.PI * v) * scale;
    if (j + 1 < dims) out[j + 1] = r * Math.sin(2 * Math.PI * v) * scale;
  }
  return out;
}

/** A unit vector along axis `axis`: features few enough to keep as they are (the sampler's). */
export function axisOf(axis: number, dims: number): Float64Array {
  const out = new Float64Array(dims);
  out[axis] = 1;
  return out;
}

/** FNV-1a over UTF-16 code units: a stable 32-bit hash of a name. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
