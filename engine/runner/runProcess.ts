// One workload process, run through vbtime in a process group of its own:
// argv arrays only (no shell), stdout and stderr to files with their tails
// kept, a timeout that sends SIGTERM and then SIGKILL to the whole group, and
// the same for cancel. When this resolves, nothing of the run is left.
import { spawn } from "node:child_process";
import { open, readFile, rm } from "node:fs/promises";
import { killEscapees, newRunToken, RUN_TOKEN_VARIABLE } from "./escapees.js";
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
  /** The busy CPU time of the CPUs the run may use while it ran, and this process's own CPU time meanwhile (a
   * sampler's reads, the runner's bookkeeping): vbtime reads both around the run. */
  readonly machineBusyNs?: number;
  readonly runnerCpuNs?: number;
  readonly usableCpus?: number;
  readonly stdoutTail: string;
  readonly stderrTail: string;
}

/** Time a process group gets to end after SIGTERM before SIGKILL. */
export const KILL_GRACE_MS = 2000;
const TAIL_BYTES = 4096;

export async function runProcess(req: ProcessRequest): Promise<ProcessResult> {
  // stdout, stderr and the helper's report go straight into files: no pipes
  // and no JavaScript copying while the run goes, which keeps the runner's
  // cost per run low (issue 3's overhead benchmark).
  const reportFile = `${req.stderrFile}.report`;
  const token = newRunToken();
  const files = await Promise.all([req.stdoutFile, req.stderrFile, reportFile].map((f) => open(f, "w")));
  let child: ReturnType<typeof spawn>;
  let exited: Promise<void>;
  try {
    const args = [...(req.cpus ? ["--cpus", req.cpus] : []), "--", ...req.argv];
    child = spawn(vbtimePath(), args, {
      cwd: req.cwd,
      env: { ...req.env, [RUN_TOKEN_VARIABLE]: token },
      detached: true,
      stdio: ["ignore", files[0].fd, files[1].fd, files[2].fd],
    });
    // Listen before anything is awaited: a quick workload can be gone by then.
    exited = new Promise<void>((resolve, reject) => {
      child.on("error", reject);
      child.on("exit", () => resolve());
    });
  } finally {
    await Promise.all(files.map((f) => f.close()));
  }
  const pgid = child.pid;
  if (pgid === undefined) throw new Error(`cannot start the run helper for ${req.argv[0]}`);
  req.onStart?.(pgid);
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
  await exited;
  clearTimeout(timer);
  clearTimeout(killTimer);
  req.signal?.removeEventListener("abort", onAbort);
  signalGroup(pgid, "SIGKILL"); // whatever the workload left behind in its group
  killEscapees(token); // and whatever left the group (setsid) but carries the run's token
  const [stdoutTail, stderrTail, report] = await Promise.all([
    tail(req.stdoutFile),
    tail(req.stderrFile),
    readFile(reportFile, "utf8"),
  ]);
  await rm(reportFile, { force: true });
  const r = report.trim() ? (JSON.parse(report.trim().split("\n").pop()!) as Record<string, unknown>) : null;
  return {
    outcome: outcomeOf(r, stopped),
    ...(r && r.status !== "exec-failed" ? pickUsage(r) : {}),
    stdoutTail,
    stderrTail,
  };
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
    // An older helper, or a machine without /proc/stat, says nothing of the machine.
    ...(typeof r.machineBusyNs === "number"
      ? { machineBusyNs: n("machineBusyNs"), runnerCpuNs: n("runnerCpuNs"), usableCpus: n("usableCpus") }
      : {}),
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

/** The last TAIL_BYTES of a file, as text. */
async function tail(file: string): Promise<string> {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, TAIL_BYTES);
    const buf = Buffer.alloc(length);
    await handle.read(buf, 0, length, size - length);
    return buf.toString("utf8");
  } finally {
    await handle.close();
  }
}
