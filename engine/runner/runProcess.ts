// One workload process, run through vbtime in a process group of its own:
// argv arrays only (no shell), stdout and stderr to files with their tails
// kept, a timeout that sends SIGTERM and then SIGKILL to the whole group, and
// the same for cancel. When this resolves, nothing of the run is left.
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { vbtimePath } from "./helper.js";

export interface ProcessRequest {
  readonly argv: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  /** CPU list for sched_setaffinity, e.g. "0" or "0,2-3". */
  readonly cpus?: string;
  readonly stdoutFile: string;
  readonly stderrFile: string;
  readonly signal?: AbortSignal;
  /** Called once the group exists, with its id (for cleanup after a crash). */
  readonly onStart?: (pgid: number) => void;
}

export type ProcessOutcome =
  | { kind: "exited"; code: number }
  | { kind: "signaled"; signal: number }
  | { kind: "exec-failed"; message: string }
  | { kind: "timed-out" }
  | { kind: "cancelled" };

export interface ProcessResult {
  readonly outcome: ProcessOutcome;
  readonly wallNs?: number;
  readonly userNs?: number;
  readonly sysNs?: number;
  readonly maxRssKb?: number;
  readonly voluntarySwitches?: number;
  readonly involuntarySwitches?: number;
  readonly stdoutTail: string;
  readonly stderrTail: string;
}

/** Time a process group gets to end after SIGTERM before SIGKILL. */
export const KILL_GRACE_MS = 2000;
const TAIL_BYTES = 4096;

export function runProcess(req: ProcessRequest): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const args = [...(req.cpus ? ["--cpus", req.cpus] : []), "--", ...req.argv];
    const child = spawn(vbtimePath(), args, { cwd: req.cwd, env: req.env, detached: true, stdio: ["ignore", "pipe", "pipe", "pipe"] });
    const pgid = child.pid;
    if (pgid === undefined) {
      reject(new Error(`cannot start the run helper for ${req.argv[0]}`));
      return;
    }
    req.onStart?.(pgid);
    const stdout = tee(child.stdout!, req.stdoutFile);
    const stderr = tee(child.stderr!, req.stderrFile);
    let report = "";
    child.stdio[3]!.on("data", (d: Buffer) => (report += d.toString()));
    let stopped: "timed-out" | "cancelled" | undefined;
    let killTimer: NodeJS.Timeout | undefined;
    const stop = (why: "timed-out" | "cancelled") => {
      if (stopped) return;
      stopped = why;
      signalGroup(pgid, "SIGTERM");
      killTimer = setTimeout(() => signalGroup(pgid, "SIGKILL"), KILL_GRACE_MS);
    };
    const timer = setTimeout(() => stop("timed-out"), req.timeoutMs);
    const onAbort = () => stop("cancelled");
    req.signal?.addEventListener("abort", onAbort, { once: true });
    if (req.signal?.aborted) stop("cancelled");
    child.on("error", reject);
    child.on("close", async () => {
      clearTimeout(timer);
      clearTimeout(killTimer);
      req.signal?.removeEventListener("abort", onAbort);
      signalGroup(pgid, "SIGKILL"); // whatever the workload left behind in its group
      const [stdoutTail, stderrTail] = await Promise.all([stdout, stderr]);
      const r = report.trim() ? (JSON.parse(report.trim().split("\n").pop()!) as Record<string, unknown>) : null;
      resolve({ outcome: outcomeOf(r, stopped), ...(r && r.status !== "exec-failed" ? pickUsage(r) : {}), stdoutTail, stderrTail });
    });
  });
}

function outcomeOf(r: Record<string, unknown> | null, stopped: "timed-out" | "cancelled" | undefined): ProcessOutcome {
  if (stopped) return { kind: stopped };
  if (!r) return { kind: "signaled", signal: 9 }; // the helper itself was killed
  if (r.status === "exec-failed") return { kind: "exec-failed", message: String(r.message) };
  if (r.status === "signaled") return { kind: "signaled", signal: Number(r.signal) };
  return { kind: "exited", code: Number(r.code) };
}

function pickUsage(r: Record<string, unknown>) {
  const n = (k: string) => Number(r[k]);
  return {
    wallNs: n("wallNs"),
    userNs: n("userNs"),
    sysNs: n("sysNs"),
    maxRssKb: n("maxRssKb"),
    voluntarySwitches: n("voluntarySwitches"),
    involuntarySwitches: n("involuntarySwitches"),
  };
}

export function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false; // the group is gone already
  }
}

/** Copies a stream to a file and resolves with its last TAIL_BYTES. */
function tee(stream: NodeJS.ReadableStream, file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(file);
    let tail = Buffer.alloc(0);
    stream.on("data", (d: Buffer) => {
      out.write(d);
      tail = Buffer.concat([tail, d]);
      if (tail.length > 2 * TAIL_BYTES) tail = tail.subarray(tail.length - TAIL_BYTES);
    });
    stream.on("end", () => out.end(() => resolve(tail.subarray(Math.max(0, tail.length - TAIL_BYTES)).toString("utf8"))));
    stream.on("error", reject);
  });
}
