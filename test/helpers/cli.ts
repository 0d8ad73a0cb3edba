// Running the real `varbench` command as a user would.
import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./uftrace.js";

export interface CliResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

let built = false;

/** The command as users run it: the compiled CLI (built again first if the engine changed since). */
export function varbench(args: readonly string[], cwd = ROOT, env: NodeJS.ProcessEnv = process.env): CliResult {
  if (!built) {
    execFileSync(process.execPath, [join(ROOT, "build", "scripts", "build-engine.mjs")], { stdio: "inherit" });
    built = true;
  }
  const r = spawnSync(process.execPath, [join(ROOT, "bin", "varbench.js"), ...args], { cwd, env, encoding: "utf8" });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Every file under a folder with its size: what "the workspace is unchanged" compares. */
export function snapshot(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      const s = statSync(full);
      if (s.isDirectory()) walk(full);
      else if (!name.endsWith("-wal") && !name.endsWith("-shm")) out.push(`${full.slice(dir.length)} ${s.size}`);
    }
  };
  walk(dir);
  return out;
}
