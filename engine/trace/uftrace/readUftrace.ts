// Reads a uftrace data directory (`uftrace record -d DIR`) into a TraceSink:
// threads from `<tid>.dat` and task.txt, names by address range through the
// session maps and `.sym` files, lost records counted, payloads skipped, the
// recording's own options (default.opts) applied (docs/formats.md).
import { TraceError } from "../diagnostics.js";
import type { TraceSink } from "../sink.js";
import type { TraceDirectory } from "../source.js";
import { FEATURE, parseInfo } from "./info.js";
import { parsePayloadSpecs } from "./argspec.js";
import { decodeThreadStream } from "./records.js";
import type { TimeBase } from "./timeBase.js";
import { schedIntervals, SCHEDULE, SCHEDULE_PREEMPTED } from "./schedEvents.js";
import { parseTaskTxt, type TaskLines } from "./symbols.js";
import { SessionResolver } from "./resolver.js";
import { parseDefaultOpts } from "./defaultOpts.js";

export interface UftraceReadSummary {
  readonly threads: number;
  readonly records: number;
  readonly lost: number;
}

export interface UftraceReadOptions {
  /** Leave out the time a thread spent off the CPU (the recording's scheduler
   * events): every later time of the thread moves earlier by it, so calls
   * measure on-CPU time, as the instruction counts of paper 001 §2.2 do,
   * instead of time that includes other processes' turns. */
  readonly excludeOffCpu?: boolean;
}

export async function readUftrace(
  dir: TraceDirectory,
  sink: TraceSink,
  options: UftraceReadOptions = {},
): Promise<UftraceReadSummary> {
  const files = await dir.list();
  if (!files.includes("info"))
    throw new TraceError({ kind: "missing-file", file: dir.name, needed: "info (not a uftrace data directory?)" });
  const infoBytes = await readAll(dir, "info");
  const info = parseInfo(infoBytes, `${dir.name}/info`);
  const task = files.includes("task.txt") ? parseTaskTxt(await dir.readText("task.txt")) : null;
  if (!task) throw new TraceError({ kind: "missing-file", file: dir.name, needed: "task.txt" });
  const opts = files.includes("default.opts")
    ? parseDefaultOpts(await dir.readText("default.opts"))
    : { timeFilterNs: 0, maxDepth: Infinity, unread: [] };
  for (const option of opts.unread) sink.warn({ kind: "unread-option", file: `${dir.name}/default.opts`, option });
  if (opts.timeFilterNs > 0) {
    sink.setTimeFilter(opts.timeFilterNs);
    sink.warn({ kind: "time-filter", thresholdNs: opts.timeFilterNs });
  }
  const dbgFiles = await Promise.all(
    files
      .filter((f) => f.endsWith(".dbg"))
      .map(async (f) => ({ name: `${dir.name}/${f}`, bytes: await readAll(dir, f) })),
  );
  const specs = parsePayloadSpecs(info.lines, `${dir.name}/info`, dbgFiles);
  const threadFiles = files.filter((f) => /^\d+\.dat$/.test(f)).sort((a, b) => parseInt(a) - parseInt(b));
  if (threadFiles.length === 0) throw new TraceError({ kind: "empty", file: dir.name });

  const resolvers = new Map<string, SessionResolver>();
  const resolverFor = async (sid: string) => {
    let r = resolvers.get(sid);
    if (!r) {
      r = await SessionResolver.load(dir, sid, task, (info.features & FEATURE.relativeSymbols) !== 0, sink);
      resolvers.set(sid, r);
    }
    return r;
  };
  const base: TimeBase = { hi: 0, lo: 0, set: false };
  const perfFiles = files.filter((f) => /^perf-cpu\d+\.dat$/.test(f));
  const exited = new Set<number>();
  const sched = schedIntervals(
    await Promise.all(perfFiles.map(async (f) => ({ name: `${dir.name}/${f}`, bytes: await readAll(dir, f) }))),
    base,
    exited,
  );
  // perf writes every followed task's end: a thread without one had its scheduler events cut short
  // (a perf-cpu file truncated at a record's end reads as a shorter recording, in silence).
  const unended = perfFiles.length === 0 ? [] : threadFiles.map((f) => parseInt(f)).filter((tid) => !exited.has(tid));
  if (unended.length > 0) sink.warn({ kind: "sched-cut", dir: dir.name, tids: unended });
  const schedFns =
    sched.size > 0 ? { fn: sink.functionId(SCHEDULE), fnPreempted: sink.functionId(SCHEDULE_PREEMPTED) } : null;
  let records = 0;
  let lost = 0;
  for (const file of threadFiles) {
    const tid = parseInt(file);
    const pid = task.tasks.find((t) => t.tid === tid)?.pid ?? tid;
    const resolver = await resolverFor(sessionOf(pid, task, dir.name));
    const stats = await decodeThreadStream(dir.open(file), {
      sink: sink.thread({ pid, tid }),
      base,
      specs,
      resolve: (address) => resolver.functionOf(address),
      nameOf: (fn) => resolver.nameOf(fn),
      maxDepth: opts.maxDepth,
      sched:
        schedFns && sched.has(tid)
          ? { intervals: sched.get(tid)!, ...schedFns, exclude: options.excludeOffCpu === true }
          : null,
    });
    records += stats.records;
    lost += stats.lost;
    if (stats.lost > 0) sink.warn({ kind: "lost-records", file: `${dir.name}/${file}`, count: stats.lost });
    if (stats.events > 0)
      sink.warn({
        kind: "skipped-events",
        file: `${dir.name}/${file}`,
        count: stats.events,
        reason: "event records (not function calls) were",
      });
  }
  for (const r of resolvers.values()) r.reportUnresolved();
  if (records === 0) throw new TraceError({ kind: "empty", file: dir.name });
  return { threads: threadFiles.length, records, lost };
}

/** The session a process runs in: its own SESS line, else its parent's (a fork
 * shares the parent's maps). The last SESS of a pid wins, as after an exec. */
function sessionOf(pid: number, task: TaskLines, dirName: string): string {
  const seen = new Set<number>();
  for (
    let p: number | undefined = pid;
    p !== undefined && !seen.has(p);
    p = task.forks.find((f) => f.pid === p)?.ppid
  ) {
    seen.add(p);
    const sessions = task.sessions.filter((s) => s.pid === p);
    if (sessions.length > 0) return sessions[sessions.length - 1].sid;
  }
  if (task.sessions.length > 0) return task.sessions[0].sid;
  throw new TraceError({ kind: "missing-file", file: `${dirName}/task.txt`, needed: `a SESS line for process ${pid}` });
}

async function readAll(dir: TraceDirectory, file: string): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const c of dir.open(file).chunks()) parts.push(c.slice());
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
