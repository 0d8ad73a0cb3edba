// One run's per-thread timelines aligned into its PCV (paper 004 §3.1.2,
// §3.2.1), read from its stored trace: the job a reader pool's worker does
// (readerWorker.ts), or the engine itself when the pool is one reader. A job
// names the trace's files by absolute path, so the reader needs no workspace,
// no database and nothing shared with the other readers.
import { readInput, type TraceInput } from "../io/readTrace.js";
import { DEFAULT_CHUNK_BYTES, fileSource, readTextFile } from "../io/fileSource.js";
import { TraceError } from "../trace/diagnostics.js";
import type { TraceDirectory } from "../trace/source.js";
import { TraceTimelines } from "../patterns/traceTimelines.js";
import { runPcv, type RunPcv } from "../patterns/pcv.js";

/** What a run's timelines are made with: the analysis' seed and intervals, the projection's dimensions. */
export interface TimelinesRequest {
  /** Function directions are drawn from it (004 §4.1.2's "randomly projected"). */
  readonly seed: number;
  readonly intervals: number;
  readonly dims: number;
}

export interface TimelinesJob extends TimelinesRequest {
  readonly runId: number;
  /** Said in every message about the trace ("run 12 uftrace.data"). */
  readonly label: string;
  /** A uftrace directory's files by name, or the one file of the other formats, by absolute path: the
   * workspace's blobs, which never change (a reader keeps what it parsed of a uftrace directory's by path). */
  readonly trace:
    | { readonly format: "uftrace"; readonly files: Readonly<Record<string, string>> }
    | { readonly format: "chrome" | "text"; readonly file: string };
}

/** What a run's trace gives execution-pattern analysis. */
export interface RunTimelines {
  /** Null when no thread ran anything. */
  readonly pcv: RunPcv | null;
  /** Whether the trace holds scheduler events (uftrace records them unless --no-event). */
  readonly schedulerEvents: boolean;
}

export async function readRunTimelines(job: TimelinesJob): Promise<RunTimelines> {
  const sink = new TraceTimelines(job.dims, job.seed);
  const t = job.trace;
  const input: TraceInput =
    t.format === "uftrace"
      ? { format: t.format, dir: filesDirectory(job.label, t.files) }
      : { format: t.format, file: fileSource(t.file, DEFAULT_CHUNK_BYTES) };
  await readInput(input, sink);
  const threads = sink.finish();
  return {
    pcv: threads.length === 0 ? null : runPcv(threads, job.intervals, job.dims),
    schedulerEvents: sink.sawSchedulerEvents(),
  };
}

/** A directory whose files are named by absolute path (a stored uftrace recording's blobs). */
function filesDirectory(label: string, files: Readonly<Record<string, string>>): TraceDirectory {
  const path = (file: string) => {
    const p = files[file];
    if (p === undefined) throw new TraceError({ kind: "missing-file", file: label, needed: file });
    return p;
  };
  return {
    name: label,
    list: async () => Object.keys(files).sort(),
    has: async (file) => file in files,
    readText: async (file) => readTextFile(path(file)),
    // The workspace's blobs are named by their SHA-256 (store/artifactStore.ts).
    contentId: (file) => files[file],
    open: (file) => ({ ...fileSource(path(file), DEFAULT_CHUNK_BYTES), name: `${label}/${file}` }),
  };
}
