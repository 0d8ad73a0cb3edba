// Slurm's own commands, run as a user would: sbatch submits a job array,
// squeue says what waits and runs and where, scontrol (or sacct, where the
// cluster keeps accounting) says how a finished task ended, scancel stops them.
// Parsing is in pure functions beside them, tested on the commands' real output.
import { spawn } from "node:child_process";

export interface CommandResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a Slurm command; a missing command or a non-zero exit is an error naming it, with Slurm's words. */
export async function slurm(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  const r = await run(command, args, env);
  if (r.code !== 0) throw new Error(`${command} failed: ${(r.stderr || r.stdout).trim() || `exit code ${r.code}`}`);
  return r.stdout;
}

export function run(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", (e: NodeJS.ErrnoException) =>
      reject(
        new Error(
          e.code === "ENOENT"
            ? `${command} is not installed or not on the PATH: Slurm's commands are needed to run a campaign with executor slurm`
            : `${command}: ${e.message}`,
        ),
      ),
    );
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** One array task as squeue shows it. */
export interface QueuedTask {
  readonly jobId: string;
  readonly task: number;
  /** PENDING, RUNNING, COMPLETING, … (squeue's %T). */
  readonly state: string;
  /** The node it runs on; empty while it waits. */
  readonly node: string;
  /** Why it waits (Resources, Priority, …); "None" when it does not. */
  readonly reason: string;
}

/** squeue's format: the array job, the task (or a range still pending), state, node list, reason. */
export const SQUEUE_FORMAT = "%F|%K|%T|%N|%r";

/** Lines of `squeue -h -r -o SQUEUE_FORMAT`: with -r each task of an array has a line of its own. */
export function parseSqueue(text: string): QueuedTask[] {
  const out: QueuedTask[] = [];
  for (const line of text.split("\n")) {
    const [jobId, task, state, node, reason] = line.trim().split("|");
    if (!jobId || !/^\d+$/.test(task ?? "")) continue; // a line of another shape, or a job that is not an array
    out.push({ jobId, task: Number(task), state, node: node ?? "", reason: reason ?? "" });
  }
  return out;
}

/** How a task that left the queue ended, as `scontrol show job -o` says it while Slurm remembers it (MinJobAge). */
export interface EndedTask {
  readonly task: number;
  readonly state: string;
  readonly node: string;
  readonly jobId: string;
}

/** `scontrol show job -o <array job>`: one line per task, key=value pairs. */
export function parseScontrolJobs(text: string): EndedTask[] {
  const out: EndedTask[] = [];
  for (const line of text.split("\n")) {
    const fields = new Map<string, string>();
    for (const m of line.matchAll(/(\w+)=(\S*)/g)) if (!fields.has(m[1])) fields.set(m[1], m[2]);
    // Tasks that never started share one record: ArrayTaskId=2-5 or 2,4-5 (a "%N" suffix limits how many run at once).
    for (const task of taskIds(fields.get("ArrayTaskId") ?? "")) {
      out.push({
        task,
        state: fields.get("JobState") ?? "",
        node: fields.get("NodeList") ?? fields.get("BatchHost") ?? "",
        jobId: fields.get("JobId") ?? "",
      });
    }
  }
  return out;
}

function taskIds(field: string): number[] {
  const out: number[] = [];
  for (const part of field.split("%")[0].split(",")) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!m) continue;
    for (let i = Number(m[1]); i <= Number(m[2] ?? m[1]); i++) out.push(i);
  }
  return out;
}

/** `sacct -n -P -X -j <array job> -o JobID,State,NodeList`: "123_4|TIMEOUT|node1". */
export function parseSacct(text: string): EndedTask[] {
  const out: EndedTask[] = [];
  for (const line of text.split("\n")) {
    const [id, state, node] = line.trim().split("|");
    const m = /^(\d+)_(\d+)$/.exec(id ?? "");
    if (!m) continue;
    // sacct writes "CANCELLED by 0": the state is the first word.
    out.push({ task: Number(m[2]), state: (state ?? "").split(" ")[0], node: node ?? "", jobId: id });
  }
  return out;
}
