// A profiler tool's version line, asked once per runner and recorded with each run.
import { execFileSync } from "node:child_process";

const versions = new Map<string, string>();

export function toolVersion(command: string, args: readonly string[] = ["--version"]): string {
  let v = versions.get(command);
  if (v === undefined) {
    try {
      v = execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] })
        .split("\n")[0]
        .trim();
    } catch {
      v = `${command} (not found)`;
    }
    versions.set(command, v);
  }
  return v;
}
