// What examples/bsort.c does, worked out in the test instead of measured: the
// swaps it makes on n ints drawn from a seed by its own generator (a 64-bit
// LCG, top 31 bits), which tests compare with what the profilers counted.
export function swapsOf(n: number, seed: number): number {
  let s = BigInt(seed);
  const arr = Array.from({ length: n }, () => {
    s = (s * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
    return Number(s >> 33n) | 0;
  });
  let swaps = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (arr[j] < arr[i]) {
        [arr[i], arr[j]] = [arr[j], arr[i]];
        swaps++;
      }
    }
  }
  return swaps;
}
