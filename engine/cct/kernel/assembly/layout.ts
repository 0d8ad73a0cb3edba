// Memory layout shared by the kernel's files. Offsets are in bytes.

// Exported by ingest.ts, so the kernel build writes these into
// ../layout.generated.ts for the TypeScript side: written once, here.
export const ENTER: i32 = 0;
export const EXIT: i32 = 1;
/** Events per batch the host hands in (consumeBatch). */
export const BATCH_EVENTS: i32 = 8192;

// Per context, STATS f64 slots: N, mean, M2 (Welford), min, max, inclusive,
// self, and the number of its parent's invocations in which it was called
// exactly once (exported, so the host reads them by these slots).
export const STATS: i32 = 8;
export const S_N: i32 = 0;
export const S_MEAN: i32 = 8;
export const S_M2: i32 = 16;
export const S_MIN: i32 = 24;
export const S_MAX: i32 = 32;
export const S_INCL: i32 = 40;
export const S_SELF: i32 = 48;
export const S_ONCE: i32 = 56;

// A thread's struct: where its arrays are, its stack depth and counters.
export const T_TOP = 0;
export const T_SIZE = 4;
export const T_CAP = 8;
export const T_STACK_CAP = 12;
export const T_PARENT = 16;
export const T_FN = 20;
export const T_FIRST = 24;
export const T_NEXT = 28;
export const T_NCHILD = 32;
export const T_WATCH = 36;
export const T_STATS = 40;
export const T_PENDING = 44;
export const T_COV = 48;
export const T_OMIT = 52;
export const T_SCTX = 56;
export const T_SSTART = 60;
export const T_SCHILD = 64;
export const T_MISMATCH = 68;
export const T_MIN_DURATION = 72;
export const T_LAST = 80;
export const T_CALLS = 88;
export const T_TOUCHED = 92;
export const T_LAST_CHILD = 96;
export const T_HASH = 100;
export const T_HASH_CAP = 104;
export const T_BACKWARDS = 108;
export const T_SCLOSED = 112;
export const T_CLOSED = 120;
export const THREAD_BYTES = 128;

// A covariance block: n (f64), dims, cap, then mean, values and delta (cap
// f64 each) and the upper triangle of the co-moment matrix (cap × cap f64).
export const C_N = 0;
export const C_DIMS = 8;
export const C_CAP = 12;
export const C_HEADER = 16;
