// What a run ran on (issue 3): recorded with every run so results from
// different machines or states are never compared blindly.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus, hostname, loadavg, release } from "node:os";

export interface RunEnvironment {
  /** The machine's name: a tracer's calibration (runner/calibrate.ts) holds for runs of the machine it was measured on. */
  readonly host: string;
  readonly cpuModel: string | null;
  readonly cores: number;
  readonly kernel: string;
  readonly loadAverage: readonly number[];
  readonly frequencyGovernor: string | null;
  readonly gitRevision: string | null;
  readonly profiler: string;
}

/** The machine's CPUs, read once per runner (reading them costs half a millisecond). */
let cpuInfo: { model: string | null; cores: number } | undefined;

export function captureEnvironment(cwd: string, profiler: string): RunEnvironment {
  cpuInfo ??= { model: cpus()[0]?.model ?? null, cores: cpus().length };
  return {
    host: hostname(),
    cpuModel: cpuInfo.model,
    cores: cpuInfo.cores,
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

/** Per folder, read once per runner: asking git costs a process per run. */
const revisions = new Map<string, string | null>();

function gitRevision(cwd: string): string | null {
  let rev = revisions.get(cwd);
  if (rev === undefined) {
    try {
      rev = execFileSync("git", ["rev-parse", "HEAD"], {
        cwd,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      }).trim();
    } catch {
      rev = null; // not a git work tree, or no git
    }
    revisions.set(cwd, rev);
  }
  return rev;
}
