// What a run ran on (issue 3): recorded with every run so results from
// different machines or states are never compared blindly.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus, loadavg, release } from "node:os";

export interface RunEnvironment {
  readonly cpuModel: string | null;
  readonly cores: number;
  readonly kernel: string;
  readonly loadAverage: readonly number[];
  readonly frequencyGovernor: string | null;
  readonly gitRevision: string | null;
  readonly profiler: string;
}

export function captureEnvironment(cwd: string, profiler: string): RunEnvironment {
  return {
    cpuModel: cpus()[0]?.model ?? null,
    cores: cpus().length,
    kernel: release(),
    loadAverage: loadavg(),
    frequencyGovernor: readOrNull("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor"),
    gitRevision: gitRevision(cwd),
    profiler,
  };
}

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    return null;
  }
}

function gitRevision(cwd: string): string | null {
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return null; // not a git work tree, or no git
  }
}
