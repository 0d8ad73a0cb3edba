// One worker of the reader pool (readerPool.ts): one job at a time, its
// answer rebuilt as this side's result or error, its death said in words to
// the pool (a heap past its share of the budget, a crash, an exit).
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

export class Reader {
  private pending: { job: TimelinesJob; ok: (s: Settled) => void; fail: (e: Error) => void } | null = null;
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

  get busy(): boolean {
    return this.pending !== null;
  }

  read(job: TimelinesJob): Promise<Settled> {
    if (this.stopped) return Promise.reject(this.stopped);
    return new Promise((ok, fail) => {
      this.pending = { job, ok, fail };
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
    const p = this.pending;
    this.pending = null;
    this.worker.unref();
    if (!p) return;
    p.ok("result" in m ? { ok: true, value: m.result } : { ok: false, error: rebuilt(m.error) });
  }

  private exited(code: number): void {
    const p = this.pending;
    this.pending = null;
    const what = p ? `while reading ${p.job.label}` : "before it was given a trace";
    this.stopped = new ApiError(
      "failed",
      this.stopping
        ? "the engine closed while it was reading traces"
        : `a trace reader stopped ${what}: ${this.why(code)}. Nothing in the workspace was changed.`,
    );
    p?.fail(this.stopped);
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
