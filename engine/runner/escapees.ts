// Processes a run started that left its process group (setsid, a daemon's
// double fork) escape the group kill and outlive the run. Every run's
// processes carry a token of the run in their environment, which setsid and
// fork keep; after the run, every process still carrying it is killed (Linux:
// /proc/<pid>/environ, readable for the runner's own user's processes).
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";

export const RUN_TOKEN_VARIABLE = "VARBENCH_RUN_TOKEN";

export function newRunToken(): string {
  return randomBytes(12).toString("hex");
}

/** SIGKILLs every process whose environment carries this run's token; returns how many were found. */
export function killEscapees(token: string): number {
  const marker = Buffer.from(`${RUN_TOKEN_VARIABLE}=${token}\0`);
  let found = 0;
  // Twice: a process caught forking between the look and the kill leaves a child for the second look.
  for (let pass = 0; pass < 2; pass++) {
    let pids: string[];
    try {
      pids = readdirSync("/proc").filter((p) => /^\d+$/.test(p));
    } catch {
      return found; // no /proc (not Linux): the process group kill is all there is
    }
    for (const pid of pids) {
      if (Number(pid) === process.pid) continue;
      let environ: Buffer;
      try {
        environ = readFileSync(`/proc/${pid}/environ`);
      } catch {
        continue; // gone, or another user's
      }
      if (environ.indexOf(marker) < 0) continue;
      try {
        process.kill(Number(pid), "SIGKILL");
        found++;
      } catch {
        // ended meanwhile
      }
    }
  }
  return found;
}
