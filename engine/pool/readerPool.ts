// Runs' traces read in a pool of worker threads sized to the machine (issue 32
// item 4), the engine's own thread one of them: each job names one run's trace
// files and comes back as that run's timelines, so the readers share nothing
// and need no workspace. Jobs wait in
// one queue and go to whichever reader is free; each call's results are put
// back in its jobs' order, so the answer is the same for any pool size. Readers
// stay for the next call (their code already compiled) until they have been
// idle a while. The engine's memory budget is split among them; a reader that
// dies fails the calls waiting on the pool in words, never leaves one waiting.
import { existsSync, statSync } from "node:fs";
import { setImmediate as turn } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import { ApiError } from "../errors/errors.js";
import { readRunTimelines, type TimelinesJob } from "./runTimelines.js";
import type { Settled } from "./readerProtocol.js";
import { Reader, type ReaderBudget } from "./reader.js";

/** A reader's least heap: the engine's own code needs about 40 MB (engineMemory.ts's least budget). */
const LEAST_READER_MB = 64;

/** What reading a job costs on the engine's own thread, warm, in ms (measured on the 2-core machine,
 * `bench/pool.bench.ts` and a 200,000-event run of examples/pool.c): a run's fixed part (its files
 * opened, its symbol tables looked up: the example campaign's 40 runs of 20 KB of events each read in
 * 140 ms in a fresh process, 50–80 ms warm, since small files are read in the calling thread, symbol
 * files once a process and the timelines' first calls placed at once; it was 12 ms a run), and its
 * events (about 130 KB of uftrace records a ms; a Chrome or text trace at the Chrome reader's rate into
 * a CCT, about 700 KB a ms, for want of a measure of its timelines). */
const JOB_FIXED_MS = 4;
const UFTRACE_BYTES_PER_MS = 130_000;
const TEXT_BYTES_PER_MS = 700_000;
/** The reading a reader's start is worth, in ms of the estimate. The engine's own thread is one of the
 * readers and reads from the first job on, so a worker's start (its first job done 140–170 ms after the
 * call, built, on the 2-core machine) delays no answer; it is worth its CPU when the reading outlasts it
 * well: the 40-run example campaign (about 160 ms) is read on the engine's thread alone. */
export const READER_WORTH_MS = 250;

/** Readers idle this long are stopped: long enough for the next analysis of a view or a command. */
const IDLE_MS = 10_000;

export type { Settled };

export interface ReaderScript {
  readonly url: URL;
  readonly data?: Readonly<Record<string, unknown>>;
}

export interface PoolOptions {
  /** Readers at most, the engine's own thread one of them (readerCount()); 1 starts no worker. */
  readonly size: () => number;
  /** The engine's memory budget in MB, split among the readers. */
  readonly memoryMb: () => number;
  /** The reader's script (tests: one that dies); the built one, or the TypeScript source, by default. */
  readonly script?: ReaderScript;
  /** The engine's own thread reads jobs beside the workers (by default; tests of the workers alone: false). */
  readonly engineReads?: boolean;
  /** The estimated reading a reader's start is worth (READER_WORTH_MS; tests and the bench: 0, a reader per job). */
  readonly readerWorthMs?: number;
}

interface Task {
  readonly job: TimelinesJob;
  readonly settle: (s: Settled) => void;
  readonly fail: (e: Error) => void;
}

export class ReaderPool {
  private readers: Reader[] = [];
  private queue: Task[] = [];
  private idle: ReturnType<typeof setTimeout> | null = null;
  /** Calls reading now: the readers are idle only when none is. */
  private active = 0;

  constructor(private readonly o: PoolOptions) {}

  /** Every job read, in their order; a job whose trace cannot be read settles with its error. */
  async read(jobs: readonly TimelinesJob[], onDone?: (done: number) => void): Promise<Settled[]> {
    const script = this.o.script ?? readerScript();
    const memoryMb = this.o.memoryMb();
    // Readers already running cost nothing to start. No more readers than jobs; the engine's own
    // thread is one of them.
    const wanted = Math.min(
      jobs.length,
      Math.max(
        readersWanted(readingMs(jobs), this.o.size(), memoryMb, this.o.readerWorthMs),
        Math.min(this.readers.length + 1, this.o.size()),
      ),
    );
    if (wanted <= 1 || !script) return readHere(jobs, onDone);
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const workers = this.o.engineReads === false ? wanted : wanted - 1;
    while (this.readers.length < workers) this.start(script, { memoryMb, readers: wanted });
    let done = 0;
    const results = Promise.all(
      jobs.map(
        (job) =>
          new Promise<Settled>((settle, fail) =>
            this.queue.push({ job, fail, settle: (s) => (settle(s), onDone?.(++done)) }),
          ),
      ),
    );
    for (const r of this.readers) this.pump(r);
    // The engine's thread reads from the first job on, while the workers start (each takes jobs once
    // it says it has started).
    if (this.o.engineReads !== false) void this.readHereToo();
    this.active++;
    try {
      return await results;
    } finally {
      this.active--;
      this.idleLater();
    }
  }

  /** Readers started and not yet stopped. */
  get running(): number {
    return this.readers.length;
  }

  /** Stops every reader; calls waiting on them fail. */
  async close(): Promise<void> {
    if (this.idle) clearTimeout(this.idle);
    const readers = this.readers;
    this.readers = [];
    this.failAll(new ApiError("failed", "the engine closed while it was reading traces"));
    await Promise.all(readers.map((r) => r.stop()));
  }

  private start(script: ReaderScript, b: Omit<ReaderBudget, "shareMb">): void {
    const shareMb = Math.floor(b.memoryMb / b.readers);
    const worker = new Worker(script.url, {
      workerData: script.data ?? {},
      resourceLimits: { maxOldGenerationSizeMb: shareMb },
    });
    const reader = new Reader(
      worker,
      { ...b, shareMb },
      (error) => this.died(reader, error),
      () => this.pump(reader),
    );
    this.readers.push(reader);
  }

  /** Jobs taken from the queue on the engine's own thread, one after the other, until none is left, the
   * event loop turned after each (readOne): the workers' messages are heard, and the workers pumped. */
  private async readHereToo(): Promise<void> {
    for (let task = this.queue.shift(); task !== undefined; task = this.queue.shift())
      task.settle(await readOne(task.job));
  }

  /** Gives the reader jobs while it has started and has room for them (READER_DEPTH). A reader the pool
   * has let go (close(), a death) gets none: its "started" or last answer may be heard after, when a new
   * call's jobs wait. */
  private pump(r: Reader): void {
    if (!this.readers.includes(r)) return;
    while (r.ready && !r.full && this.queue.length > 0) {
      const task = this.queue.shift()!;
      r.read(task.job).then(
        (s) => {
          task.settle(s);
          this.pump(r);
        },
        (e: Error) => task.fail(e),
      );
    }
  }

  /** A reader that died fails the job it read and every job waiting: a call never waits forever. */
  private died(r: Reader, error: Error): void {
    this.readers = this.readers.filter((x) => x !== r);
    this.failAll(error);
  }

  private failAll(error: Error): void {
    const waiting = this.queue;
    this.queue = [];
    for (const t of waiting) t.fail(error);
  }

  private idleLater(): void {
    if (this.active > 0 || this.readers.length === 0) return;
    this.idle = setTimeout(() => void this.close(), IDLE_MS);
    // An idle pool keeps no process alive (the command line ends when its work is done).
    this.idle.unref();
  }
}

/** Readers for this much estimated reading (readingMs): at most `size`, one per `worthMs` of it,
 * each with at least LEAST_READER_MB of the budget; 1 reads in the engine's own thread. */
export function readersWanted(workMs: number, size: number, memoryMb: number, worthMs = READER_WORTH_MS): number {
  const byWork = worthMs > 0 ? Math.ceil(workMs / worthMs) : size;
  return Math.max(1, Math.min(size, byWork, Math.floor(memoryMb / LEAST_READER_MB)));
}

/** The jobs' reading on the engine's own thread, estimated from their files' sizes, in ms. */
export function readingMs(jobs: readonly TimelinesJob[]): number {
  let ms = 0;
  for (const job of jobs) {
    ms += JOB_FIXED_MS;
    if (job.trace.format !== "uftrace") ms += sizeOf(job.trace.file) / TEXT_BYTES_PER_MS;
    else
      for (const [name, path] of Object.entries(job.trace.files))
        if (name.endsWith(".dat")) ms += sizeOf(path) / UFTRACE_BYTES_PER_MS;
  }
  return ms;
}

/** A file's size; 0 when it cannot be read (the reader will say why). */
function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** One job after the other in the engine's own thread: the pool of one. */
async function readHere(jobs: readonly TimelinesJob[], onDone?: (done: number) => void): Promise<Settled[]> {
  const out: Settled[] = [];
  for (const job of jobs) {
    out.push(await readOne(job));
    onDone?.(out.length);
  }
  return out;
}

/**
 * One job read in the engine's own thread, its error kept as its answer, and then the event loop turned.
 * A job gives the loop no turn of its own: its small files and its records are read in this thread
 * (io/fileSource.ts), so it goes on in promises alone. Without the turn, a worker's "started" and "done"
 * went unheard until the engine's thread had emptied the queue: in a cold compare of a 40-run campaign of
 * 100,000 calls a run, the worker read 1 job of each design's 20 and the engine's thread the other 19.
 * It lets other requests to the engine in between runs too.
 */
async function readOne(job: TimelinesJob): Promise<Settled> {
  const settled = await readRunTimelines(job).then(
    (value): Settled => ({ ok: true, value }),
    (e: unknown): Settled => ({ ok: false, error: e instanceof Error ? e : new Error(String(e)) }),
  );
  await turn();
  return settled;
}

/** The built reader beside the engine's bundle, or the TypeScript source through tsx; null when
 * neither is there (an embedding that did not build it): the engine then reads in its own thread. */
function readerScript(): ReaderScript | null {
  if (import.meta.url.endsWith(".ts"))
    return {
      url: new URL("./tsxReader.mjs", import.meta.url),
      data: { entry: new URL("./readerWorker.ts", import.meta.url).href },
    };
  const built = new URL("./readerWorker.js", import.meta.url);
  return existsSync(built) ? { url: built } : null;
}
