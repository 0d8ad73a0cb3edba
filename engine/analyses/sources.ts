// What analyses read, behind the Sources interface: stored CCTs of runs (a
// few kept parsed), CCTs built again from stored traces with other options,
// the traces of a design's or campaign's runs pooled into one tree, trace
// files outside any workspace, and second passes over any of them, each read
// reporting its progress in bytes.
import { stat, readdir } from "node:fs/promises";
import { join } from "node:path";
import { CctBuilder } from "../cct/cctBuilder.js";
import type { Cct, CctOptions } from "../cct/cct.js";
import { formatTarget } from "../campaign/target.js";
import type { TraceSink } from "../trace/sink.js";
import { sourceSink } from "../trace/sink.js";
import { readTraceFile, readTraceInto } from "../io/readTrace.js";
import { loadRunCct } from "../ingest/runCct.js";
import { readRunTrace, traceArtifact } from "../ingest/runTrace.js";
import { artifactsOf } from "../store/repositories.js";
import { campaignSpec, campaignWorkloads, runFeatures } from "../store/campaignQueries.js";
import { findCalibration, runsRecordedUnder } from "../store/calibrations.js";
import type { Workspace } from "../store/workspace.js";
import { ApiError } from "../errors/errors.js";
import type { CctRequest, Resolved, Sources } from "./descriptor.js";
import { PromiseCache } from "./promiseCache.js";
import { runTimelines } from "./runTimelines.js";
import { ReaderPool } from "../pool/readerPool.js";
import { readerCount } from "../pool/readerCount.js";

/** The reader pool's budget when the engine was given none: engineMemory.ts's least default. */
const DEFAULT_MEMORY_MB = 256;
/** Parsed CCTs kept: enough for two compared designs of a small campaign and the run in view. */
const MAX_STORED_CCTS = 16;
/** Preparations kept: each may hold a merged CCT; a few targets' worth is plenty for a session. */
const MAX_PREPARED = 8;

export type Progress = (stage: string, done: number, total: number | null) => void;

export class AnalysisSources {
  private readonly stored = new PromiseCache<Cct>(MAX_STORED_CCTS);
  private readonly prepared = new PromiseCache<unknown>(MAX_PREPARED);
  private readonly pool: ReaderPool;

  /** `memoryMb`: the engine's memory budget, which the reader pool splits among its readers. */
  constructor(
    private readonly workspace: () => Workspace,
    memoryMb: () => number = () => DEFAULT_MEMORY_MB,
  ) {
    this.pool = new ReaderPool({ size: readerCount, memoryMb });
  }

  /** Stops the reader pool's workers. */
  close(): Promise<void> {
    return this.pool.close();
  }

  /** A run's stored CCT, parsed once for a few calls (runs.get shows its threads too). */
  storedCct(runId: number): Promise<Cct> {
    const ws = this.workspace();
    return this.stored.get(`${ws.dir}\u0000${runId}`, () => loadRunCct(ws, runId));
  }

  /** The Sources one analysis call reads through, its progress told to `progress`. */
  forCall(progress: Progress): Sources {
    return {
      cct: (target, request = {}) => this.cct(target, request, progress),
      artifactText: (run, kind) => this.artifactText(run.id, kind),
      runFeatures: async (run) => runFeatures(this.workspace().db, run.id),
      campaignSpec: async (campaignId) => campaignSpec(this.workspace().db, campaignId),
      campaignWorkloads: async (campaignId) => campaignWorkloads(this.workspace().db, campaignId),
      toolCalibration: async (runs, tool, options) => {
        const db = this.workspace().db;
        const under = runsRecordedUnder(
          db,
          runs.map((r) => r.id),
        );
        return under ? findCalibration(db, { tool, version: under.version, host: under.host, options }) : null;
      },
      readAgain: (target, sink, request = {}) =>
        this.read(target, sink, request.onCpu === true, `reading ${target.label} again`, progress),
      runTimelines: (runs, request) =>
        runTimelines(this.workspace(), runs, request, this.pool, (done, total) =>
          progress("per-thread timelines", done, total),
        ),
      memo: <T>(target: Resolved, key: string, make: () => Promise<T>) =>
        this.prepared.get(this.memoKey(target, key), make) as Promise<T>,
      progress,
    };
  }

  private async artifactText(runId: number, kind: string): Promise<string | null> {
    const ws = this.workspace();
    const art = artifactsOf(ws.db, runId).find((a) => a.kind === kind);
    return art ? ws.artifacts.readText(art.path) : null;
  }

  private memoKey(target: Resolved, key: string): string {
    const where = target.target.kind === "trace" ? "" : this.workspace().dir;
    return [where, formatTarget(target.target), target.runs.map((r) => r.id).join(","), key].join("\u0000");
  }

  private async cct(target: Resolved, request: CctRequest, progress: Progress): Promise<Cct> {
    const options: CctOptions = {
      ...(request.maxCovarianceChildren === undefined ? {} : { maxCovarianceChildren: request.maxCovarianceChildren }),
      ...(request.toolCostNs
        ? { toolCostNs: request.toolCostNs, toolCostInsideNs: request.toolCostInsideNs ?? 0 }
        : {}),
    };
    const asStored = !request.onCpu && request.maxCovarianceChildren === undefined && !request.toolCostNs;
    if (target.runs.length === 1 && asStored) {
      this.checkTraced(target);
      return this.storedCct(target.runs[0].id);
    }
    if (target.target.kind === "trace") {
      const path = target.target.path;
      const bytes = byteCounter(`reading ${target.label}`, await traceBytes(path), progress);
      return (await readTraceFile(path, { ...options, excludeOffCpu: request.onCpu, onBytes: bytes })).cct;
    }
    const sink = new CctBuilder(options);
    await this.read(target, sink, request.onCpu === true, `reading ${target.label}`, progress);
    return sink.finish();
  }

  /** Streams the target's traces into `sink`; several runs keep their threads apart (sourceSink). */
  private async read(
    target: Resolved,
    sink: TraceSink,
    onCpu: boolean,
    stage: string,
    progress: Progress,
  ): Promise<void> {
    if (target.target.kind === "trace") {
      const path = target.target.path;
      await readTraceInto(path, sink, {
        excludeOffCpu: onCpu,
        onBytes: byteCounter(stage, await traceBytes(path), progress),
      });
      return;
    }
    this.checkTraced(target);
    const ws = this.workspace();
    const total = target.runs.reduce((n, r) => n + traceArtifact(ws, r.id).sizeBytes, 0);
    const onBytes = byteCounter(stage, total, progress);
    for (const [i, r] of target.runs.entries()) {
      await readRunTrace(ws, r.id, target.runs.length === 1 ? sink : sourceSink(sink, i), {
        excludeOffCpu: onCpu,
        onBytes,
      });
    }
  }

  private checkTraced(target: Resolved): void {
    const untraced = target.runs.filter((r) => !r.hasCct);
    if (untraced.length > 0)
      throw new ApiError(
        "not-found",
        `${target.label}: run ${untraced.map((r) => r.id).join(", ")} holds no trace to analyse (run it under uftrace, or import a trace)`,
      );
  }
}

/** Progress of a read in bytes, told at most every 1% of the total. */
function byteCounter(stage: string, total: number, progress: Progress): (bytes: number) => void {
  let done = 0;
  let told = 0;
  progress(stage, 0, total);
  return (bytes) => {
    done += bytes;
    if (done - told >= total / 100) {
      told = done;
      progress(stage, done, Math.max(total, done));
    }
  };
}

/** A trace's size: the file, or a data directory's files. */
async function traceBytes(path: string): Promise<number> {
  const s = await stat(path).catch(() => null);
  if (!s) return 0; // the reader names the missing file
  if (!s.isDirectory()) return s.size;
  const sizes = await Promise.all(
    (await readdir(path)).map((f) =>
      stat(join(path, f)).then(
        (x) => (x.isFile() ? x.size : 0),
        () => 0,
      ),
    ),
  );
  return sizes.reduce((a, b) => a + b, 0);
}
