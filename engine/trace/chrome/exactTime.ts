// Times past 2^53 ns, read exactly. Some tools write ts as microseconds since
// 1970 (PyTorch's profiler: "ts": 1692906291482117.250), 1.7e18 ns, where
// neighbouring doubles lie 256 ns apart: read straight to nanoseconds, every
// call's start and end would be rounded by up to 128 ns. Read as whole
// microseconds and nanoseconds apart, each is exact, and a time's distance
// from the trace's first is too (readChromeTrace.ts), for traces up to 104
// days long.
import type { ChromeEvent } from "./chromeEvent.js";

const MINUS = 0x2d;
const DOT = 0x2e;
const ZERO = 0x30;

/** Times of this magnitude or more are read apart as well (the nanoseconds of a double no longer all exist). */
export const EXACT_NS_LIMIT = Number.MAX_SAFE_INTEGER;

/**
 * Sets e's exact time from the ts text c[from, to) — `-?digits(.digits)?`, below 2^53 whole microseconds —
 * as whole microseconds (tsWholeUs) and nanoseconds (tsFractionNs, rounded at the fourth fraction digit,
 * as the double read is rounded to whole nanoseconds). Any other form (an exponent) leaves it unset.
 */
export function setExactTime(e: ChromeEvent, c: Uint8Array, from: number, to: number): void {
  const negative = c[from] === MINUS;
  let i = negative ? from + 1 : from;
  let whole = 0;
  const first = i;
  for (; i < to && c[i] >= ZERO && c[i] <= ZERO + 9 && whole <= Number.MAX_SAFE_INTEGER; i++) whole = whole * 10 + (c[i] - ZERO);
  if (i === first || whole > Number.MAX_SAFE_INTEGER) return; // past 2^53 µs even the microseconds are not exact
  let fraction = 0;
  if (i < to && c[i] === DOT) {
    let k = 0;
    for (i++; i < to && c[i] >= ZERO && c[i] <= ZERO + 9; i++, k++) {
      if (k < 3) fraction = fraction * 10 + (c[i] - ZERO);
      else if (k === 3 && c[i] >= ZERO + 5) fraction++;
    }
    if (k < 3) fraction *= 10 ** (3 - k);
  }
  if (i !== to) return; // an exponent: the double's nanoseconds are what there is
  e.tsWholeUs = negative ? -whole : whole;
  e.tsFractionNs = negative ? -fraction : fraction;
}
