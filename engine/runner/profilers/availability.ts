// Which profilers this machine can run: the programs each one starts, looked
// for on the PATH as a spawn would, and, for the missing ones, how to install
// them on this system (from /etc/os-release). The launcher shows it, and a
// local campaign stops before its first run rather than failing every run.
import { accessSync, constants, readFileSync, statSync } from "node:fs";
import { delimiter, join } from "node:path";
import type { ProfilerName } from "../../campaign/spec.js";
import type { ProfilerAvailability } from "../../campaign/readModels.js";

/** The programs a profiler starts itself; time and sampler need only Varbench's own helper. */
const PROGRAMS: Readonly<Record<ProfilerName, readonly string[]>> = {
  time: [],
  sampler: [],
  uftrace: ["uftrace"],
  callgrind: ["valgrind"],
  gcov: ["gcov"],
  perf: ["perf"],
};

/** The package that holds a program, per family of systems. */
const PACKAGES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  debian: { uftrace: "uftrace", valgrind: "valgrind", gcov: "gcc", perf: "linux-perf" },
  ubuntu: { uftrace: "uftrace", valgrind: "valgrind", gcov: "gcc", perf: "linux-tools-generic" },
  fedora: { uftrace: "uftrace", valgrind: "valgrind", gcov: "gcc", perf: "perf" },
  arch: { uftrace: "uftrace", valgrind: "valgrind", gcov: "gcc", perf: "perf" },
};
const INSTALLERS: Readonly<Record<string, string>> = {
  debian: "sudo apt-get install",
  ubuntu: "sudo apt-get install",
  fedora: "sudo dnf install",
  arch: "sudo pacman -S",
};

export function programsOf(profiler: ProfilerName): readonly string[] {
  return PROGRAMS[profiler];
}

/** Whether `program` is an executable file in a folder of the PATH. */
export function onPath(program: string, path = process.env.PATH ?? ""): boolean {
  return path.split(delimiter).some((dir) => {
    if (dir === "") return false;
    const file = join(dir, program);
    try {
      accessSync(file, constants.X_OK);
      return statSync(file).isFile();
    } catch {
      return false;
    }
  });
}

/** The family of this system (debian, ubuntu, fedora, arch), from os-release's ID and ID_LIKE, or null. */
export function systemFamily(osRelease: string | null = readOsRelease()): string | null {
  if (osRelease === null) return null;
  const field = (key: string) => (new RegExp(`^${key}="?([^"\\n]*)"?$`, "m").exec(osRelease)?.[1] ?? "").split(/\s+/);
  return [...field("ID"), ...field("ID_LIKE")].find((id) => id in PACKAGES) ?? null;
}

/** The command that installs the programs, or words saying what to install where no installer is known. */
export function installHint(programs: readonly string[], family: string | null = systemFamily()): string {
  const packages = family === null ? null : [...new Set(programs.map((p) => PACKAGES[family][p] ?? p))];
  if (packages === null || family === null)
    return `install ${programs.join(", ")} with this system's package manager, then make sure it is on the PATH`;
  return `${INSTALLERS[family]} ${packages.join(" ")}`;
}

export function profilerAvailability(
  profiler: ProfilerName,
  path = process.env.PATH ?? "",
  family: string | null = systemFamily(),
): ProfilerAvailability {
  const missing = PROGRAMS[profiler].filter((p) => !onPath(p, path));
  return { name: profiler, missing, install: missing.length === 0 ? null : installHint(missing, family) };
}

/** Said when a profiler's programs are missing: what is missing and how to install it. */
export function missingMessage(a: ProfilerAvailability): string {
  return `the ${a.name} profiler needs ${a.missing.join(" and ")}, which ${a.missing.length === 1 ? "is" : "are"} not installed here (not on the PATH): ${a.install}`;
}

function readOsRelease(): string | null {
  for (const file of ["/etc/os-release", "/usr/lib/os-release"]) {
    try {
      return readFileSync(file, "utf8");
    } catch {
      // the next one, or none: not every system has it
    }
  }
  return null;
}
