// The demo workspace (engine/cli/demo.ts) for the tests that open it: a real build takes minutes
// (eight campaigns under real profilers), so one test run builds it once, through the `varbench demo`
// command as users run it (what it printed is kept for the CLI's test), and every file gets its own
// copy. The folder it is kept in is named by VARBENCH_TEST_DEMO_CACHE (test/run-all.sh sets it for
// the whole run); without it, as when a file runs alone, each call builds a demo of its own.
// A copy is the whole folder: the workspace stores paths relative to itself (artifacts/<sha>), and
// the database is copied with SQLite's online backup, never as a file that may be half-written.
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import Database from "better-sqlite3";
import { tempDir } from "./uftrace.js";
import { varbench } from "./cli.js";
import { DEMO_READY } from "../../engine/cli/demo.js";
import { DATABASE_FILE } from "../../engine/store/workspace.js";

/** The environment variable naming the folder where one test run keeps its demo. */
export const DEMO_CACHE_ENV = "VARBENCH_TEST_DEMO_CACHE";
/** What `varbench demo` printed while it built the cached demo, kept beside it. */
const OUTPUT_FILE = "demo-output.txt";
/** A line `varbench demo` says as one step of the build ends (runDemo's `say`). */
const STEP_LINE = /^demo \d+\/\d+: /;
/** How often a file waiting for another's build looks again (a build takes minutes). */
const LOCK_POLL_MS = 500;

export interface DemoWorkspace {
  /** A demo workspace folder of the caller's own, which it may change. */
  readonly dir: string;
  /** The lines the real build said while it built this demo (runDemo's `say`), in order. */
  readonly steps: readonly string[];
  /** Everything `varbench demo` printed as it built this demo: its steps, then its report. */
  readonly output: string;
}

/** A demo workspace of the caller's own, in a new temporary folder named after `prefix`. */
export async function demoWorkspace(prefix: string): Promise<DemoWorkspace> {
  const dir = join(tempDir(prefix), "demo");
  const cache = process.env[DEMO_CACHE_ENV];
  if (!cache) return described(dir, build(dir));
  const cached = await cachedDemo(cache);
  await copyWorkspace(cached.dir, dir);
  return { ...cached, dir };
}

/** Builds the demo in `dir` (which must not hold one) with `varbench demo`; returns what it printed. */
function build(dir: string): string {
  const r = varbench(["demo", "--dir", dir]);
  if (r.status !== 0) throw new Error(`varbench demo --dir ${dir} failed (status ${r.status}): ${r.stderr}`);
  return r.stdout;
}

function described(dir: string, output: string): DemoWorkspace {
  return { dir, output, steps: output.split("\n").filter((line) => STEP_LINE.test(line)) };
}

/** The run's demo under `cache`, built by the first caller while the others wait. A build is made in
 * a folder of its own and renamed when done, so a build killed half-way is never taken for the demo. */
async function cachedDemo(cache: string): Promise<DemoWorkspace> {
  const dir = join(cache, "demo");
  const outputFile = join(cache, OUTPUT_FILE);
  mkdirSync(cache, { recursive: true });
  const release = await lock(join(cache, "lock"));
  try {
    if (!existsSync(join(dir, DEMO_READY)) || !existsSync(outputFile)) {
      const building = join(cache, `building-${process.pid}`);
      rmSync(building, { recursive: true, force: true });
      writeFileSync(outputFile, build(building));
      rmSync(dir, { recursive: true, force: true });
      renameSync(building, dir);
    }
    return described(dir, readFileSync(outputFile, "utf8"));
  } finally {
    release();
  }
}

/** Copies the (closed) workspace `from` to the new folder `to`: its files as they are, its database
 * by SQLite's backup, which copies a consistent snapshot page by page. */
async function copyWorkspace(from: string, to: string): Promise<void> {
  const db = join(from, DATABASE_FILE);
  cpSync(from, to, { recursive: true, filter: (f) => !basename(f).startsWith(DATABASE_FILE) });
  const source = new Database(db, { readonly: true, fileMustExist: true });
  try {
    await source.backup(join(to, DATABASE_FILE));
  } finally {
    source.close();
  }
}

/** Takes the lock folder `path` (mkdir is atomic), waiting while a live process holds it; a lock
 * left by a process that is gone is taken over. Returns its release. */
async function lock(path: string): Promise<() => void> {
  const owner = join(path, "pid");
  for (;;) {
    try {
      mkdirSync(path);
      writeFileSync(owner, String(process.pid));
      return () => rmSync(path, { recursive: true, force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
    const pid = Number(readFileOr(owner, ""));
    if (pid > 0 && !alive(pid)) rmSync(path, { recursive: true, force: true });
    else await new Promise((r) => setTimeout(r, LOCK_POLL_MS));
  }
}

function readFileOr(file: string, fallback: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return fallback;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}
