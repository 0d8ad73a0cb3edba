// The TypeScript face of the ingestion kernel (assembly/ingest.ts): one
// WebAssembly instance per CctBuilder, shared by its threads, with the
// callbacks routed to the thread being fed. The module is compiled once per
// process from bytes built into the engine, so loading it needs no file access.
import { INGEST_WASM } from "./ingestWasm.generated.js";
import { RECORD_BYTES } from "./layout.generated.js";

/** The exports of assembly/ingest.ts (pointers are byte offsets in `memory`). */
interface IngestExports {
  init(
    maxCovarianceChildren: number,
    covariance: number,
    watch: number,
    toolCostNs: number,
    toolCostInsideNs: number,
  ): void;
  batchKindPtr(): number;
  batchFnPtr(): number;
  batchDepthPtr(): number;
  batchTimePtr(): number;
  watchPathPtr(): number;
  watchDurationPtr(): number;
  recordsPtr(): number;
  newThread(minDurationNs: number): number;
  setMinDuration(thread: number, minDurationNs: number): void;
  consumeBatch(thread: number, n: number): void;
  cacheReset(): void;
  cacheSet(slot: number, low: number, high: number, fn: number): void;
  consumeRecords(
    thread: number,
    start: number,
    end: number,
    baseHi: number,
    baseLo: number,
    maxDepth: number,
    schedLimit: number,
    offCpuNs: number,
  ): number;
  closeOpen(thread: number): number;
  contextCount(thread: number): number;
  mismatches(thread: number): number;
  backwardEvents(thread: number): number;
  parentPtr(thread: number): number;
  fnPtr(thread: number): number;
  childCountPtr(thread: number): number;
  statsPtr(thread: number): number;
  covariancePtr(thread: number): number;
  omittedPtr(thread: number): number;
  runningParent(context: number): number;
  runningFn(context: number): number;
  covN(acc: number): number;
  covDims(acc: number): number;
  covCap(acc: number): number;
  covMeanPtr(acc: number): number;
  covComomentPtr(acc: number): number;
}

/** The tracer's cost per recorded call, and the part of it between the call's own records. */
export interface ToolCost {
  readonly perCallNs: number;
  readonly insideNs: number;
}

export const NO_TOOL_COST: ToolCost = { perCallNs: 0, insideNs: 0 };

/** What the kernel reports about the thread it is running. */
export interface KernelThreadCallbacks {
  /** `count` invocations of watched chains ended, in this order: their
   * chains and durations are at watchPathPtr() and watchDurationPtr(). */
  watched(count: number): void;
  /** An exit with no open call of `fn` was dropped. */
  unmatched(fn: number): void;
  /** Context `context` was just created: the watched chain it is, or −1. */
  created(context: number): number;
}

// The WebAssembly API is a global of every engine host (Node, Electron,
// browsers); the pure engine is compiled without host types, so it is typed
// here for the three calls used.
interface WasmGlobal {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
  Memory: new (descriptor: { initial: number; maximum: number }) => { readonly buffer: ArrayBuffer };
}

const PAGE_BYTES = 65536;
/** All a 32-bit WebAssembly memory can address. */
const KERNEL_MEMORY_MAX_BYTES = 65536 * PAGE_BYTES;
/** The kernel's buffers (batch, records, caches) and a few threads fit in this. */
const INITIAL_PAGES = 32;

/** The most every kernel of this process may grow to unless its builder says otherwise, and what
 * set it: the engine's worker sets it to its memory budget (setKernelMemoryLimit), so a trace's
 * calling-context tree, which lives here and not on the JavaScript heap, is bounded by the budget
 * too (under a heap budget of 256 MB, a million nested calls grew the process to 960 MB). */
let defaultLimit: { readonly bytes: number; readonly setBy: string | null } = {
  bytes: KERNEL_MEMORY_MAX_BYTES,
  setBy: null,
};

export function setKernelMemoryLimit(bytes: number, setBy: string): void {
  defaultLimit = { bytes: Math.min(bytes, KERNEL_MEMORY_MAX_BYTES), setBy };
}

/** The kernel ran out of memory (its allocator traps when memory cannot grow). */
export function isKernelOutOfMemory(e: unknown): boolean {
  return e instanceof Error && e.name === "RuntimeError" && /unreachable/.test(e.message);
}

const wasm = (globalThis as unknown as { WebAssembly: WasmGlobal }).WebAssembly;
let compiled: object | null = null;

export class IngestKernel {
  readonly exports: IngestExports;
  readonly recordBytes = RECORD_BYTES;
  private current: KernelThreadCallbacks | null = null;

  private readonly memory: { readonly buffer: ArrayBuffer };
  readonly memoryLimitBytes: number;
  /** What set the limit (the engine's budget), or null: the builder's own, or all a kernel can address. */
  readonly memoryLimitSetBy: string | null;

  /** `memoryLimitBytes`: the most the kernel's memory may grow to (at most KERNEL_MEMORY_MAX_BYTES);
   * by default the process's (setKernelMemoryLimit). `toolCost`: the tracer's cost per recorded call
   * taken out of every call's time, and the part of it between the call's own records (CctOptions). */
  constructor(
    maxCovarianceChildren: number,
    covariance: boolean,
    watching: boolean,
    memoryLimitBytes?: number,
    toolCost: ToolCost = NO_TOOL_COST,
  ) {
    compiled ??= new wasm.Module(INGEST_WASM);
    this.memoryLimitSetBy = memoryLimitBytes === undefined ? defaultLimit.setBy : null;
    memoryLimitBytes ??= defaultLimit.bytes;
    const maximum = Math.floor(Math.min(memoryLimitBytes, KERNEL_MEMORY_MAX_BYTES) / PAGE_BYTES);
    this.memoryLimitBytes = maximum * PAGE_BYTES;
    this.memory = new wasm.Memory({ initial: Math.min(INITIAL_PAGES, maximum), maximum });
    const route = (): KernelThreadCallbacks => {
      if (this.current === null) throw new Error("ingestion kernel called back outside a thread");
      return this.current;
    };
    const env = {
      memory: this.memory,
      watched: (count: number) => route().watched(count),
      unmatched: (fn: number) => route().unmatched(fn),
      created: (context: number) => route().created(context),
      abort: () => {
        throw new Error("ingestion kernel aborted");
      },
    };
    this.exports = new wasm.Instance(compiled, { env }).exports as IngestExports;
    this.exports.init(
      maxCovarianceChildren,
      covariance ? 1 : 0,
      watching ? 1 : 0,
      toolCost.perCallNs,
      toolCost.insideNs,
    );
  }

  /** Routes callbacks to `thread` for the kernel calls that follow. */
  use(thread: KernelThreadCallbacks): IngestExports {
    this.current = thread;
    return this.exports;
  }

  /** Views of the kernel's memory; a call that grows it invalidates them. */
  i32(ptr: number, length: number): Int32Array {
    return new Int32Array(this.memory.buffer, ptr, length);
  }

  f64(ptr: number, length: number): Float64Array {
    return new Float64Array(this.memory.buffer, ptr, length);
  }

  /** The size of the kernel's memory now. */
  byteLength(): number {
    return this.memory.buffer.byteLength;
  }

  u8(ptr: number, length: number): Uint8Array {
    return new Uint8Array(this.memory.buffer, ptr, length);
  }
}
