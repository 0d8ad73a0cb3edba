// One worker of the reader pool (readerPool.ts): it reads one job at a time
// and holds the next, each answer rebuilt as this side's result or error, its
// death said in words to the pool (a heap past its share of the budget, a
// crash, an exit).
import type { Worker } from "node:worker_threads";
import { ApiError } from "../errors/errors.js";
import type { ReaderFailure, ReaderReply, Settled } from "./readerProtocol.js";
import type { TimelinesJob } from "./runTimelines.js";

export interface ReaderBudget {
  /** This reader's heap limit in MB. */
  readonly shareMb: number;
  /** The engine's budget it is a share of, and how many readers share it. */
  readonly memoryMb: number;
  readonly readers: number;
}

/** Jobs a reader is given at once: the one it reads and the next, waiting in its inbox. The engine's own
 * thread, reading too, hears a reader's answer only between its own runs: a reader given one job at a time
 * waited for it after each (40 runs of 100,000 calls, warm: engine and reader 834–894 ms against two
 * readers 722–770 ms). The cost: at a call's end, one job may wait in a reader while the engine's thread
 * has none. */
export const READER_DEPTH = 2;

interface Pending {
  readonly job: TimelinesJob;
  readonly ok: (s: Settled) => void;
  readonly fail: (e: Error) => void;
}

export class Reader {
  /** Its jobs in the order given, which is the order it answers them (readerWorker.ts). */
  private pending: Pending[] = [];
  private stopped: Error | null = null;
  private stopping = false;
  private lastError: (Error & { code?: string }) | null = null;

  /** It has started and takes jobs (its first message). */
  ready = false;

  constructor(
    private readonly worker: Worker,
    private readonly budget: ReaderBudget,
    private readonly onDeath: (e: Error) => void,
    private readonly onReady: () => void,
  ) {
    worker.on("error", (e: Error) => (this.lastError = e));
    worker.on("exit", (code) => this.exited(code));
    worker.on("message", (m: ReaderReply) => this.message(m));
    // Only a reader starting or at work keeps the process alive (a call may wait for its start).
  }

  /** It holds READER_DEPTH jobs. */
  get full(): boolean {
    return this.pending.length >= READER_DEPTH;
  }

  read(job: TimelinesJob): Promise<Settled> {
    if (this.stopped) return Promise.reject(this.stopped);
    return new Promise((ok, fail) => {
      this.pending.push({ job, ok, fail });
      this.worker.ref();
      this.worker.postMessage({ id: job.runId, job });
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.worker.terminate();
  }

  private message(m: ReaderReply): void {
    if ("ready" in m) {
      this.ready = true;
      this.worker.unref();
      return this.onReady();
    }
    const p = this.pending.shift();
    if (this.pending.length === 0) this.worker.unref();
    if (!p) return;
    p.ok("result" in m ? { ok: true, value: m.result } : { ok: false, error: rebuilt(m.error) });
  }

  private exited(code: number): void {
    const pending = this.pending;
    this.pending = [];
    const what = pending.length > 0 ? `while reading ${pending[0].job.label}` : "before it was given a trace";
    this.stopped = new ApiError(
      "failed",
      this.stopping
        ? "the engine closed while it was reading traces"
        : `a trace reader stopped ${what}: ${this.why(code)}. Nothing in the workspace was changed.`,
    );
    for (const p of pending) p.fail(this.stopped);
    if (!this.stopping) this.onDeath(this.stopped);
  }

  private why(code: number): string {
    const b = this.budget;
    if (this.lastError?.code === "ERR_WORKER_OUT_OF_MEMORY")
      return `it needed more than its share of the engine's memory budget (${b.shareMb} MB: ${b.memoryMb} MB over ${b.readers} readers; VARBENCH_ENGINE_MEMORY_MB sets the budget, VARBENCH_READERS the readers)`;
    return this.lastError ? `it failed: ${this.lastError.message}` : `it stopped (exit code ${code})`;
  }
}

/** A failure of JavaScript's own inside a reader (a bug): a class of its own, so errors.ts takes it for one. */
class ReaderBug extends Error {}

/** The reader's error as this side's kind: the user's a plain Error (errors.ts's "said"), any other a bug. */
function rebuilt(f: ReaderFailure): Error {
  return f.user ? new Error(f.message) : new ReaderBug(f.message);
}
