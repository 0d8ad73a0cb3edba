// Child covariance blocks (paper 000 §2, Eq. 1–2): per invocation of a
// context, its self time (dimension 0) and the cumulative time of each child
// (dimension s: the child created s-th), folded in by vector Welford.
import { C_CAP, C_DIMS, C_HEADER, C_N } from "./layout";

/** Dimensions a block starts with, self time and one child; it doubles when full. A deep chain has
 * a block per context, each with one child: four dimensions to start with (240 bytes where 80 do)
 * held 160 MB more for a million nested calls. */
const FIRST_DIMS = 2;

/** A block for a context that just got its first child. Until then its only
 * dimension was self time, which equals its whole time, so it starts from the
 * context's own n, mean and M2. */
export function startCovariance(n: f64, mean: f64, m2: f64): usize {
  const acc = newBlock(FIRST_DIMS);
  store<f64>(acc, n, C_N);
  store<i32>(acc, 1, C_DIMS);
  store<f64>(meanOf(acc), mean);
  store<f64>(comomentOf(acc), m2);
  return acc;
}

/** Adds a dimension (a new child); returns the block, moved if it had to grow.
 * Earlier invocations had no time in it, so its mean and co-moments start at
 * zero and the statistics stay exact. */
export function addDimension(acc: usize): usize {
  const dims = load<i32>(acc, C_DIMS);
  if (dims == load<i32>(acc, C_CAP)) acc = resize(acc, dims << 1);
  store<i32>(acc, dims + 1, C_DIMS);
  return acc;
}

/** Folds in one invocation: `self`, then each child's time in sibling order
 * from `pending` (taken and reset). */
export function commitCovariance(acc: usize, self: f64, firstChild: i32, nextP: usize, pendingP: usize): void {
  const k = load<i32>(acc, C_DIMS);
  const kc = <usize>load<i32>(acc, C_CAP);
  const mean = meanOf(acc);
  const y = mean + (kc << 3);
  const delta = y + (kc << 3);
  const co = comomentOf(acc);
  store<f64>(y, self);
  let s: usize = 1;
  for (let ch = firstChild; ch != -1; ch = load<i32>(nextP + ((<usize>ch) << 2))) {
    const pp = pendingP + ((<usize>ch) << 3);
    store<f64>(y + (s << 3), load<f64>(pp));
    store<f64>(pp, 0);
    s++;
  }
  const n1 = load<f64>(acc, C_N) + 1;
  store<f64>(acc, n1, C_N);
  const inv = 1 / n1;
  for (let i = 0; i < k; i++) {
    const at = (<usize>i) << 3;
    const d = load<f64>(y + at) - load<f64>(mean + at);
    store<f64>(delta + at, d);
    store<f64>(mean + at, load<f64>(mean + at) + d * inv);
  }
  const f = (n1 - 1) * inv;
  for (let i = 0; i < k; i++) {
    const di = load<f64>(delta + ((<usize>i) << 3)) * f;
    if (di == 0) continue; // the whole row's increment is zero
    const row = co + ((<usize>i * kc) << 3);
    for (let j = i; j < k; j++) {
      const at = row + ((<usize>j) << 3);
      store<f64>(at, load<f64>(at) + di * load<f64>(delta + ((<usize>j) << 3)));
    }
  }
}

export function meanOf(acc: usize): usize {
  return acc + C_HEADER;
}

export function comomentOf(acc: usize): usize {
  return acc + C_HEADER + ((<usize>(3 * load<i32>(acc, C_CAP))) << 3);
}

function newBlock(kc: i32): usize {
  const bytes = <usize>(C_HEADER + ((3 * kc + kc * kc) << 3));
  const acc = heap.alloc(bytes);
  memory.fill(acc, 0, bytes);
  store<i32>(acc, kc, C_CAP);
  return acc;
}

function resize(old: usize, kc: i32): usize {
  const oc = load<i32>(old, C_CAP);
  const dims = load<i32>(old, C_DIMS);
  const acc = newBlock(kc);
  store<f64>(acc, load<f64>(old, C_N), C_N);
  store<i32>(acc, dims, C_DIMS);
  memory.copy(meanOf(acc), meanOf(old), (<usize>dims) << 3);
  const from = comomentOf(old);
  const to = comomentOf(acc);
  for (let i = 0; i < dims; i++)
    memory.copy(to + ((<usize>(i * kc)) << 3), from + ((<usize>(i * oc)) << 3), (<usize>dims) << 3);
  return acc;
}
